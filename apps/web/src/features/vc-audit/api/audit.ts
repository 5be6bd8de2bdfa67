import { auditEndpoints, buildPath, encodeQuery, type AuditActionGroup } from '@fitscore/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiUrl, authHeader, callEndpoint, readError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The filters the tab sends (empty ones left out). */
export interface AuditFilterValues {
  group: AuditActionGroup | '';
  from: string;
  to: string;
}

const queryOf = (f: AuditFilterValues) => ({
  ...(f.group ? { group: f.group } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

/** The fund's audit log, newest first, a page at a time (admins on Enterprise only). */
export const useAuditLog = (filters: AuditFilterValues, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.vc.audit(queryOf(filters)),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(auditEndpoints.list, { query: { ...queryOf(filters), ...(pageParam ? { cursor: pageParam } : {}) }, signal }, 'Could not load the audit log'),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
    placeholderData: (previous) => previous,
  });

/** Downloads the CSV of the log with the same filters; rejects with the server's message. */
export async function exportAuditCsv(filters: AuditFilterValues): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(buildPath(auditEndpoints.exportCsv.path) + encodeQuery(queryOf(filters))), { headers: authHeader() });
  } catch {
    throw new Error('Cannot reach the FitScore server. Check your connection and try again.');
  }
  if (!response.ok) throw await readError(response, 'Could not export the audit log. Please try again.');
  const blob = await response.blob();
  const filename = /filename="([^"]+)"/i.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-log.csv';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
