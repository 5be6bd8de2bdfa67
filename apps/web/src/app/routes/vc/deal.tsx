import { useParams } from 'react-router';
import { QueryState } from '@/components/layout/query-state';
import { Container } from '@/components/layout/page';
import { ScoreRing } from '@/features/fitscore/components/score-ring';
import { useDealDetail } from '@/features/vc-deals/api/deals';
import { DealView } from '@/features/vc-deals/components/deal-view';

/** /vc/deal/{id}: one deal of the fund (another fund's or an unknown id reads as not found). */
export default function VcDealPage() {
  const { id = '' } = useParams();
  const detail = useDealDetail(id);
  return (
    <Container>
      <QueryState query={detail} label="Loading the deal">
        {(data) => <DealView detail={data} renderScore={(score) => <ScoreRing score={score} size="md" />} />}
      </QueryState>
    </Container>
  );
}
