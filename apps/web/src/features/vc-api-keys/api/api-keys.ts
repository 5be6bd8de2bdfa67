import { apiKeyEndpoints, type CreateApiKeyBody } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The fund's API keys (admins only: members are told who can manage them instead). */
export const useApiKeys = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.vc.apiKeys,
    queryFn: ({ signal }) => callEndpoint(apiKeyEndpoints.list, { signal }, 'Could not load your API keys'),
    enabled,
  });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => callEndpoint(apiKeyEndpoints.create, { body }, 'Could not create the API key'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vc.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(apiKeyEndpoints.revoke, { params: { id } }, 'Could not revoke the API key'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vc.apiKeys }),
  });
}
