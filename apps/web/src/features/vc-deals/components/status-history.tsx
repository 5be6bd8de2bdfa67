import { DEAL_STATUS_LABELS, type DealStatus } from '@fitscore/contracts';
import type { DealDetail } from '../api/deals';
import { formatDateTime } from '../lib/labels';

const label = (s: DealStatus | 'new') => (s === 'new' ? 'New' : DEAL_STATUS_LABELS[s]);

/** Every status change: from, to, who, when and the note. */
export function StatusHistory({ history }: { history: DealDetail['history'] }) {
  if (history.length === 0) return <p className="text-sm text-slate-500">Not triaged yet.</p>;
  return (
    <ol className="space-y-2">
      {history.map((h, i) => (
        <li key={i} className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">
            {label(h.from)} → {label(h.to)}
          </span>{' '}
          <span className="text-slate-500">
            by {h.by?.name || 'a former member'} · {formatDateTime(h.at)}
          </span>
          {h.note ? <p className="text-slate-600">“{h.note}”</p> : null}
        </li>
      ))}
    </ol>
  );
}
