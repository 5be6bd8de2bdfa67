import { versionEndpoints } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
