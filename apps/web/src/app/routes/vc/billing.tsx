import { isPaidFundPlan } from '@fitscore/contracts';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { useCheckoutReturn } from '@/components/ui/billing';
import { useFundSubscription } from '@/features/vc-dashboard/api/billing';
import { FundBillingPanel } from '@/features/vc-dashboard/components/fund-billing';

/** /vc/billing: the fund's plan (trial or Pro), invoices and how to change the plan. */
export default function VcBillingPage() {
  const { data } = useFundSubscription();
  const checkoutReturn = useCheckoutReturn(data ? isPaidFundPlan(data.plan) : false);
  // Back from Stripe Checkout: read the plan again until Stripe's webhook has changed it.
  const query = useFundSubscription({ poll: checkoutReturn.poll });
  return (
    <Container className="max-w-5xl">
      <PageHeader title="Billing" subtitle="Your fund's plan, payments and invoices." />
      <QueryState query={query} label="Loading your plan">
        {(subscription) => <FundBillingPanel subscription={subscription} checkoutReturn={checkoutReturn} />}
      </QueryState>
    </Container>
  );
}
