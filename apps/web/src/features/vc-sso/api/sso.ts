import { ssoEndpoints, type SaveSsoBody } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The fund's single sign-on settings and SCIM tokens (admins only). */
export const useSsoSettings = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.vc.sso,
    queryFn: ({ signal }) => callEndpoint(ssoEndpoints.get, { signal }, 'Could not load your single sign-on settings'),
    enabled,
  });

export function useSaveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSsoBody) => callEndpoint(ssoEndpoints.save, { body }, 'Could not save the single sign-on settings'),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.vc.sso, data),
  });
}

export function useRemoveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(ssoEndpoints.remove, {}, 'Could not turn single sign-on off'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vc.sso }),
  });
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(ssoEndpoints.createScimToken, {}, 'Could not create the SCIM token'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vc.sso }),
  });
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(ssoEndpoints.revokeScimToken, { params: { id } }, 'Could not revoke the SCIM token'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.vc.sso }),
  });
}
