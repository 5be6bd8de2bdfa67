import { buildPath, deckLinkEndpoints, DECK_VIEWER_HEADER, type CreateDeckLink, type DeckBeacon } from '@fitscore/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiUrl, callEndpoint, readError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// ---- The founder's side -------------------------------------------------------------------

export function useDeckLinks() {
  return useQuery({
    queryKey: queryKeys.founder.deckLinkList,
    queryFn: ({ signal }) => callEndpoint(deckLinkEndpoints.list, { signal }, 'Could not load your deck links'),
    staleTime: 0,
  });
}

export function useDeckLinkDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.founder.deckLink(id),
    queryFn: ({ signal }) => callEndpoint(deckLinkEndpoints.detail, { params: { id }, signal }, 'Could not load this deck link'),
    staleTime: 0,
  });
}

export function useCreateDeckLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeckLink) => callEndpoint(deckLinkEndpoints.create, { body }, 'Could not create the deck link'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.deckLinks }),
  });
}

export function useRevokeDeckLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deckLinkEndpoints.revoke, { params: { id } }, 'Could not revoke the link'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.deckLinks }),
  });
}

export function useDeckLinkAlerts() {
  return useQuery({
    queryKey: queryKeys.founder.deckLinkAlerts,
    queryFn: ({ signal }) => callEndpoint(deckLinkEndpoints.alerts, { signal }, 'Could not load your notifications'),
  });
}

export function useReadDeckLinkAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(deckLinkEndpoints.readAlerts, {}, 'Could not mark the notifications read'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.deckLinkAlerts }),
  });
}

/** After a first open is pushed: the list, its details and the notices load again. */
export function useRefreshDeckLinks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.founder.deckLinks });
}

// ---- The reader's side (public, no account) -------------------------------------------------

export function usePublicDeckLink(token: string) {
  return useQuery({
    queryKey: queryKeys.deckLinkGate(token),
    queryFn: ({ signal }) => callEndpoint(deckLinkEndpoints.view, { params: { token }, signal }, 'Could not load this deck'),
    staleTime: Infinity,
    retry: false,
  });
}

export function useOpenDeckLink(token: string) {
  return useMutation({
    mutationFn: (body: { email: string | null; passcode: string | null }) =>
      callEndpoint(deckLinkEndpoints.open, { params: { token }, body }, 'Could not open this deck'),
  });
}

const viewerHeaders = (session: string) => ({ [DECK_VIEWER_HEADER]: session });

/**
 * One watermarked page as an image URL. The session travels in a header, which an <img> cannot
 * send, so the bytes are fetched and shown from a local object URL (never from a cache).
 */
export function useViewerPage(token: string, session: string, n: number) {
  const query = useQuery({
    queryKey: queryKeys.deckLinkPage(token, session, n),
    queryFn: async ({ signal }) => {
      const response = await fetch(apiUrl(buildPath(deckLinkEndpoints.page.path, { token, n })), { headers: viewerHeaders(session), signal, cache: 'no-store' });
      if (!response.ok) throw await readError(response, `Page ${n} could not be loaded.`);
      return response.blob();
    },
    staleTime: Infinity,
    retry: false,
  });
  const src = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  return { ...query, src };
}

/** Reports time a page was visible; `keepalive` lets the last one leave as the tab closes. */
export function sendPageBeacon(token: string, session: string, beacon: DeckBeacon) {
  return fetch(apiUrl(buildPath(deckLinkEndpoints.beacon.path, { token })), {
    method: 'POST',
    headers: { ...viewerHeaders(session), 'Content-Type': 'application/json' },
    body: JSON.stringify(beacon),
    keepalive: true,
  });
}

/** The deck file, when the link allows it, saved under its own name. */
export async function downloadDeck(token: string, session: string) {
  const response = await fetch(apiUrl(buildPath(deckLinkEndpoints.download.path, { token })), { headers: viewerHeaders(session) });
  if (!response.ok) throw await readError(response, 'The deck could not be downloaded.');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'deck';
  const url = URL.createObjectURL(await response.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
