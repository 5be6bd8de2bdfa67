import { dealsEndpoints, type DealFactsBody } from '@fitscore/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { dealKeys } from './deals';

/** Saves a member's correction of a deal's facts; the deal page, lists and filters read them again. */
export function useUpdateDealFacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, facts }: { id: string; facts: DealFactsBody }) =>
      callEndpoint(
        dealsEndpoints.updateFacts,
        { params: { id }, body: facts },
        'Could not save the deal’s facts. Please try again.',
      ),
    onSuccess: ({ deal }) => {
      void client.invalidateQueries({ queryKey: dealKeys.detail(deal.id) });
      void client.invalidateQueries({ queryKey: dealKeys.lists });
      void client.invalidateQueries({ queryKey: dealKeys.facetsAll });
    },
  });
}
