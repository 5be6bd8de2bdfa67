import {
  applyPercentages,
  NON_PREFERENCE_KEYS,
  overallSharesOf,
  PREFERENCE_KEYS,
  PREFERENCE_LABELS,
  PREFERENCES_TOTAL_MESSAGE,
  preferencesToWire,
  ScoringPreferencesBodySchema,
  SUB_SCORE_LABELS,
  type PreferenceKey,
  type PreferenceValues,
  type ScoreWeights,
} from '@fitscore/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { OverallShare } from './overall-share';
import { SliderField } from './slider-field';

type Draft = Record<PreferenceKey, string>;
const toDraft = (v: PreferenceValues): Draft =>
  Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, String(v[k])])) as Draft;
const toNumbers = (d: Draft): PreferenceValues =>
  Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, d[k].trim() === '' ? Number.NaN : Number(d[k])])) as PreferenceValues;

function PercentRow({ label, value, onChange, share, shareKey }: { label: string; value: string; onChange: (v: string) => void; share: number; shareKey: string }) {
  const inputId = useId();
  const n = Number(value);
  const sliderValue = Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0;
  return (
    <SliderField
      label={label}
      labelFor={inputId}
      min={0}
      max={100}
      value={sliderValue}
      onChange={(v) => onChange(String(v))}
      valueText={`${sliderValue}%`}
      aside={
        <div className="flex items-center gap-2">
        <OverallShare share={share} testId={`overall-${shareKey}`} />
        <div className="relative w-24">
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="pr-8 text-right tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500" aria-hidden="true">
            %
          </span>
        </div>
        </div>
      }
    />
  );
}

/**
 * Settings 'Scoring Preferences': how the six split among themselves, as percentages. Save is
 * possible only when they total 100; the server stores them as 1-10 weights of the fund's one
 * model (`model`, the nine) and answers what it stored. Beside each, the dimension's share of
 * the overall FitScore as the model would hold it, the figure Investment Weights shows too;
 * team, market and problem/solution (set on Investment Weights) are listed with theirs.
 * `readOnly`: a member's view (only admins may change the model): the values, no Save.
 */
export function ScoringPreferencesForm({
  initial,
  model,
  onSave,
  readOnly = false,
}: {
  initial: PreferenceValues;
  model: ScoreWeights;
  onSave: (values: PreferenceValues) => Promise<void>;
  readOnly?: boolean;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [saving, setSaving] = useState(false);
  const numbers = toNumbers(draft);
  const total = PREFERENCE_KEYS.reduce((sum, k) => sum + (Number.isFinite(numbers[k]) ? numbers[k] : 0), 0);
  const parsed = ScoringPreferencesBodySchema.safeParse(preferencesToWire(numbers));
  const fieldProblem = parsed.success ? null : parsed.error.issues.find((i) => i.path.length > 0)?.message;
  const totalOk = total === 100;
  const totalId = useId();
  // What saving would store (the server applies the same rule); the stored model while the split is not valid.
  const shares = overallSharesOf(parsed.success ? applyPercentages(model, numbers) : model);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return;
    setSaving(true);
    try {
      await onSave(numbers);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Scoring preferences" className="space-y-6">
      <fieldset disabled={readOnly} className="grid gap-x-10 gap-y-6 disabled:opacity-60 md:grid-cols-2">
        {PREFERENCE_KEYS.map((key) => (
          <PercentRow
            key={key}
            label={PREFERENCE_LABELS[key]}
            value={draft[key]}
            onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))}
            share={shares[key]}
            shareKey={key}
          />
        ))}
      </fieldset>
      <div
        id={totalId}
        aria-live="polite"
        className={cn(
          'flex flex-col gap-1 rounded-xl px-4 py-3 ring-1 sm:flex-row sm:items-center sm:justify-between',
          totalOk && !fieldProblem ? 'bg-emerald-50 ring-emerald-200' : 'bg-red-50 ring-red-200',
        )}
      >
        <p className="text-sm font-semibold text-slate-900">
          Total: <span className={cn('tabular-nums', totalOk ? 'text-emerald-800' : 'text-red-700')}>{total}%</span>
        </p>
        {!totalOk ? <p className="text-sm font-medium text-red-700">{PREFERENCES_TOTAL_MESSAGE}</p> : null}
        {totalOk && fieldProblem ? <p className="text-sm font-medium text-red-700">{fieldProblem}</p> : null}
      </div>
      <div className="rounded-xl px-4 py-3 ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">Also in the overall, set on Investment Weights:</p>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2" aria-label="Dimensions set on Investment Weights">
          {NON_PREFERENCE_KEYS.map((key) => (
            <li key={key} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
              {SUB_SCORE_LABELS[key]} <OverallShare share={shares[key]} testId={`overall-${key}`} />
            </li>
          ))}
        </ul>
      </div>
      {readOnly ? null : (
        <div className="flex justify-end border-t border-slate-200 pt-5">
          <Button type="submit" disabled={!parsed.success || saving} aria-describedby={totalId}>
            {saving ? 'Saving...' : 'Save Scoring Preferences'}
          </Button>
        </div>
      )}
    </form>
  );
}
