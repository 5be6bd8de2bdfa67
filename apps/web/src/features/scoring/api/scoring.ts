import { founderEndpoints } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useStartScoring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(founderEndpoints.startScoring, {}, 'Scoring failed. Please try again.'),
    onSuccess: ({ run }) => queryClient.setQueryData(queryKeys.founder.run(run.id), { run }),
  });
}

/** Follows one scoring until it ends; the stages and percentage are the job's own. */
export function useScoringRun(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.founder.run(id ?? 'none'),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const result = await callEndpoint(founderEndpoints.scoringRun, { params: { id: id! }, signal });
      if (result.run.status === 'done' || result.run.status === 'failed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.founder.progress });
        void queryClient.invalidateQueries({ queryKey: queryKeys.founder.score });
      }
      return result;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.run.status;
      return status === 'done' || status === 'failed' ? false : 600;
    },
  });
}

export function useLatestScore() {
  return useQuery({
    queryKey: queryKeys.founder.score,
    queryFn: ({ signal }) => callEndpoint(founderEndpoints.latestScore, { signal }),
  });
}

export function useRubric() {
  return useQuery({
    queryKey: queryKeys.founder.rubric,
    queryFn: ({ signal }) => callEndpoint(founderEndpoints.rubric, { signal }),
    staleTime: Infinity,
  });
}
