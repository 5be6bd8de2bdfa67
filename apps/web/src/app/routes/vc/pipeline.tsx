import { FileUp, KanbanSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { DealsWorkspace } from '@/features/vc-deals/components/deals-workspace';

/** /vc/pipeline: every deal of the fund, searched, filtered and triaged on the server's data. */
export default function VcPipelinePage() {
  return (
    <Container>
      <DealsWorkspace
        title="Deal Pipeline"
        subtitle="Review and triage incoming deals"
        headerActions={
          <Button asChild variant="secondary">
            <Link to={paths.vc.importDeals}>
              <FileUp className="h-4 w-4" aria-hidden="true" />
              Import deals
            </Link>
          </Button>
        }
        empty={{
          icon: KanbanSquare,
          title: 'No deals match your current filters.',
          text: <p>Deals arrive from your apply form, email forwarding or Upload Deck &amp; Score on the dashboard, each scored with your weights.</p>,
        }}
      />
    </Container>
  );
}
