import { seenBeforeEndpoints } from '@fitscore/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { dealKeys } from './deals';

/** What the fund saw and decided before the company came back (under the deal's key: a change to the deal reads it again). */
export function useSeenBefore(dealId: string, enabled: boolean) {
  return useQuery({
    queryKey: dealKeys.seenBefore(dealId),
    queryFn: ({ signal }) =>
      callEndpoint(seenBeforeEndpoints.get, { params: { id: dealId }, signal }, 'Could not load what the fund saw before'),
    enabled,
  });
}
