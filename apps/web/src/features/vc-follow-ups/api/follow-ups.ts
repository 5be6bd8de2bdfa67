import { followUpsEndpoints, type DigestSettings, type FollowUpBody, type FollowUpEdit, type FollowUpRule } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the bell and the dashboard look again: a reminder falls due by the clock, not by an event. */
const DUE_REFRESH_MS = 60_000;

export function useDealFollowUps(dealId: string) {
  return useQuery({
    queryKey: queryKeys.vc.deals.followUps(dealId),
    queryFn: ({ signal }) => callEndpoint(followUpsEndpoints.ofDeal, { params: { id: dealId }, signal }, 'Could not load the follow-ups'),
  });
}

/** What is due for the member: their reminders whose time has come and the fund's idle deals. */
export function useDueFollowUps() {
  return useQuery({
    queryKey: queryKeys.vc.followUps.due,
    queryFn: ({ signal }) => callEndpoint(followUpsEndpoints.due, { signal }, 'Could not load your follow-ups'),
    refetchInterval: DUE_REFRESH_MS,
  });
}

/** A change to a reminder: the deal's list and what is due are read again. */
function useFollowUpMutation<T, R>(dealId: string, run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.vc.deals.followUps(dealId) }),
        client.invalidateQueries({ queryKey: queryKeys.vc.followUps.due }),
      ]),
  });
}

export const useAddFollowUp = (dealId: string) =>
  useFollowUpMutation(dealId, (body: FollowUpBody) =>
    callEndpoint(followUpsEndpoints.create, { params: { id: dealId }, body }, 'Could not add the follow-up. Please try again.'),
  );

export const useEditFollowUp = (dealId: string) =>
  useFollowUpMutation(dealId, ({ id, body }: { id: string; body: FollowUpEdit }) =>
    callEndpoint(followUpsEndpoints.update, { params: { id }, body }, 'Could not save the follow-up. Please try again.'),
  );

export const useCompleteFollowUp = (dealId: string) =>
  useFollowUpMutation(dealId, (id: string) =>
    callEndpoint(followUpsEndpoints.complete, { params: { id } }, 'Could not mark the follow-up done. Please try again.'),
  );

export const useDeleteFollowUp = (dealId: string) =>
  useFollowUpMutation(dealId, (id: string) =>
    callEndpoint(followUpsEndpoints.remove, { params: { id } }, 'Could not delete the follow-up. Please try again.'),
  );

export function useFollowUpRule() {
  return useQuery({
    queryKey: queryKeys.vc.followUps.rule,
    queryFn: ({ signal }) => callEndpoint(followUpsEndpoints.rule, { signal }, 'Could not load the follow-up rule'),
  });
}

export function useSaveFollowUpRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FollowUpRule) => callEndpoint(followUpsEndpoints.saveRule, { body }, 'Could not save the rule. Please try again.'),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.vc.followUps.rule, data);
      void client.invalidateQueries({ queryKey: queryKeys.vc.followUps.due });
    },
  });
}

export function useDigestSettings() {
  return useQuery({
    queryKey: queryKeys.vc.followUps.digest,
    queryFn: ({ signal }) => callEndpoint(followUpsEndpoints.digest, { signal }, 'Could not load your digest email setting'),
  });
}

export function useSaveDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DigestSettings) => callEndpoint(followUpsEndpoints.saveDigest, { body }, 'Could not save your digest email setting. Please try again.'),
    onSuccess: (data) => client.setQueryData(queryKeys.vc.followUps.digest, data),
  });
}
