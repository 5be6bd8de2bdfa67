import { webhookEndpoints, type CreateWebhookEndpointBody, type UpdateWebhookEndpointBody } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The fund's webhook endpoints (admins only: members are told who can manage them instead). */
export const useWebhookEndpoints = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.vc.webhooks,
    queryFn: ({ signal }) => callEndpoint(webhookEndpoints.list, { signal }, 'Could not load your webhooks'),
    enabled,
  });

/** An endpoint's latest deliveries with their attempts; refreshed while any is still being retried. */
export const useWebhookDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: queryKeys.vc.webhookDeliveries(endpointId),
    queryFn: ({ signal }) =>
      callEndpoint(
        webhookEndpoints.deliveries,
        { params: { id: endpointId }, signal },
        'Could not load the deliveries',
      ),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 5000 : false),
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.vc.webhooks });
}

export function useCreateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateWebhookEndpointBody) =>
      callEndpoint(webhookEndpoints.create, { body }, 'Could not add the endpoint'),
    onSettled: invalidate,
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) =>
      callEndpoint(webhookEndpoints.update, { params: { id }, body }, 'Could not change the endpoint'),
    onSettled: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(webhookEndpoints.remove, { params: { id } }, 'Could not delete the endpoint'),
    onSettled: invalidate,
  });
}

export function useRotateWebhookSecret() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(webhookEndpoints.rotateSecret, { params: { id } }, 'Could not rotate the secret'),
    onSettled: invalidate,
  });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(webhookEndpoints.test, { params: { id } }, 'Could not send the test event'),
    onSettled: invalidate,
  });
}

export function useResendDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(webhookEndpoints.resend, { params: { id } }, 'Could not resend the delivery'),
    onSettled: invalidate,
  });
}
