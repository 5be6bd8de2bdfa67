import { stagesEndpoints, type StagesBody } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The fund's own stages, in order. */
export function useFundStages() {
  return useQuery({
    queryKey: queryKeys.vc.stages,
    queryFn: ({ signal }) => callEndpoint(stagesEndpoints.list, { signal }, 'Could not load your stages'),
  });
}

/** Saves the admin's whole list; the board and the lists read their deals again (a removed stage's deals moved). */
export function useSaveStages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StagesBody) =>
      callEndpoint(stagesEndpoints.save, { body }, 'Could not save your stages. Please try again.'),
    onSuccess: (data) => {
      client.setQueryData(queryKeys.vc.stages, data);
      void client.invalidateQueries({ queryKey: queryKeys.vc.deals.all });
    },
  });
}
