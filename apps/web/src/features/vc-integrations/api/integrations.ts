import { integrationsEndpoints, type SaveIntegrationsBody } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const keys = queryKeys.vc.integrations;

export const useIntegrationSettings = () =>
  useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => callEndpoint(integrationsEndpoints.get, { signal }, 'Could not load your alert settings'),
  });

/** Refreshes while open: queued alerts move from Sending to Sent or Failed as their retries run. */
export const useAlertDeliveries = () =>
  useQuery({
    queryKey: keys.deliveries,
    queryFn: ({ signal }) => callEndpoint(integrationsEndpoints.deliveries, { signal }, 'Could not load the deliveries'),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? 3_000 : 30_000),
  });

export function useSaveIntegrations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveIntegrationsBody) => callEndpoint(integrationsEndpoints.save, { body }, 'Could not save your alert settings'),
    onSuccess: (settings) => queryClient.setQueryData(keys.settings, settings),
  });
}

export function useSendTestAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(integrationsEndpoints.test, {}, 'Could not send the test'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.deliveries }),
  });
}
