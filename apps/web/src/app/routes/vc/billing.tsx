import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { useFundSubscription } from '@/features/vc-dashboard/api/billing';
import { FundBillingPanel } from '@/features/vc-dashboard/components/fund-billing';

/** /vc/billing: the fund's plan (trial or Pro), invoices and the plan change. */
export default function VcBillingPage() {
  const query = useFundSubscription();
  return (
    <Container className="max-w-5xl">
      <PageHeader title="Billing" subtitle="Your fund's plan, payments and invoices." />
      <QueryState query={query} label="Loading your plan">
        {(subscription) => <FundBillingPanel subscription={subscription} />}
      </QueryState>
    </Container>
  );
}
