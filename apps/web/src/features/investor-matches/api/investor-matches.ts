import { matchesEndpoints } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const matchesKey = queryKeys.founder.investorMatches;
const introsKey = queryKeys.founder.intros;

/** Premium: asked only when the plan includes it (`enabled`), so a free plan gets no refusal to log. */
export function useInvestorMatches(enabled: boolean) {
  return useQuery({
    queryKey: matchesKey,
    queryFn: ({ signal }) => callEndpoint(matchesEndpoints.matches, { signal }, 'Could not load your investor matches'),
    enabled,
  });
}

/** The founder's intro requests: statuses, the fund's question, its contact, its reasons for a no. */
export function useIntros(enabled: boolean) {
  return useQuery({
    queryKey: introsKey,
    queryFn: ({ signal }) => callEndpoint(matchesEndpoints.intros, { signal }, 'Could not load your intro requests'),
    enabled,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: matchesKey }), queryClient.invalidateQueries({ queryKey: introsKey })]);
}

export function useRequestIntro() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ fundId, note }: { fundId: string; note: string }) =>
      callEndpoint(matchesEndpoints.requestIntro, { params: { fundId }, body: { note } }, 'Could not send your intro request'),
    onSettled: refresh,
  });
}

export function useAnswerIntro() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: string }) =>
      callEndpoint(matchesEndpoints.answer, { params: { id }, body: { answer } }, 'Could not send your answer'),
    onSettled: refresh,
  });
}
