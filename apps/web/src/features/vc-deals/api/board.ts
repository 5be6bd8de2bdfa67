import { dealsEndpoints, stagesEndpoints, type Deal, type DealBoard, type FundStage } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { listQuery, type PipelineView } from '../lib/filters';
import { dealKeys } from './deals';

/** The board's query: the table's filters and search (no tab, no sort: a column is newest first). */
export function boardQuery(view: PipelineView) {
  const { status: _status, sort: _sort, ...filters } = listQuery(view);
  return filters;
}
export type BoardQuery = ReturnType<typeof boardQuery>;

/** The fund's own stages, in order (the board's columns). */
export function useStages() {
  return useQuery({
    queryKey: queryKeys.vc.stages,
    queryFn: ({ signal }) => callEndpoint(stagesEndpoints.list, { signal }, 'Could not load your stages'),
    staleTime: 60_000,
  });
}

export function useDealBoard(query: BoardQuery, enabled: boolean) {
  return useQuery({
    queryKey: dealKeys.board(query),
    queryFn: ({ signal }) => callEndpoint(stagesEndpoints.board, { query, signal }, 'Could not load the board'),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** The next page of one column: the list narrowed to the stage, from the column's cursor. */
export function fetchColumnPage(client: QueryClient, stageId: string, query: BoardQuery, cursor: string) {
  return client.fetchQuery({
    queryKey: dealKeys.boardColumn(stageId, query, cursor),
    queryFn: ({ signal }) =>
      callEndpoint(
        dealsEndpoints.list,
        { query: { ...query, pipelineStage: [stageId], sort: '-date', limit: 30, cursor }, signal },
        'Could not load more deals',
      ),
    staleTime: 10_000,
  });
}

export interface MoveToStage {
  deal: Deal;
  from: FundStage;
  to: FundStage;
  reasons?: string[];
  note?: string;
}

/** The deal moved to the stage as the board shows it at once; the card goes back if the server refuses. */
function patchBoards(client: QueryClient, { deal, from, to }: MoveToStage) {
  const moved: Deal = { ...deal, pipelineStageId: to.id, status: to.triage };
  client.setQueriesData<DealBoard>({ queryKey: dealKeys.boards }, (board) =>
    board && board.columns
      ? {
          columns: board.columns.map((c) => {
            const had = c.deals.some((d) => d.id === deal.id);
            if (c.stage.id === to.id)
              return {
                ...c,
                count: c.count + (c.stage.id === from.id ? 0 : 1),
                deals: [moved, ...c.deals.filter((d) => d.id !== deal.id)],
              };
            if (c.stage.id === from.id || had)
              return {
                ...c,
                count: c.count - (c.stage.id === from.id ? 1 : 0),
                deals: c.deals.filter((d) => d.id !== deal.id),
              };
            return c;
          }),
        }
      : board,
  );
}

/** A move on the board: optimistic, rolled back (the caller shows the error) when the server refuses. */
export function useMoveToStage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ deal, to, reasons, note }: MoveToStage) =>
      callEndpoint(
        stagesEndpoints.move,
        { params: { id: deal.id }, body: { stageId: to.id, ...(reasons ? { reasons } : {}), note: note ?? '' } },
        'Could not move the deal. Please try again.',
      ),
    onMutate: async (move) => {
      await client.cancelQueries({ queryKey: dealKeys.boards });
      const before = client.getQueriesData<DealBoard>({ queryKey: dealKeys.boards });
      patchBoards(client, move);
      return { rollback: () => before.forEach(([key, data]) => client.setQueryData(key, data)) };
    },
    onError: (_err, _move, context) => context?.rollback(),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: dealKeys.boards });
      void client.invalidateQueries({ queryKey: dealKeys.lists, refetchType: 'none' });
      void client.invalidateQueries({ queryKey: dealKeys.facetsAll });
    },
    onSuccess: (_res, { deal }) => void client.invalidateQueries({ queryKey: dealKeys.detail(deal.id) }),
  });
}
