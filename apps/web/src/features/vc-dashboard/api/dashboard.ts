import {
  dealInsightEndpoints,
  dealsEndpoints,
  NOTIFICATION_EVENT,
  notificationsEndpoints,
  type Deal,
  type NotificationAction,
  type NotificationEvent,
} from '@fitscore/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '@/lib/api-client';
import { useServerEvent } from '@/lib/server-events';
import { queryKeys } from '@/lib/query-keys';

/** Every deal query of the investor side starts with this key: an upload or a review refreshes them all. */
const DEALS = queryKeys.vc.deals.all;
const RECENT_COUNT = 5;
/** How often a deal still being scored is asked about again. */
export const SCORING_POLL_MS = 1500;

const inFlight = (deal: Deal) => deal.scoring.state === 'queued' || deal.scoring.state === 'running';

export const latestDealQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.deals.latest,
    queryFn: ({ signal }) => callEndpoint(dealsEndpoints.latestDeal, { signal }, 'Could not load the latest deal'),
  });

/** The newest deals with their scoring state; asked again while one is still being scored. */
export const recentDealsQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.deals.recent,
    queryFn: ({ signal }) =>
      callEndpoint(dealsEndpoints.list, { query: { sort: '-date', limit: RECENT_COUNT }, signal }, 'Could not load your deals'),
    refetchInterval: (query) => (query.state.data?.deals.some(inFlight) ? SCORING_POLL_MS : false),
  });

export const weeklyDealsQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.deals.weekly,
    queryFn: ({ signal }) => callEndpoint(dealInsightEndpoints.weekly, { signal }, 'Could not load the deals per week'),
  });

/** The fund's median days to a decision; under the deals key, so a status change reads it again. */
export const decisionTimeQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.deals.decisionTime,
    queryFn: ({ signal }) => callEndpoint(dealInsightEndpoints.decisionTime, { signal }, 'Could not load the time to decision'),
  });

export const notificationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.vc.notifications,
    queryFn: ({ signal }) => callEndpoint(notificationsEndpoints.list, { signal }, 'Could not load your notifications'),
  });

export const useLatestDeal = () => useQuery(latestDealQuery());
/** The recent deals; when one of them finishes scoring, the latest scored startup is asked again. */
export function useRecentDeals() {
  const query = useQuery(recentDealsQuery());
  const queryClient = useQueryClient();
  const scored = query.data?.deals
    .filter((d) => d.scoring.state === 'done')
    .map((d) => d.id)
    .join(',');
  const seen = useRef(scored);
  useEffect(() => {
    if (seen.current !== undefined && scored !== seen.current) void queryClient.invalidateQueries({ queryKey: latestDealQuery().queryKey });
    seen.current = scored;
  }, [scored, queryClient]);
  return query;
}
export const useWeeklyDeals = () => useQuery(weeklyDealsQuery());
export const useDecisionTime = () => useQuery(decisionTimeQuery());
/** The member's notifications, kept current by the server's live `notification` events. */
export function useNotifications() {
  const queryClient = useQueryClient();
  useServerEvent<NotificationEvent>(NOTIFICATION_EVENT, () => {
    void queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey });
  });
  return useQuery(notificationsQuery());
}

/** Acts on a notification; the list, and the deals a Hot/Track or an approved intro changed, are read again. */
export function useNotificationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, question }: { id: string; action: NotificationAction; question?: string }) =>
      callEndpoint(notificationsEndpoints.act, { params: { id, action }, body: question ? { question } : {} }, 'That action could not be completed. Please try again.'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: DEALS });
    },
  });
}

export interface DealUpload {
  companyName: string;
  stage: string;
  sector: string;
  file: File;
}

function useDealsMutation<V>(call: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEALS }),
  });
}

/** Upload Deck & Score: answers at once with the queued deal; its scoring is followed by the recent deals. */
export const useUploadDeal = () =>
  useDealsMutation(({ companyName, stage, sector, file }: DealUpload) => {
    const form = new FormData();
    form.append('companyName', companyName);
    form.append('stage', stage);
    form.append('sector', sector);
    form.append('file', file, file.name);
    return callEndpoint(dealsEndpoints.upload, { body: form }, 'Upload failed. Please try again.');
  });

export const useRetryScoring = () =>
  useDealsMutation((id: string) =>
    callEndpoint(dealInsightEndpoints.retryScoring, { params: { id } }, 'Scoring failed. Please try again.'),
  );

export const useMarkReviewed = () =>
  useDealsMutation((id: string) => callEndpoint(dealsEndpoints.markReviewed, { params: { id } }, 'Could not mark the deal as reviewed'));
