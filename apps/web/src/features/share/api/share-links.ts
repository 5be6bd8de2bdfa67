import { shareEndpoints } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useShareLinks(enabled = true) {
  return useQuery({
    queryKey: queryKeys.founder.shareLinks,
    queryFn: ({ signal }) => callEndpoint(shareEndpoints.list, { signal }, 'Could not load your share links'),
    // View counts change while the dialog is closed: ask again each time it opens.
    staleTime: 0,
    enabled,
  });
}

export function useCreateShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `expiresInDays`: 7, 30 or 90, or null for a link that never expires. */
    mutationFn: (expiresInDays: 7 | 30 | 90 | null) =>
      callEndpoint(shareEndpoints.create, { body: { expires_in_days: expiresInDays } }, 'Could not create a share link'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.shareLinks }),
  });
}

export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(shareEndpoints.revoke, { params: { id } }, 'Could not revoke the link'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.shareLinks }),
  });
}

/** The public page's data; a revoked or unknown link is a 404 the page shows as such. */
export function useSharedReport(token: string) {
  return useQuery({
    queryKey: queryKeys.share(token),
    queryFn: ({ signal }) => callEndpoint(shareEndpoints.view, { params: { token }, signal }, 'Could not load this FitScore'),
    staleTime: 60_000,
  });
}
