import { billingEndpoints } from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { goToStripe } from '@/components/ui/billing';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.subscription, { signal }, 'Could not load your plan'),
  });

/** The founder's plan; `poll` refetches every 2 s (after Checkout, until Stripe's webhook has changed the plan). */
export const useSubscription = ({ poll = false }: { poll?: boolean } = {}) => useQuery({ ...subscriptionQuery(), refetchInterval: poll ? 2000 : false });

/** Opens Stripe Checkout for Premium; the plan itself changes only when Stripe's webhook confirms the payment. */
export function useCheckout() {
  return useMutation({
    mutationFn: () => callEndpoint(billingEndpoints.checkout, {}, 'Could not open the checkout. Please try again.'),
    onSuccess: ({ url }) => goToStripe(url),
  });
}

/** Opens Stripe's Billing Portal (card, cancellation, invoices). */
export function useBillingPortal() {
  return useMutation({
    mutationFn: () => callEndpoint(billingEndpoints.portal, {}, 'Could not open billing. Please try again.'),
    onSuccess: ({ url }) => goToStripe(url),
  });
}
