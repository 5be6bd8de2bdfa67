import type { DueFollowUps } from '@fitscore/contracts';
import { BellRing, Check, Clock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useCompleteFollowUp, useDueFollowUps } from '../api/follow-ups';
import { formatDue } from '../lib/due-time';

export const NOTHING_DUE = 'Nothing due. Reminders you set on deals appear here when their time comes.';

const days = (n: number) => plural(n, 'day');

function DueReminder({ reminder: r }: { reminder: DueFollowUps['reminders'][number] }) {
  const complete = useCompleteFollowUp(r.dealId);
  const toast = useToast();
  const label = r.note || 'Follow up';
  return (
    <li className="flex items-start justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <Link to={paths.vc.deal(r.dealId)} className="text-sm font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline">
          {r.startupName}
        </Link>
        <p className="text-sm break-words text-slate-700">{label}</p>
        <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
          <Clock className="h-3 w-3" aria-hidden="true" />
          Due {formatDue(r.dueAt)}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0"
        aria-label={`Mark done: ${label} (${r.startupName})`}
        disabled={complete.isPending}
        onClick={() =>
          complete.mutate(r.id, {
            onSuccess: () => toast.success('Follow-up done'),
            onError: (err) => toast.error(errorMessage(err, 'Could not mark the follow-up done.')),
          })
        }
      >
        <Check className="h-4 w-4" aria-hidden="true" />
        Done
      </Button>
    </li>
  );
}

/** The member's due reminders and the fund's deals idle past its rule, each linking to its deal. */
export function DueFollowUpsList({ due }: { due: DueFollowUps }) {
  if (!due.count) return <p className="text-sm text-slate-600">{NOTHING_DUE}</p>;
  const more = due.count - due.reminders.length - due.idle.length;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Follow-ups due">
      {due.reminders.map((r) => (
        <DueReminder key={r.id} reminder={r} />
      ))}
      {due.idle.map((d) => (
        <li key={d.dealId} className="py-2.5">
          <Link to={paths.vc.deal(d.dealId)} className="text-sm font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline">
            {d.startupName}
          </Link>
          <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
            <Badge tone="amber">No touch in {days(d.idleDays)}</Badge>
            <span>{d.stageName}</span>
          </p>
        </li>
      ))}
      {more > 0 ? <li className="py-2.5 text-xs text-slate-500">And {more} more idle deals.</li> : null}
    </ul>
  );
}

/** The bell panel's group: shown only while something is due. */
export function DueFollowUpsGroup() {
  const due = useDueFollowUps().data;
  if (!due?.count) return null;
  return (
    <section aria-label="Follow-ups due" className="mb-5">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Follow-ups due</h3>
      <DueFollowUpsList due={due} />
    </section>
  );
}

/** What the bell adds: how many follow-ups are due, in words, and their group for its panel. */
export function useDueForBell() {
  const count = useDueFollowUps().data?.count ?? 0;
  return { count, label: `${count} ${count === 1 ? 'follow-up' : 'follow-ups'} due`, group: <DueFollowUpsGroup /> };
}

/** The dashboard's 'Follow-ups due' card. */
export function FollowUpsDueCard() {
  const titleId = useId();
  const query = useDueFollowUps();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="items-center">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <BellRing className="h-4 w-4 text-brand-600" aria-hidden="true" />
          Follow-ups due
        </CardTitle>
        {query.data?.count ? <Badge tone="red">{query.data.count}</Badge> : null}
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Spinner label="Loading follow-ups" />
        ) : query.isError ? (
          <div role="alert" className="space-y-2 text-sm text-slate-600">
            <p>{query.error.message}</p>
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <DueFollowUpsList due={query.data} />
        )}
      </CardBody>
    </Card>
  );
}
