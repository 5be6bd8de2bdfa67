import { buildPath, dealsEndpoints, encodeQuery, type QueryValue } from '@fitscore/contracts';
import { apiUrl, authHeader, readError } from '@/lib/api-client';
import { listQuery, type PipelineView } from '../lib/filters';

const FAILED = 'Could not export the CSV. Please try again.';

function filenameFrom(header: string | null): string {
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? 'deals.csv';
}

/**
 * Downloads the server's CSV of the current tab, filters and search. Resolves once the whole
 * file has arrived and was handed to the browser; rejects with the server's message (e.g. the
 * trial's refusal) otherwise.
 */
export async function exportDealsCsv(view: PipelineView): Promise<string> {
  const query = listQuery(view) as Record<string, QueryValue>;
  let response: Response;
  try {
    response = await fetch(apiUrl(buildPath(dealsEndpoints.exportCsv.path) + encodeQuery(query)), {
      headers: authHeader(),
    });
  } catch {
    throw new Error('Cannot reach the FitScore server. Check your connection and try again.');
  }
  if (!response.ok) throw await readError(response, FAILED);
  return saveDownload(response);
}

/** Hands a CSV answer to the browser as a download under the server's file name; that name. */
export async function saveDownload(response: Response): Promise<string> {
  const blob = await response.blob();
  const filename = filenameFrom(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
