import { SUB_SCORE_LABELS, type FitScoreViewAnalysis } from '@fitscore/contracts';
import { plural } from '@/lib/plural';

/** The Top 3 Do-Next: each tied to a weak dimension, with what to add and the points it is worth. */
export function DoNextList({ analysis }: { analysis: FitScoreViewAnalysis }) {
  const items = analysis.doNext.slice(0, 3);
  if (items.length === 0) return <p className="text-sm text-slate-500">Nothing pressing: every dimension is in good shape.</p>;
  return (
    <ol className="space-y-4">
      {items.map((item, i) => (
        <li key={item.dimension + i} className="flex gap-3">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white" aria-hidden="true">
            {i + 1}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold text-slate-900">{item.title}</p>
              {item.gain > 0 ? (
                <span className="text-sm font-semibold text-emerald-700">+{plural(item.gain, 'FitScore point')}</span>
              ) : null}
            </div>
            <p className="text-xs font-medium text-slate-500">{SUB_SCORE_LABELS[item.dimension]}</p>
            <p className="mt-1 text-sm text-slate-700">{item.detail}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
