import { fundBillingEndpoints } from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { goToStripe } from '@/components/ui/billing';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const fundSubscriptionQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.billing,
    queryFn: ({ signal }) => callEndpoint(fundBillingEndpoints.subscription, { signal }, 'Could not load your plan'),
  });

/** The fund's plan; `poll` refetches every 2 s (after Checkout, until Stripe's webhook has changed the plan). */
export const useFundSubscription = ({ poll = false }: { poll?: boolean } = {}) =>
  useQuery({ ...fundSubscriptionQuery(), refetchInterval: poll ? 2000 : false });

/** Opens Stripe Checkout for Pro; the plan itself changes only when Stripe's webhook confirms the payment. */
export function useFundCheckout() {
  return useMutation({
    mutationFn: () => callEndpoint(fundBillingEndpoints.checkout, {}, 'Could not open the checkout. Please try again.'),
    onSuccess: ({ url }) => goToStripe(url),
  });
}

/** Opens Stripe's Billing Portal (card, cancellation, invoices) for the fund. */
export function useFundBillingPortal() {
  return useMutation({
    mutationFn: () => callEndpoint(fundBillingEndpoints.portal, {}, 'Could not open billing. Please try again.'),
    onSuccess: ({ url }) => goToStripe(url),
  });
}
