import { blindLookEndpoints } from '@fitscore/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { dealKeys } from './deals';

/** A deal's team views, under its detail's key: a vote (which reads the detail again) reads them again too. */
const viewsKey = (id: string) => [...dealKeys.detail(id), 'views'] as const;

/** 'Team views': each member's own Hot/Track/Cold on the deal. */
export function useTeamViews(dealId: string) {
  return useQuery({
    queryKey: viewsKey(dealId),
    queryFn: ({ signal }) =>
      callEndpoint(blindLookEndpoints.views, { params: { id: dealId }, signal }, "Could not load the team's views"),
  });
}
