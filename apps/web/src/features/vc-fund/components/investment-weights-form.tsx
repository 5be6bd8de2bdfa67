import {
  DEFAULT_SCORE_WEIGHTS,
  FUND_WEIGHT_KEYS,
  overallSharesOf,
  SUB_SCORE_LABELS,
  WEIGHT_DESCRIPTIONS,
  WEIGHT_MAX,
  WEIGHT_MIN,
  type ScoreWeights,
} from '@fitscore/contracts';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { OverallShare } from './overall-share';
import { SliderField } from './slider-field';

export interface InvestmentWeightsFormProps {
  initial: ScoreWeights;
  onSave: (weights: ScoreWeights) => Promise<void>;
  onCancel: () => void;
  onReset: () => void;
  /** A member's view (only admins may change the model): the values, no Reset or Save. */
  readOnly?: boolean;
}

/** /vc/settings/weights: the fund's whole model, nine sliders 1-10. Nothing is stored until Save. */
export function InvestmentWeightsForm({ initial, onSave, onCancel, onReset, readOnly = false }: InvestmentWeightsFormProps) {
  const [weights, setWeights] = useState<ScoreWeights>(initial);
  const [saving, setSaving] = useState(false);
  const shares = overallSharesOf(weights);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await onSave(weights);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Investment weights" className="space-y-6">
      <fieldset disabled={readOnly} className="grid gap-x-10 gap-y-7 disabled:opacity-60 md:grid-cols-2">
        {FUND_WEIGHT_KEYS.map((key) => (
          <SliderField
            key={key}
            label={SUB_SCORE_LABELS[key]}
            description={WEIGHT_DESCRIPTIONS[key]}
            min={WEIGHT_MIN}
            max={WEIGHT_MAX}
            value={weights[key]}
            onChange={(v) => setWeights((w) => ({ ...w, [key]: v }))}
            valueText={`${weights[key]} of 10`}
            aside={
              <span className="flex items-baseline gap-2">
                <OverallShare share={shares[key]} testId={`overall-${key}`} />
                <span className="text-base font-bold text-slate-900 tabular-nums">
                  {weights[key]}
                  <span className="text-xs font-medium text-slate-500">/10</span>
                </span>
              </span>
            }
          />
        ))}
      </fieldset>
      {readOnly ? null : (
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <Button
            variant="ghost"
            onClick={() => {
              setWeights(DEFAULT_SCORE_WEIGHTS);
              onReset();
            }}
          >
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Reset to Defaults
          </Button>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Weights'}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
