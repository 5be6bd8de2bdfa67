import { blindLookEndpoints } from '@fitscore/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { dealKeys } from './deals';

/** 'Team views': each member's own Hot/Track/Cold on the deal. */
export function useTeamViews(dealId: string) {
  return useQuery({
    queryKey: dealKeys.views(dealId),
    queryFn: ({ signal }) =>
      callEndpoint(blindLookEndpoints.views, { params: { id: dealId }, signal }, "Could not load the team's views"),
  });
}
