import type { DealStatus } from '@fitscore/contracts';
import { ArrowLeft, Eye, Flame, Snowflake } from 'lucide-react';
import { Link } from 'react-router';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EmptyDeals } from '@/features/vc-deals/components/empty-deals';

const STATUS = {
  hot: { title: 'Hot Deals', empty: 'No hot deals yet', mark: 'Hot', icon: Flame },
  track: { title: 'Tracked Deals', empty: 'No tracked deals yet', mark: 'Track', icon: Eye },
  cold: { title: 'Cold Deals', empty: 'No cold deals yet', mark: 'Cold', icon: Snowflake },
} as const satisfies Record<DealStatus, unknown>;

/** /vc/hot, /vc/track and /vc/cold: the deals in one status (none until deal intake exists). */
export function StatusDealsPage({ status }: { status: DealStatus }) {
  const { title, empty, mark, icon } = STATUS[status];
  return (
    <Container>
      <PageHeader
        title={title}
        actions={
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.vc.pipeline}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Back to Pipeline
            </Link>
          </Button>
        }
      />
      <EmptyDeals icon={icon} title={empty}>
        <p>Deals you mark {mark} appear here.</p>
      </EmptyDeals>
    </Container>
  );
}
