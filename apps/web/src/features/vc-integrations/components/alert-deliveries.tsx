import { ALERT_EVENT_LABELS, ALERT_TARGET_LABELS, type AlertDelivery, type AlertDeliveryStatus } from '@fitscore/contracts';
import { BellRing } from 'lucide-react';
import { QueryState } from '@/components/layout/query-state';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useAlertDeliveries } from '../api/integrations';

const STATUS: Record<AlertDeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Sending', tone: 'brand' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  skipped: { label: 'Not sent', tone: 'neutral' },
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const kindLabel = (d: AlertDelivery) => (d.kind === 'test' ? 'Test' : ALERT_EVENT_LABELS[d.kind]);

/** What the service answered: its status and the start of its body, or why no answer came. */
function Answer({ d }: { d: AlertDelivery }) {
  if (d.status === 'sent' && d.attempts <= 1) return null;
  // Skipped: never tried; the reason (the plan) is the body.
  if (d.status === 'skipped') return <p className="text-xs break-words text-slate-500">{d.responseBody}</p>;
  const tries = d.attempts === 1 ? '1 try' : `${d.attempts} tries`;
  const said = d.responseStatus !== null ? `answered ${d.responseStatus}${d.responseBody ? `: ${d.responseBody}` : ''}` : (d.responseBody ?? 'no answer yet');
  return (
    <p className={`text-xs break-words ${d.status === 'failed' ? 'text-red-700' : 'text-slate-500'}`}>
      {tries} · {said}
    </p>
  );
}

function Row({ d }: { d: AlertDelivery }) {
  const status = STATUS[d.status];
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_8rem_1fr_auto] sm:items-center sm:gap-4">
      <time dateTime={d.createdAt} className="text-xs text-slate-500 sm:text-sm">
        {dateTime.format(new Date(d.createdAt))}
      </time>
      <span className="text-sm font-medium text-slate-700">{ALERT_TARGET_LABELS[d.target]}</span>
      <div className="min-w-0">
        <p className="truncate text-sm text-slate-900">
          {d.title} <span className="text-slate-500">· {kindLabel(d)}</span>
        </p>
        <Answer d={d} />
      </div>
      <Badge tone={status.tone} className="justify-self-start">
        {status.label}
      </Badge>
    </li>
  );
}

/** The last 50 messages sent to Slack and Teams, newest first, with what each service answered. */
export function AlertDeliveries({ allowed = true }: { allowed?: boolean }) {
  const deliveries = useAlertDeliveries();
  return (
    <QueryState query={deliveries} label="Loading the deliveries">
      {({ deliveries: list }) =>
        list.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <BellRing className="h-6 w-6 text-slate-400" aria-hidden="true" />
            <p className="mt-2 text-sm text-slate-600">
              {allowed ? 'No alerts sent yet. Save a webhook URL and use Send test to check it.' : 'No alerts sent yet.'}
            </p>
          </div>
        ) : (
          <ul aria-label="Alert deliveries" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {list.map((d) => (
              <Row key={d.id} d={d} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
