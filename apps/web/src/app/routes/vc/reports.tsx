import { Container, PageHeader } from '@/components/layout/page';
import { ReportsScreen } from '@/features/vc-reports/components/reports-screen';

/** /vc/reports: the fund's deal flow as charts a partner looks at, each exportable as PNG and CSV. */
export default function VcReportsPage() {
  return (
    <Container>
      <PageHeader title="Reports" subtitle="Where your deals come from, how far they go and how fast you decide" />
      <ReportsScreen />
    </Container>
  );
}
