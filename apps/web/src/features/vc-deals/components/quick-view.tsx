import type { Deal, DealStatus } from '@fitscore/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDealDetail } from '../api/deals';
import { BlindNotice } from './blind-notice';
import { SOURCE_LABELS } from '../lib/labels';
import { whyChips } from '../lib/why';
import { DealTags } from './deal-tags';
import { FitScoreBar } from './fitscore-bar';
import { Recommendation } from './recommendation';
import { StatusButtons } from './status-buttons';
import { WhyChips } from './why-chips';

function Why({ dealId }: { dealId: string }) {
  const detail = useDealDetail(dealId);
  if (detail.isPending) return <Spinner label="Loading the evidence" className="text-brand-600" />;
  if (detail.isError) return <p className="text-sm text-red-700">{detail.error.message}</p>;
  if (!detail.data.analysis)
    return <p className="text-sm text-slate-500">The evidence appears once the deck is scored.</p>;
  return <WhyChips chips={whyChips(detail.data.analysis)} />;
}

/** Quick view of the selected deal: score, confidence, triage, why, recommendation, and the way to the deal page. */
export function QuickView({
  deal,
  onClose,
  onStatus,
}: {
  deal: Deal | null;
  onClose: () => void;
  onStatus: (deal: Deal, status: DealStatus) => void;
}) {
  return (
    <Dialog
      open={deal !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={deal?.startupName ?? ''}
      description={
        deal
          ? [deal.sector, deal.stage, deal.geography, SOURCE_LABELS[deal.source]].filter(Boolean).join(' · ')
          : undefined
      }
    >
      {deal?.hidden ? (
        <div className="space-y-5">
          <BlindNotice what="its FitScore and why" />
          <StatusButtons deal={deal} onSet={(s) => onStatus(deal, s)} />
          <Button asChild className="w-full">
            <Link to={paths.vc.deal(deal.id)}>
              View Full Details
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : deal ? (
        <div className="space-y-5">
          <div className="flex items-center gap-4">
            <div
              className="text-center"
              role="img"
              aria-label={deal.fitScore === null ? 'Not scored yet' : `FitScore ${deal.fitScore} out of 100`}
            >
              <p className="text-4xl font-bold text-slate-900">{deal.fitScore ?? '—'}</p>
              <p className="text-xs text-slate-500">FitScore</p>
            </div>
            <div className="flex-1 space-y-1">
              <FitScoreBar deal={deal} showScore={false} />
              {deal.confidence ? <p className="text-xs text-slate-600">{deal.confidence} confidence</p> : null}
            </div>
          </div>
          <DealTags tags={deal.tags} />
          <StatusButtons deal={deal} onSet={(s) => onStatus(deal, s)} />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">Why This Score</h3>
            <Why dealId={deal.id} />
          </div>
          {deal.fitScore !== null ? <Recommendation score={deal.fitScore} /> : null}
          <Button asChild className="w-full">
            <Link to={paths.vc.deal(deal.id)}>
              View Full Details
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
