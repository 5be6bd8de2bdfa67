import { founderEndpoints, type FounderProfile } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useProfile() {
  return useQuery({
    queryKey: queryKeys.founder.profile,
    queryFn: ({ signal }) => callEndpoint(founderEndpoints.getProfile, { signal }),
  });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: FounderProfile) => callEndpoint(founderEndpoints.saveProfile, { body: profile }, 'Failed to save profile'),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.founder.profile, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.founder.progress });
      void queryClient.invalidateQueries({ queryKey: queryKeys.founder.metrics });
    },
  });
}
