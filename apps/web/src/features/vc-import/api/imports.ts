import { buildPath, dealImportEndpoints, type DealImport, type ImportMapping } from '@fitscore/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, authHeader, callEndpoint, readError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const POLL_MS = 1000;
const running = (imp: DealImport | null | undefined) => imp?.status === 'queued' || imp?.status === 'running';

/** The fund's running or latest import; asked again every second while it runs (it survives a reload). */
export function useCurrentImport() {
  return useQuery({
    queryKey: queryKeys.vc.dealImport,
    queryFn: ({ signal }) => callEndpoint(dealImportEndpoints.current, { signal }, 'Could not load your import'),
    refetchInterval: (query) => (running(query.state.data?.import) ? POLL_MS : false),
  });
}

/** Reads the file on the server: its columns, first rows and the suggested mapping. */
export function useUploadImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(dealImportEndpoints.upload, { body: form }, 'Could not read this file. Please try again.');
    },
    onSuccess: (imp) => client.setQueryData(queryKeys.vc.dealImport, { import: imp }),
  });
}

/** The first rows as they will be imported under the mapping (the previous preview shown while the next loads). */
export function useImportPreview(id: string, mapping: ImportMapping) {
  return useQuery({
    queryKey: queryKeys.vc.dealImportPreview(id, mapping),
    queryFn: ({ signal }) =>
      callEndpoint(dealImportEndpoints.preview, { params: { id }, body: { mapping }, signal }, 'Could not preview the rows'),
    enabled: mapping.company !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mapping }: { id: string; mapping: ImportMapping }) =>
      callEndpoint(dealImportEndpoints.start, { params: { id }, body: { mapping } }, 'Could not start the import. Please try again.'),
    onSuccess: (imp) => client.setQueryData(queryKeys.vc.dealImport, { import: imp }),
  });
}

/** Downloads the report (every row, what became of it and why); rejects with the server's reason. */
export async function downloadImportReport(id: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(buildPath(dealImportEndpoints.report.path, { id })), { headers: authHeader() });
  } catch {
    throw new Error('Cannot reach the FitScore server. Check your connection and try again.');
  }
  if (!response.ok) throw await readError(response, 'Could not download the report. Please try again.');
  const filename = /filename="([^"]+)"/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'import-report.csv';
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
