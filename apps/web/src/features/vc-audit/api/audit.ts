import { auditEndpoints, buildPath, encodeQuery, type AuditActionGroup } from '@fitscore/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
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
export const exportAuditCsv = (filters: AuditFilterValues) =>
  downloadFile(buildPath(auditEndpoints.exportCsv.path) + encodeQuery(queryOf(filters)), {
    fallbackName: 'audit-log.csv',
    failed: 'Could not export the audit log. Please try again.',
  });
