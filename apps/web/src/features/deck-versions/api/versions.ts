import { founderEndpoints, versionEndpoints, type ScoringRun } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every kept deck version with its latest score. */
export function useDeckVersions() {
  return useQuery({
    queryKey: queryKeys.founder.versions,
    queryFn: ({ signal }) => callEndpoint(versionEndpoints.deckVersions, { signal }),
  });
}

/** What changed from version `withId` to version `id`; off until both are chosen. */
export function useCompareVersions(id: string | null, withId: string | null) {
  return useQuery({
    queryKey: queryKeys.founder.compare(id ?? 'none', withId ?? 'none'),
    enabled: Boolean(id && withId),
    queryFn: ({ signal }) => callEndpoint(versionEndpoints.compareVersions, { params: { id: id! }, query: { with: withId! }, signal }),
    retry: false,
  });
}

/** Scores one kept version again under the current engine; returns the run to follow. */
export function useRescoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(versionEndpoints.rescoreVersion, { params: { id } }, 'Scoring failed. Please try again.'),
    onSuccess: ({ run }) => queryClient.setQueryData(queryKeys.founder.run(run.id), { run }),
  });
}

/**
 * Follows a re-score until it ends; `onEnd` hears how it ended once, and what shows versions,
 * comparisons, progress and the score is read again.
 */
export function useRescoreRun(id: string | null, onEnd: (run: ScoringRun) => void) {
  const queryClient = useQueryClient();
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  return useQuery({
    queryKey: queryKeys.founder.run(id ?? 'none'),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const result = await callEndpoint(founderEndpoints.scoringRun, { params: { id: id! }, signal });
      if (result.run.status === 'done' || result.run.status === 'failed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.founder.versions });
        void queryClient.invalidateQueries({ queryKey: queryKeys.founder.progress });
        void queryClient.invalidateQueries({ queryKey: queryKeys.founder.score });
        onEndRef.current(result.run);
      }
      return result;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.run.status;
      return status === 'done' || status === 'failed' ? false : 600;
    },
  });
}

/** The 30-second brief of the dashboard's score (under the score's key: a new score reads it again). */
export function useInvestorBrief() {
  return useQuery({
    queryKey: queryKeys.founder.brief,
    queryFn: ({ signal }) => callEndpoint(versionEndpoints.investorBrief, { signal }),
  });
}
