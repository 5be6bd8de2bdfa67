import { SUB_SCORE_KEYS, SUB_SCORE_LABELS, subScoreTone } from '@fitscore/contracts';
import { FileText } from 'lucide-react';
import type { DealDetail } from '../api/deals';
import { cn } from '@/lib/cn';
import { PageLink } from './page-link';

const BAR = { green: 'bg-emerald-500', yellow: 'bg-yellow-400', orange: 'bg-orange-500', red: 'bg-red-500' } as const;

/** The nine sub-scores under the fund's weights, each with its summary and evidence linked to its pages. */
export function DealSubScores({
  analysis,
  onPage,
}: {
  analysis: NonNullable<DealDetail['analysis']>;
  onPage: (page: number) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {SUB_SCORE_KEYS.map((key) => {
        const sub = analysis.subScores[key];
        return (
          <li key={key} className="py-3">
            <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5 sm:grid-cols-[11rem_1fr_auto]">
              <h3 className="text-sm font-semibold text-slate-800">
                {SUB_SCORE_LABELS[key]} <span className="font-normal text-slate-500">· weight {sub.weight}</span>
              </h3>
              <span
                className="relative order-last col-span-2 h-2 overflow-hidden rounded-full bg-slate-100 sm:order-none sm:col-span-1"
                aria-hidden="true"
              >
                <span
                  className={cn('absolute inset-y-0 left-0 rounded-full', BAR[subScoreTone(sub.score)])}
                  style={{ width: `${sub.score * 10}%` }}
                />
              </span>
              <span className="text-right text-sm font-bold text-slate-900">{sub.score}/10</span>
            </div>
            <p className="mt-1.5 text-sm text-slate-700">{sub.summary}</p>
            {sub.evidence.length > 0 ? (
              <ul className="mt-1.5 space-y-1" aria-label={`${SUB_SCORE_LABELS[key]} evidence`}>
                {sub.evidence.map((e, i) => (
                  <li key={i} className="flex gap-2 text-sm text-slate-600">
                    <FileText className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                    <span className="flex-1">“{e.quote}”</span>
                    <PageLink page={e.page} onPage={onPage} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-slate-500">No evidence was found for this dimension in the deck.</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
