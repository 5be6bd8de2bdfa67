import type { DealActivity as Event } from '@fitscore/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { QueryError } from '@/components/layout/query-state';
import { cn } from '@/lib/cn';
import { useDealActivity } from '../api/comments';
import { formatDateTime } from '../lib/labels';

const DOT: Record<Event['kind'], string> = {
  received: 'bg-slate-400',
  scored: 'bg-brand-500',
  status: 'bg-amber-500',
  assigned: 'bg-violet-500',
  reviewed: 'bg-emerald-500',
  commented: 'bg-sky-500',
  comment_edited: 'bg-sky-300',
  comment_deleted: 'bg-slate-300',
};

/** How many events show before 'Show all'. */
const FIRST = 12;

/** The deal's activity log, newest first: what happened, who did it and when. */
export function DealActivity({ dealId }: { dealId: string }) {
  const query = useDealActivity(dealId);
  return (
    <Card>
      <section aria-labelledby="activity-title">
        <CardHeader>
          <CardTitle id="activity-title">Activity</CardTitle>
        </CardHeader>
        <CardBody>
          {query.isPending ? (
            <Spinner label="Loading the activity" />
          ) : query.isError ? (
            <QueryError query={query} />
          ) : (
            <ActivityList events={query.data.activity} />
          )}
        </CardBody>
      </section>
    </Card>
  );
}

function ActivityList({ events }: { events: Event[] }) {
  const [all, setAll] = useState(false);
  if (events.length === 0) return <p className="text-sm text-slate-500">Nothing yet.</p>;
  const shown = all ? events : events.slice(0, FIRST);
  return (
    <>
      <ol className="relative space-y-3 border-l border-slate-200 pl-4" aria-label="Activity">
        {shown.map((e) => (
          <li key={e.id} className="relative text-sm">
            <span
              className={cn('absolute top-1.5 -left-[1.3rem] h-2 w-2 rounded-full ring-2 ring-white', DOT[e.kind])}
              aria-hidden="true"
            />
            <p className="text-slate-800">
              {e.text}
              {e.by ? <span className="text-slate-500"> by {e.by.name}</span> : null}
            </p>
            {e.note ? <p className="text-slate-600">“{e.note}”</p> : null}
            <p className="text-xs text-slate-500">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </p>
          </li>
        ))}
      </ol>
      {events.length > FIRST ? (
        <Button variant="link" size="sm" className="mt-3" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${events.length}`}
        </Button>
      ) : null}
    </>
  );
}
