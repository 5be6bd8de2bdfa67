import { DEAL_STATUS_LABELS, type DealStatus } from '@fitscore/contracts';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { QueryError } from '@/components/layout/query-state';
import { useTeamViews } from '../api/blind-look';
import { formatDateTime } from '../lib/labels';
import { BlindNotice } from './blind-notice';

const TONE: Record<DealStatus, 'red' | 'amber' | 'brand'> = { hot: 'red', track: 'amber', cold: 'brand' };

/** 'Team views': each member's own Hot/Track/Cold on the deal and when (hidden until the member's own in a blind stage). */
export function TeamViews({ dealId }: { dealId: string }) {
  const query = useTeamViews(dealId);
  return (
    <Card role="region" aria-labelledby="team-views-title">
      <CardHeader>
        <CardTitle id="team-views-title">Team views</CardTitle>
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Spinner label="Loading the team's views" />
        ) : query.isError ? (
          <QueryError query={query} />
        ) : query.data.hidden ? (
          <BlindNotice what="your teammates' views" />
        ) : query.data.views.length === 0 ? (
          <p className="text-sm text-slate-500">No one has given their view yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Team views">
            {query.data.views.map((v) => (
              <li key={v.member.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{v.member.name}</span>
                  <time dateTime={v.at} className="text-xs text-slate-500">
                    {formatDateTime(v.at)}
                  </time>
                </span>
                <Badge tone={TONE[v.vote]}>{DEAL_STATUS_LABELS[v.vote]}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
