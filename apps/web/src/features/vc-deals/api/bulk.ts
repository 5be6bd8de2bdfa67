import { buildPath, dealBulkEndpoints, type BulkAction, type BulkSelection } from '@fitscore/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl, authHeader, callEndpoint, readError } from '@/lib/api-client';
import { dealKeys } from './deals';
import { saveDownload } from './export-csv';

/** After a batch (or its Undo), every list, board, count and open deal reads again. */
function useRefreshDeals() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: dealKeys.all });
}

/** One bulk action on the selection (issue 31 point 3): answers the batch id its Undo takes. */
export function useBulkAction() {
  const refresh = useRefreshDeals();
  return useMutation({
    mutationFn: (body: { selection: BulkSelection; action: BulkAction }) =>
      callEndpoint(dealBulkEndpoints.apply, { body }, 'Could not change the selected deals. Please try again.'),
    onSuccess: refresh,
  });
}

export function useUndoBulk() {
  const refresh = useRefreshDeals();
  return useMutation({
    mutationFn: (batchId: string) =>
      callEndpoint(dealBulkEndpoints.undo, { params: { batchId } }, 'Could not undo the change. Please try again.'),
    onSuccess: refresh,
  });
}

const FAILED = 'Could not export the selected deals. Please try again.';

/** Downloads the selection's CSV; resolves once the file arrived, rejects with the server's reason otherwise. */
export async function exportSelectionCsv(selection: BulkSelection): Promise<string> {
  let response: Response;
  try {
    response = await fetch(apiUrl(buildPath(dealBulkEndpoints.exportCsv.path)), {
      method: 'POST',
      headers: { ...authHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({ selection }),
    });
  } catch {
    throw new Error('Cannot reach the FitScore server. Check your connection and try again.');
  }
  if (!response.ok) throw await readError(response, FAILED);
  return saveDownload(response);
}
