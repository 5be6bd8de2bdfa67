import { founderEndpoints, type MetricUpdate } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useMetrics() {
  return useQuery({
    queryKey: queryKeys.founder.metrics,
    queryFn: ({ signal }) => callEndpoint(founderEndpoints.metrics, { signal }),
  });
}

export function useUpdateMetrics(fallbackError = 'Failed to update metrics') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: MetricUpdate) => callEndpoint(founderEndpoints.updateMetrics, { body: changes }, fallbackError),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.founder.metrics, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.founder.profile });
    },
  });
}
