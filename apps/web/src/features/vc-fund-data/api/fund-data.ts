import { fundDataEndpoints, type FundDeletionStatus } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { downloadFromLink } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

/** Whether the fund is scheduled for deletion (every member sees the banner). */
export const useFundDeletion = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.vc.fundDeletion,
    queryFn: ({ signal }) => callEndpoint(fundDataEndpoints.deletion, { signal }, 'Could not load the fund’s deletion status'),
    enabled,
    staleTime: 60_000,
  });

function useDeletionChange<V>(call: (v: V) => Promise<FundDeletionStatus>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (status) => {
      client.setQueryData(queryKeys.vc.fundDeletion, status);
      void client.invalidateQueries({ queryKey: queryKeys.vc.audit({}).slice(0, 2) });
    },
  });
}

/** Schedules the fund's deletion; the server checks the typed name. */
export const useScheduleDeletion = () =>
  useDeletionChange((confirmName: string) => callEndpoint(fundDataEndpoints.scheduleDeletion, { body: { confirm_name: confirmName } }, 'Could not schedule the deletion. Please try again.'));

export const useCancelDeletion = () =>
  useDeletionChange(() => callEndpoint(fundDataEndpoints.cancelDeletion, {}, 'Could not cancel the deletion. Please try again.'));

/** Downloads everything the fund holds as one ZIP archive, through a link the browser saves to disk by itself (it can be gigabytes). */
export async function exportFundArchive() {
  const link = await callEndpoint(fundDataEndpoints.exportLink, {}, 'Could not export your fund’s data. Please try again.');
  downloadFromLink(link.url);
}
