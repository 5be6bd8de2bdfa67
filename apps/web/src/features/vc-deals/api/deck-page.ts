import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiUrl, authHeader, readError } from '@/lib/api-client';
import { dealKeys } from './deals';

/** The address of a page image the engine draws for the deal page's viewer. */
export const deckPagePath = (dealId: string, page: number) =>
  `/api/vc/deals/${encodeURIComponent(dealId)}/deck/pages/${page}.png`;

/**
 * One page of a deal's deck as an image URL. The API authenticates by header, which an <img>
 * cannot send, so the bytes are fetched with the token and shown from a local object URL.
 */
export function useDeckPage(dealId: string, page: number) {
  const query = useQuery({
    queryKey: dealKeys.page(dealId, page),
    queryFn: async ({ signal }) => {
      const response = await fetch(apiUrl(deckPagePath(dealId, page)), { headers: authHeader(), signal });
      if (!response.ok) throw await readError(response, `Page ${page} could not be loaded.`);
      const blob = await response.blob();
      if (!blob.type.startsWith('image/')) throw new Error(`Page ${page} could not be loaded.`);
      return blob;
    },
    staleTime: Infinity,
    retry: false,
  });
  const src = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  return { ...query, src };
}
