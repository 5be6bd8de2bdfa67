import { HIDDEN_UNTIL_VOTE, recommendationOf } from '@fitscore/contracts';
import { ArrowRight, CheckCircle2, Inbox, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { QueryError } from '@/components/layout/query-state';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useLatestDeal, useMarkReviewed } from '../api/dashboard';
import { SOURCE_LABELS, formatDay } from '../lib/labels';

export const NO_SCORED_DEALS = 'No scored startups yet. Connect Email/Webhook or share your form link.';

/** 'Latest Scored Startup': the fund's newest scored deal, to open or mark as reviewed. */
export function LatestDealCard() {
  const query = useLatestDeal();
  const markReviewed = useMarkReviewed();
  const toast = useToast();
  const deal = query.data?.deal ?? null;

  return (
    <Card className="flex flex-col" aria-labelledby="latest-deal-title">
      <CardHeader>
        <CardTitle id="latest-deal-title">Latest Scored Startup</CardTitle>
      </CardHeader>
      <CardBody className="flex flex-1 flex-col gap-4">
        {query.isPending ? (
          <Spinner label="Loading the latest deal" />
        ) : query.isError ? <QueryError query={query} /> : !deal || (deal.fitScore === null && !deal.hidden) ? (
          <div className="flex items-start gap-3">
            <span className="rounded-xl bg-slate-100 p-2 text-slate-500" aria-hidden="true">
              <Inbox className="h-5 w-5" />
            </span>
            <p className="text-sm text-slate-600">{NO_SCORED_DEALS}</p>
          </div>
        ) : (
          <>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link
                  to={paths.vc.deal(deal.id)}
                  className="text-lg font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
                  data-testid="latest-deal-name"
                >
                  {deal.startupName}
                </Link>
                <p className="mt-0.5 text-xs text-slate-500">Scored {formatDay(deal.scoredAt ?? deal.date)}</p>
              </div>
              {deal.fitScore === null ? (
                // Blind first look: the score shows once this member gives their own view.
                <p className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-slate-500">
                  <Lock className="h-3.5 w-3.5" aria-hidden="true" />
                  {HIDDEN_UNTIL_VOTE}
                </p>
              ) : (
              <div className="shrink-0 text-right">
                <p className="text-3xl font-bold text-slate-900 tabular-nums" aria-label={`FitScore ${deal.fitScore}`}>
                  {deal.fitScore}
                </p>
                <Badge tone={recommendationOf(deal.fitScore).tone}>{recommendationOf(deal.fitScore).label}</Badge>
                {deal.confidence ? <p className="mt-1 text-xs text-slate-500">{deal.confidence} confidence</p> : null}
              </div>
              )}
            </div>
            <ul className="flex flex-wrap gap-1.5" aria-label="About this deal">
              <li>
                <Badge tone="brand">{SOURCE_LABELS[deal.source]}</Badge>
              </li>
              {[deal.sector, deal.stage, deal.geography].filter(Boolean).map((chip) => (
                <li key={chip}>
                  <Badge>{chip}</Badge>
                </li>
              ))}
            </ul>
            <div className="mt-auto flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link to={paths.vc.deal(deal.id)}>
                  View Deal
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </Button>
              {deal.reviewedAt ? (
                <span className="inline-flex items-center gap-1.5 px-2 text-sm font-medium text-emerald-700">
                  <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                  Reviewed
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={markReviewed.isPending}
                  onClick={() =>
                    markReviewed.mutate(deal.id, { onError: (err) => toast.error(errorMessage(err, 'Could not mark the deal as reviewed')) })
                  }
                >
                  Mark as Reviewed
                </Button>
              )}
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}
