import { SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ScoreRing } from '@/features/fitscore/components/score-ring';
import { useDealDetail } from '@/features/vc-deals/api/deals';
import { DealView } from '@/features/vc-deals/components/deal-view';
import { useAuth } from '@/features/auth/auth-provider';
import { FollowUpsPanel } from '@/features/vc-follow-ups/components/follow-ups-panel';

/** /vc/deal/{id}: one deal of the fund (another fund's or an unknown id reads as not found). */
export default function VcDealPage() {
  const { id = '' } = useParams();
  const detail = useDealDetail(id);
  const { user } = useAuth();
  return (
    <Container>
      <QueryState query={detail} label="Loading the deal" notFound={<DealNotFound />}>
        {(data) => (
          <DealView
            detail={data}
            renderScore={(score) => <ScoreRing score={score} size="md" />}
            renderFollowUps={(members) => <FollowUpsPanel dealId={data.deal.id} members={members} myId={user?.id} />}
          />
        )}
      </QueryState>
    </Container>
  );
}

function DealNotFound() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <SearchX className="h-8 w-8 text-slate-500" aria-hidden="true" />
      <h1 className="text-lg font-semibold text-slate-900">Deal not found</h1>
      <p className="text-sm text-slate-600">This deal does not exist or is not in your fund’s pipeline. Its link may be mistyped, or the deal was removed.</p>
      <Button asChild>
        <Link to={paths.vc.pipeline}>Back to the pipeline</Link>
      </Button>
    </div>
  );
}
