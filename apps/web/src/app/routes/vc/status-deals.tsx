import type { DealStatus } from '@fitscore/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DealsWorkspace } from '@/features/vc-deals/components/deals-workspace';
import { STATUS_ICONS } from '@/features/vc-deals/components/status-buttons';

const STATUS = {
  hot: { title: 'Hot Deals', empty: 'No hot deals yet', mark: 'Hot' },
  track: { title: 'Tracked Deals', empty: 'No tracked deals yet', mark: 'Track' },
  cold: { title: 'Cold Deals', empty: 'No cold deals yet', mark: 'Cold' },
} as const satisfies Record<DealStatus, unknown>;

/** /vc/hot, /vc/track and /vc/cold: the pipeline's table for the deals in one status. */
export function StatusDealsPage({ status }: { status: DealStatus }) {
  const { title, empty, mark } = STATUS[status];
  return (
    <Container>
      <DealsWorkspace
        key={status}
        title={title}
        fixedStatus={status}
        empty={{ icon: STATUS_ICONS[status], title: empty, text: <p>Deals you mark {mark} appear here.</p> }}
        headerActions={
          <Button asChild variant="secondary">
            <Link to={paths.vc.pipeline}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Back to Pipeline
            </Link>
          </Button>
        }
      />
    </Container>
  );
}
