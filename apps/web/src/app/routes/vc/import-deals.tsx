import { Container, PageHeader } from '@/components/layout/page';
import { ImportDeals } from '@/features/vc-import/components/import-deals';

/** /vc/pipeline/import: the fund's existing deal flow from a CSV export (issue 31 point 5). */
export default function VcImportDealsPage() {
  return (
    <Container>
      <PageHeader title="Import deals" subtitle="Bring your existing deal flow from a CSV export" />
      <ImportDeals />
    </Container>
  );
}
