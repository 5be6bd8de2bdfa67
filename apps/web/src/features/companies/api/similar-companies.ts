import { companiesEndpoints, type ReportRaiseInput } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const raiseKey = queryKeys.founder.raise;

/** Premium: ask only when the plan includes it (`enabled`), so a free plan gets no refusal to log. */
export function useSimilarCompanies(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.founder.similarCompanies,
    queryFn: ({ signal }) => callEndpoint(companiesEndpoints.similar, { signal }, 'Could not load similar companies'),
    enabled,
  });
}

export function useMyRaise() {
  return useQuery({
    queryKey: raiseKey,
    queryFn: ({ signal }) => callEndpoint(companiesEndpoints.myRaise, { signal }, 'Could not load your reported raise'),
  });
}

export function useReportRaise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportRaiseInput) => callEndpoint(companiesEndpoints.reportRaise, { body }, 'Could not save your raise'),
    onSuccess: (data) => queryClient.setQueryData(raiseKey, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.similarCompanies }),
  });
}

export function useRemoveRaise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(companiesEndpoints.removeRaise, {}, 'Could not remove your raise'),
    onSuccess: () => queryClient.setQueryData(raiseKey, { raise: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.similarCompanies }),
  });
}
