import { teamEndpoints, type FundMemberRole } from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const teamQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.team,
    queryFn: ({ signal }) => callEndpoint(teamEndpoints.get, { signal }, 'Could not load your team'),
  });

export const useTeam = () => useQuery(teamQuery());

/** Each change answers with little: the list is read again (and the Assign list with it). */
function useTeamMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vc.members }),
      ]),
  });
}

export const useCreateInvite = () =>
  useTeamMutation((body: { email: string | null; role: FundMemberRole }) =>
    callEndpoint(teamEndpoints.invite, { body }, 'Could not create the invite'),
  );

export const useRevokeInvite = () =>
  useTeamMutation((id: string) =>
    callEndpoint(teamEndpoints.revokeInvite, { params: { id } }, 'Could not revoke the invite'),
  );

export const useRemoveMember = () =>
  useTeamMutation((id: string) =>
    callEndpoint(teamEndpoints.removeMember, { params: { id } }, 'Could not remove the member'),
  );

export const useSetMemberRole = () =>
  useTeamMutation(({ id, role }: { id: string; role: FundMemberRole }) =>
    callEndpoint(teamEndpoints.updateMember, { params: { id }, body: { role } }, 'Could not change the role'),
  );

/** Joins the invite's fund; everything cached about "my fund" is read again afterwards. */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callEndpoint(teamEndpoints.join, { body: { token } }, 'Could not join the fund'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.vc.all }),
  });
}

/** The fund an invite link is for (public: the join page names it before anyone signs in). */
export const useInvitePreview = (token: string) =>
  useQuery({
    // A local key (the shared query keys are another change's): the invite is read once per page.
    queryKey: queryKeys.invitePreview(token),
    queryFn: () => callEndpoint(teamEndpoints.invitePreview, { body: { token } }, 'Could not read the invite'),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
