import { buildPath, dealImportEndpoints, type DealImport, type ImportMapping } from '@fitscore/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
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
export const downloadImportReport = (id: string) =>
  downloadFile(buildPath(dealImportEndpoints.report.path, { id }), { fallbackName: 'import-report.csv', failed: 'Could not download the report. Please try again.' });
