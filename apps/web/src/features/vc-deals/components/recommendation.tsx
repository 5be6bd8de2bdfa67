import { cn } from '@/lib/cn';
import { RECOMMENDATION_BANDS, recommendationOf } from '@fitscore/contracts';

const TONE = {
  'Strong Match': 'bg-emerald-600 text-white',
  Consider: 'bg-amber-500 text-white',
  'Weak Match': 'bg-red-600 text-white',
} as const;

/** Recommendation: Strong Match (80+), Consider (60-79), Weak Match (below 60); the deal's band is marked. */
export function Recommendation({ score }: { score: number }) {
  const current = recommendationOf(score);
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">Recommendation</h3>
      <ol className="grid grid-cols-3 gap-2" aria-label="Recommendation bands">
        {RECOMMENDATION_BANDS.map((band) => {
          const active = band.label === current.label;
          return (
            <li
              key={band.label}
              aria-current={active ? 'true' : undefined}
              className={cn(
                'rounded-lg px-2 py-2 text-center text-xs font-semibold',
                active ? TONE[band.label] : 'bg-slate-100 text-slate-500',
              )}
            >
              <span className="block">{band.label}</span>
              <span className="block font-normal opacity-80">{band.range}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
