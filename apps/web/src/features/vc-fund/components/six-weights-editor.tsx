import { PREFERENCE_KEYS, PREFERENCE_LABELS, percentagesOf, WEIGHT_MAX, WEIGHT_MIN, type PreferenceValues } from '@fitscore/contracts';
import { SliderField } from './slider-field';

/** Onboarding step 2: six weights 1-10, each with the share of the score it gives (the Scoring Preferences view). */
export function SixWeightsEditor({ value, onChange }: { value: PreferenceValues; onChange: (value: PreferenceValues) => void }) {
  const shares = percentagesOf(value);
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
          valueText={`${value[key]} of 10, ${shares[key]}% of the score`}
          aside={
            <span className="flex items-baseline gap-2 tabular-nums">
              <span className="text-base font-bold text-slate-900">{value[key]}</span>
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700" data-testid={`share-${key}`}>
                {shares[key]}%
              </span>
            </span>
          }
        />
      ))}
    </div>
  );
}
