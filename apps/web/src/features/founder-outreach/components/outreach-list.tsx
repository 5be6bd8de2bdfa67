import { OUTREACH_CHANNEL_LABELS, OUTREACH_STATUS_LABELS, timeToDecision, type OutreachRow, type OutreachStatus } from '@fitscore/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<OutreachStatus, BadgeTone> = {
  received: 'neutral',
  under_review: 'brand',
  passed: 'red',
  intro_accepted: 'green',
};

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** One fund: how the deck reached it, when, what the fund shares, and its reasons if it passed. */
function OutreachItem({ row }: { row: OutreachRow }) {
  const headingId = `outreach-${row.fundId}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {row.fundName}
        </h2>
        <Badge tone={TONES[row.status]}>
          <span className="sr-only">Status: </span>
          {OUTREACH_STATUS_LABELS[row.status]}
        </Badge>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Channel</dt>
          <dd className="font-medium text-slate-800">{row.channels.map((c) => OUTREACH_CHANNEL_LABELS[c]).join(', ')}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Sent</dt>
          <dd className="font-medium text-slate-800">
            <time dateTime={row.sentAt}>{day.format(new Date(row.sentAt))}</time>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Time to decision</dt>
          <dd className="font-medium text-slate-800">{row.decidedAt ? timeToDecision(row.sentAt, row.decidedAt) : 'No decision yet'}</dd>
        </div>
      </dl>
      {row.status === 'passed' ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          {row.declineReasons.length > 0 ? (
            <>
              <p className="font-medium text-slate-800">The fund’s reasons</p>
              <ul aria-label={`Reasons ${row.fundName} gave`} className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
                {row.declineReasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-slate-700">The fund passed without giving reasons.</p>
          )}
        </div>
      ) : null}
    </li>
  );
}

export function OutreachList({ rows }: { rows: OutreachRow[] }) {
  return (
    <ul aria-label="Funds your deck reached" className="space-y-3">
      {rows.map((row) => (
        <OutreachItem key={row.fundId} row={row} />
      ))}
    </ul>
  );
}
