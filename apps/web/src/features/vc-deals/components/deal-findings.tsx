import { SUB_SCORE_LABELS } from '@fitscore/contracts';
import { AlertTriangle, Flag } from 'lucide-react';
import type { DealDetail } from '../api/deals';
import { PageLink } from './page-link';

type Analysis = NonNullable<DealDetail['analysis']>;

/** Weak dimensions and the contradictions the engine found in the deck (red flags, with their page). */
export function RisksAndRedFlags({ analysis, onPage }: { analysis: Analysis; onPage: (page: number) => void }) {
  if (analysis.risks.length === 0 && analysis.redFlags.length === 0)
    return <p className="text-sm text-slate-500">No risks or red flags were found.</p>;
  return (
    <ul className="space-y-3">
      {analysis.redFlags.map((f, i) => (
        <li key={`f${i}`} className="flex gap-3">
          <Flag className="mt-0.5 h-5 w-5 shrink-0 text-red-600" aria-hidden="true" />
          <div className="flex-1">
            <p className="text-xs font-semibold tracking-wide text-red-700 uppercase">Red flag</p>
            <p className="text-sm text-slate-700">
              {f.message} <PageLink page={f.page} onPage={onPage} />
            </p>
          </div>
        </li>
      ))}
      {analysis.risks.map((r, i) => (
        <li key={`r${i}`} className="flex gap-3">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
          <div>
            <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">
              {SUB_SCORE_LABELS[r.dimension]}
            </p>
            <p className="text-sm text-slate-700">{r.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
