import { blindLookEndpoints, type BlindLookBody } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The fund's 'Blind first look' setting. */
export function useBlindLook() {
  return useQuery({
    queryKey: queryKeys.vc.blindLook,
    queryFn: ({ signal }) => callEndpoint(blindLookEndpoints.settings, { signal }, 'Could not load the blind first look setting'),
  });
}

/** The admin's switch and stages; every deal is read again (what each member sees may change). */
export function useSaveBlindLook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BlindLookBody) =>
      callEndpoint(blindLookEndpoints.save, { body }, 'Could not save the blind first look. Please try again.'),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.vc.blindLook, saved);
      void client.invalidateQueries({ queryKey: queryKeys.vc.deals.all });
    },
  });
}
