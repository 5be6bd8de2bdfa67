import { isPaidFundPlan } from '@fitscore/contracts';
import { QueryState } from '@/components/layout/query-state';
import { Container, PageHeader } from '@/components/layout/page';
import { useCheckoutReturn } from '@/components/ui/billing';
import { useFundSubscription } from '@/features/vc-dashboard/api/billing';
import { FundBillingPanel } from '@/features/vc-dashboard/components/fund-billing';
import { useFundRole } from '@/app/use-fund-role';

/** /vc/billing: the fund's plan (trial or Pro), invoices and how to change the plan. */
export default function VcBillingPage() {
  const { data } = useFundSubscription();
  const checkoutReturn = useCheckoutReturn(data ? isPaidFundPlan(data.plan) : false);
  // Back from Stripe Checkout: read the plan again until Stripe's webhook has changed it.
  const query = useFundSubscription({ poll: checkoutReturn.poll });
  const role = useFundRole();
  return (
    <Container className="max-w-5xl">
      <PageHeader title="Billing" subtitle="Your fund's plan, payments and invoices." />
      <QueryState query={query} label="Loading your plan">
        {(subscription) => <FundBillingPanel subscription={subscription} admins={role.admins} checkoutReturn={checkoutReturn} />}
      </QueryState>
    </Container>
  );
}
