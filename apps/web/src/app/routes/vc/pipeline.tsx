import { Flame, KanbanSquare, Snowflake, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { Container, PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EmptyDeals } from '@/features/vc-deals/components/empty-deals';

/** The pipeline has no deals until deal intake exists; it shows that, with no filters over nothing. */
export default function VcPipelinePage() {
  return (
    <Container>
      <PageHeader
        title="Deal Pipeline"
        subtitle="Review and triage incoming deals"
        actions={
          <nav aria-label="Deals by status" className="flex flex-wrap gap-2">
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.vc.hot}>
                <Flame className="h-4 w-4 text-orange-600" aria-hidden="true" />
                Hot
              </Link>
            </Button>
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.vc.track}>
                <Eye className="h-4 w-4 text-brand-600" aria-hidden="true" />
                Track
              </Link>
            </Button>
            <Button asChild variant="secondary" size="sm">
              <Link to={paths.vc.cold}>
                <Snowflake className="h-4 w-4 text-sky-600" aria-hidden="true" />
                Cold
              </Link>
            </Button>
          </nav>
        }
      />
      <EmptyDeals icon={KanbanSquare} title="No deals match your current filters.">
        <p>Deals arrive here once deal intake is switched on for your fund, each scored with your weights.</p>
      </EmptyDeals>
    </Container>
  );
}
