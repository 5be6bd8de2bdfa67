import { founderOutreachEndpoints, type OutreachSettings } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Every fund the founder's company reached, with the status each fund shares. */
export const useFounderOutreach = () =>
  useQuery({
    queryKey: queryKeys.founder.outreach,
    queryFn: ({ signal }) => callEndpoint(founderOutreachEndpoints.list, { signal }, 'Could not load where your deck went'),
  });

/** The fund's choice: do founders see 'Under review'? */
export const useOutreachSettings = () =>
  useQuery({
    queryKey: queryKeys.vc.founderOutreach,
    queryFn: ({ signal }) => callEndpoint(founderOutreachEndpoints.settings, { signal }, 'Could not load what founders see'),
  });

export function useSaveOutreachSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showUnderReview: boolean) => callEndpoint(founderOutreachEndpoints.save, { body: { showUnderReview } }, 'Could not save what founders see'),
    // A load of the setting still in flight (a refetch on focus) would answer with the old value
    // after the save and flip the box back: it is cancelled before the save starts.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.vc.founderOutreach }),
    onSuccess: (data: OutreachSettings) => queryClient.setQueryData(queryKeys.vc.founderOutreach, data),
  });
}
