import { accountEndpoints, type ChangePasswordBody } from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const sessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.account.sessions,
    queryFn: ({ signal }) => callEndpoint(accountEndpoints.listSessions, { signal }, 'Could not load your sessions'),
  });

export const twoFactorQuery = () =>
  queryOptions({
    queryKey: queryKeys.account.twoFactor,
    queryFn: ({ signal }) =>
      callEndpoint(accountEndpoints.twoFactorStatus, { signal }, 'Could not load two-factor settings'),
  });

export const useSessions = () => useQuery(sessionsQuery());
export const useTwoFactorStatus = () => useQuery(twoFactorQuery());

/** Changes the password; the server ends every other session, so the list is refreshed. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      callEndpoint(accountEndpoints.changePassword, { body }, 'Failed to update password'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(accountEndpoints.revokeSession, { params: { id } }, 'Could not sign out that session'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callEndpoint(accountEndpoints.revokeOtherSessions, {}, 'Could not sign out the other sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
  });
}

export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: () => callEndpoint(accountEndpoints.twoFactorSetup, {}, 'Could not start two-factor setup'),
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      callEndpoint(accountEndpoints.twoFactorEnable, { body: { code } }, 'Could not turn on two-factor authentication'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQuery().queryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) =>
      callEndpoint(accountEndpoints.twoFactorDisable, { body }, 'Could not turn off two-factor authentication'),
    onSuccess: (status) => queryClient.setQueryData(twoFactorQuery().queryKey, status),
  });
}
