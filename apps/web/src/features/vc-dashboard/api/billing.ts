import { buildPath, fundBillingEndpoints, type FundPlanId } from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, authHeader, callEndpoint, readError } from '@/lib/api-client';

export const fundSubscriptionQuery = () =>
  queryOptions({
    queryKey: ['vc', 'billing'],
    queryFn: ({ signal }) => callEndpoint(fundBillingEndpoints.subscription, { signal }, 'Could not load your plan'),
  });

export const useFundSubscription = () => useQuery(fundSubscriptionQuery());

/** Upgrade to Pro or back to the trial; the deals' plan (trial counter, limits) changes with it. */
export function useChangeFundPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: FundPlanId) => callEndpoint(fundBillingEndpoints.changePlan, { body: { plan } }, 'Could not change your plan'),
    onSuccess: (subscription) => queryClient.setQueryData(fundSubscriptionQuery().queryKey, subscription),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['vc', 'deals'] }),
  });
}

/** Downloads one invoice's PDF (the token goes in a header, so a plain link cannot do it). */
export async function downloadInvoice(id: string, number: string): Promise<void> {
  const response = await fetch(apiUrl(buildPath(fundBillingEndpoints.invoicePdf.path, { id })), { headers: authHeader() });
  if (!response.ok) throw await readError(response, 'Could not download the invoice. Please try again.');
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `FitScore-invoice-${number}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
