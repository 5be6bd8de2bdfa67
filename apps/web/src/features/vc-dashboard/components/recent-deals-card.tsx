import { recommendationOf, type Deal } from '@fitscore/contracts';
import { AlertTriangle, Loader2, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useRecentDeals, useRetryScoring } from '../api/dashboard';
import { SOURCE_LABELS, formatDay } from '../lib/labels';

function ScoringState({ deal }: { deal: Deal }) {
  const retry = useRetryScoring();
  const toast = useToast();
  const { state, error } = deal.scoring;
  if (state === 'done' && deal.fitScore !== null) {
    const band = recommendationOf(deal.fitScore);
    return (
      <span className="flex items-center gap-2">
        <span className="text-lg font-bold text-slate-900 tabular-nums">{deal.fitScore}</span>
        <Badge tone={band.tone}>{band.label}</Badge>
      </span>
    );
  }
  if (state === 'failed') {
    return (
      <div className="flex flex-col items-start gap-2 sm:items-end">
        <p role="alert" className="flex items-start gap-1.5 text-xs font-medium text-red-700 sm:max-w-64 sm:text-right">
          <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {error ?? 'Scoring failed. Please try again.'}
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={retry.isPending}
          aria-label={`Retry scoring ${deal.startupName}`}
          onClick={() =>
            retry.mutate(deal.id, { onError: (err) => toast.error(errorMessage(err, 'Scoring failed. Please try again.')) })
          }
        >
          <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  return (
    <span role="status" className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
      <Loader2 className="h-4 w-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {state === 'running' ? 'Scoring...' : 'Queued for scoring'}
    </span>
  );
}

/** The newest deals as they arrive: a deal uploaded here shows at once and fills in when scored. */
export function RecentDealsCard() {
  const query = useRecentDeals();
  const deals = query.data?.deals ?? [];
  if (deals.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Deals</CardTitle>
      </CardHeader>
      <CardBody className="p-0 sm:p-0">
        <ul className="divide-y divide-slate-100" aria-label="Recent deals">
          {deals.map((deal) => (
            <li key={deal.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:px-6 sm:items-center sm:justify-between" data-testid="recent-deal">
              <div className="min-w-0">
                <Link to={paths.vc.deal(deal.id)} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
                  {deal.startupName}
                </Link>
                <p className="mt-0.5 text-xs text-slate-500">
                  {[SOURCE_LABELS[deal.source], deal.sector, deal.stage, formatDay(deal.date)].filter(Boolean).join(' · ')}
                </p>
              </div>
              <ScoringState deal={deal} />
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
