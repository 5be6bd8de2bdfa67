import {
  formatShare,
  overallSharesOf,
  PREFERENCE_KEYS,
  PREFERENCE_LABELS,
  percentagesOf,
  WEIGHT_MAX,
  WEIGHT_MIN,
  withPreferenceWeights,
  type PreferenceValues,
  type ScoreWeights,
} from '@fitscore/contracts';
import { OverallShare } from './overall-share';
import { SliderField } from './slider-field';

/**
 * Onboarding step 2: six weights 1-10. Beside each, its percentage among the six (the Scoring
 * Preferences view) and, as on both settings screens, its share of a deal's overall FitScore
 * under the whole model (`model`: the nine, of which team, market and problem are kept).
 */
export function SixWeightsEditor({ value, model, onChange }: { value: PreferenceValues; model: ScoreWeights; onChange: (value: PreferenceValues) => void }) {
  const ofSix = percentagesOf(value);
  const overall = overallSharesOf(withPreferenceWeights(model, value));
  return (
    <div className="grid gap-x-10 gap-y-6 md:grid-cols-2">
      {PREFERENCE_KEYS.map((key) => (
        <SliderField
          key={key}
          label={PREFERENCE_LABELS[key]}
          min={WEIGHT_MIN}
          max={WEIGHT_MAX}
          value={value[key]}
          onChange={(v) => onChange({ ...value, [key]: v })}
          valueText={`${value[key]} of 10, ${ofSix[key]}% of the six, ${formatShare(overall[key])} of overall`}
          aside={
            <span className="flex flex-wrap items-baseline justify-end gap-2 tabular-nums">
              <span className="text-base font-bold text-slate-900">{value[key]}</span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700" data-testid={`share-${key}`} title="Share among these six">
                {ofSix[key]}%
              </span>
              <OverallShare share={overall[key]} testId={`overall-${key}`} />
            </span>
          }
        />
      ))}
    </div>
  );
}
