import { billingEndpoints, type PlanId } from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: ['billing', 'subscription'],
    queryFn: ({ signal }) => callEndpoint(billingEndpoints.subscription, { signal }, 'Could not load your plan'),
  });

export const useSubscription = () => useQuery(subscriptionQuery());

/** Switches plan; the answer is the new subscription, so the page shows it without another call. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) =>
      callEndpoint(billingEndpoints.changePlan, { body: { plan } }, 'Could not change your plan'),
    onSuccess: (subscription) => queryClient.setQueryData(subscriptionQuery().queryKey, subscription),
    onError: () => queryClient.invalidateQueries({ queryKey: subscriptionQuery().queryKey }),
  });
}
