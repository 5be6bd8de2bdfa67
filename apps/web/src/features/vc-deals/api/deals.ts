import {
  dealsEndpoints,
  dealTeamEndpoints,
  matchesEndpoints,
  PAGE_LIMIT_MAX,
  type Deal,
  type DealRowStatus,
  type DealStatus,
  type EndpointResponse,
} from '@fitscore/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listQuery, type PipelineView } from '../lib/filters';

type DealList = EndpointResponse<typeof dealsEndpoints.list>;
export type DealDetail = EndpointResponse<typeof dealsEndpoints.detail>;

/** The deals' keys (lib/query-keys.ts), with the members list the pipeline's Assign reads. */
export const dealKeys = { ...queryKeys.vc.deals, members: queryKeys.vc.members };

const PAGE_SIZE = 50;
const inFlight = (d: Deal) => d.scoring.state === 'queued' || d.scoring.state === 'running';

/** The pipeline, a page at a time over the server's keyset cursor. */
export function useDealList(view: PipelineView) {
  const query = listQuery(view);
  return useInfiniteQuery({
    queryKey: dealKeys.list(query),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        dealsEndpoints.list,
        {
          query: { ...query, limit: Math.min(PAGE_SIZE, PAGE_LIMIT_MAX), ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        },
        'Could not load your deals',
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A deal still being scored fills in by itself (its row shows the progress meanwhile).
    refetchInterval: (q) => (q.state.data?.pages[0]?.deals.some(inFlight) ? 4000 : false),
    placeholderData: (previous) => previous,
  });
}

export function useDealDetail(id: string) {
  return useQuery({
    queryKey: dealKeys.detail(id),
    queryFn: ({ signal }) =>
      callEndpoint(dealsEndpoints.detail, { params: { id }, signal }, 'Could not load this deal'),
    refetchInterval: (q) => (q.state.data && inFlight(q.state.data.deal) ? 3000 : false),
  });
}

/** How many deals of the tab have each filter option (shown beside the options). */
export function useDealFacets(status: DealRowStatus | undefined) {
  return useQuery({
    queryKey: dealKeys.facets(status),
    queryFn: ({ signal }) =>
      callEndpoint(
        dealsEndpoints.facets,
        { query: status ? { status } : {}, signal },
        'Could not load the filter counts',
      ),
    staleTime: 30_000,
  });
}

export function useMembers() {
  return useQuery({
    queryKey: dealKeys.members,
    queryFn: ({ signal }) => callEndpoint(dealTeamEndpoints.members, { signal }, 'Could not load your team'),
    staleTime: 60_000,
  });
}

type Lists = [readonly unknown[], InfiniteData<DealList, string> | undefined][];

/** Applies a change to one deal wherever it is cached: every list page and its detail. */
function patchDeal(
  client: QueryClient,
  id: string,
  patch: (deal: Deal) => Deal,
  counts?: (c: DealList['counts']) => DealList['counts'],
) {
  client.setQueriesData<InfiniteData<DealList, string>>({ queryKey: dealKeys.lists }, (data) => {
    if (!data) return data;
    const present = data.pages.some((p) => p.deals.some((d) => d.id === id));
    if (!present) return data;
    return {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        counts: counts ? counts(p.counts) : p.counts,
        deals: p.deals.map((d) => (d.id === id ? patch(d) : d)),
      })),
    };
  });
  client.setQueryData<DealDetail>(dealKeys.detail(id), (data) => (data ? { ...data, deal: patch(data.deal) } : data));
}

function snapshot(client: QueryClient, id: string) {
  const lists: Lists = client.getQueriesData<InfiniteData<DealList, string>>({ queryKey: dealKeys.lists });
  const detail = client.getQueryData<DealDetail>(dealKeys.detail(id));
  return () => {
    for (const [key, data] of lists) client.setQueryData(key, data);
    client.setQueryData(dealKeys.detail(id), detail);
  };
}

/**
 * Hot/Track/Cold: the row changes at once (and the tab counts with it); when the server
 * refuses, everything goes back as it was and the caller shows the error.
 */
export function useSetDealStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: DealStatus; from: Deal['status'] }) =>
      callEndpoint(
        dealsEndpoints.setStatus,
        { params: { id }, body: { status, note: '' } },
        'Could not move the deal. Please try again.',
      ),
    onMutate: async ({ id, status, from }) => {
      await client.cancelQueries({ queryKey: dealKeys.all });
      const rollback = snapshot(client, id);
      if (from !== status) {
        patchDeal(
          client,
          id,
          (d) => ({ ...d, status }),
          (c) => ({ ...c, ...(from !== 'new' ? { [from]: c[from] - 1 } : {}), [status]: c[status] + 1 }),
        );
      }
      return { rollback };
    },
    onError: (_err, _vars, context) => context?.rollback(),
    onSuccess: ({ deal }) => {
      patchDeal(client, deal.id, () => deal);
      // Other tabs and the history are read again when next shown.
      void client.invalidateQueries({ queryKey: dealKeys.all, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: dealKeys.detail(deal.id) });
      void client.invalidateQueries({ queryKey: dealKeys.facetsAll });
    },
  });
}

/** The reasons suggested for passing on a deal (its thesis mismatches and weak sub-scores), read when the Cold dialog opens. */
export function useDeclineReasons(id: string | null) {
  return useQuery({
    queryKey: dealKeys.declineReasons(id ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint(
        matchesEndpoints.declineReasons,
        { params: { id: id! }, signal },
        'Could not load the suggested reasons',
      ),
    enabled: id !== null,
  });
}

/**
 * Cold with reasons (a Platform or Form deal): like a status change, the row moves at once and
 * everything goes back when the server refuses; the founder sees the reasons, never the note.
 */
export function useDeclineDeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reasons, note }: { id: string; reasons: string[]; note: string; from: Deal['status'] }) =>
      callEndpoint(
        matchesEndpoints.decline,
        { params: { id }, body: { reasons, note } },
        'Could not move the deal. Please try again.',
      ),
    onMutate: async ({ id, from }) => {
      await client.cancelQueries({ queryKey: dealKeys.all });
      const rollback = snapshot(client, id);
      if (from !== 'cold') {
        patchDeal(
          client,
          id,
          (d) => ({ ...d, status: 'cold' }),
          (c) => ({ ...c, ...(from !== 'new' ? { [from]: c[from] - 1 } : {}), cold: c.cold + 1 }),
        );
      }
      return { rollback };
    },
    onError: (_err, _vars, context) => context?.rollback(),
    onSuccess: (_res, { id }) => {
      void client.invalidateQueries({ queryKey: dealKeys.all, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: dealKeys.detail(id) });
      void client.invalidateQueries({ queryKey: dealKeys.facetsAll });
    },
  });
}

export function useAssignDeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ownerId }: { id: string; ownerId: string | null }) =>
      callEndpoint(
        dealTeamEndpoints.assign,
        { params: { id }, body: { memberId: ownerId } },
        'Could not assign the deal. Please try again.',
      ),
    onSuccess: ({ deal }) => {
      patchDeal(client, deal.id, () => deal);
      void client.invalidateQueries({ queryKey: dealKeys.lists, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: dealKeys.facetsAll });
      void client.invalidateQueries({ queryKey: dealKeys.activity(deal.id) });
    },
  });
}

export function useMarkReviewed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(dealsEndpoints.markReviewed, { params: { id } }, 'Could not mark the deal as reviewed.'),
    onSuccess: ({ deal }) => {
      patchDeal(client, deal.id, () => deal);
      void client.invalidateQueries({ queryKey: dealKeys.activity(deal.id) });
    },
  });
}
