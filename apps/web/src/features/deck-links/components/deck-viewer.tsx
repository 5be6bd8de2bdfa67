import { DECK_LINK_GONE, MAX_BEACON_MS, type PublicDeckLink } from '@fitscore/contracts';
import { AlertTriangle, ChevronLeft, ChevronRight, Download, Link2Off, Lock } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { PageLoader, Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { downloadDeck, sendPageBeacon, useOpenDeckLink, usePublicDeckLink, useViewerPage } from '../api/deck-links';

/** How often the open page reports its visible time. */
const BEACON_EVERY_MS = 5_000;
const sessionKey = (token: string) => `fitscore-deck-viewer:${token}`;

export function DeckLinkGone() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <title>Link unavailable · FitScore</title>
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Link2Off className="h-6 w-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{DECK_LINK_GONE}</h1>
      <p className="mt-2 max-w-md text-slate-600">The founder may have revoked it, or it expired. Ask them for a new link.</p>
    </div>
  );
}

function Gate({ token, link, onOpen }: { token: string; link: PublicDeckLink; onOpen: (session: string) => void }) {
  const open = useOpenDeckLink(token);
  const [email, setEmail] = useState('');
  const [passcode, setPasscode] = useState('');
  const error = open.error instanceof ApiError ? open.error.message : open.error ? 'Could not open this deck.' : undefined;
  const passcodeError = open.error instanceof ApiError && open.error.status === 403 ? error : undefined;
  const emailError = open.error instanceof ApiError && open.error.status === 400 ? error : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    open.mutate({ email: email.trim() || null, passcode: passcode || null }, { onSuccess: ({ session }) => onOpen(session) });
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <form onSubmit={submit} className="w-full max-w-sm space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="deck-gate-title">
        <div className="space-y-1">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Lock className="h-5 w-5" aria-hidden="true" />
          </span>
          <h1 id="deck-gate-title" className="pt-2 text-xl font-bold text-slate-900">
            {link.company} shared a deck with you
          </h1>
          <p className="text-sm text-slate-600">
            {link.email_required && link.passcode_required
              ? 'Enter your email and the passcode you were given.'
              : link.email_required
                ? 'Enter your email to view it.'
                : 'Enter the passcode you were given.'}
          </p>
        </div>
        {link.email_required ? (
          <Field label="Your email" required error={emailError}>
            {(ids) => <Input {...ids} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />}
          </Field>
        ) : null}
        {link.passcode_required ? (
          <Field label="Passcode" required error={passcodeError}>
            {(ids) => <Input {...ids} type="password" autoComplete="off" value={passcode} onChange={(e) => setPasscode(e.target.value)} required />}
          </Field>
        ) : null}
        {error && !passcodeError && !emailError ? (
          <p role="alert" className="text-sm font-medium text-red-600">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={open.isPending}>
          {open.isPending ? <Spinner label="Opening" /> : null}
          View deck
        </Button>
        {link.email_required ? <p className="text-xs text-slate-500">Your email is shared with the founder and shown on each page.</p> : null}
      </form>
    </div>
  );
}

/**
 * Reports the time the current page is visible: every few seconds, when the page turns, and when
 * the tab is hidden or closed. Time while the tab is hidden is not counted. A link revoked or
 * expired meanwhile (404), or a session the server no longer knows (401), ends the reading at once.
 */
function usePageTimer(token: string, session: string, page: number, onLost: (gone: boolean) => void) {
  // Set when the effect starts: the time the page has been visible since.
  const since = useRef<number | null>(null);
  const flush = useCallback(
    (forPage: number) => {
      if (since.current === null) return;
      const now = performance.now();
      const ms = Math.min(Math.round(now - since.current), MAX_BEACON_MS);
      since.current = document.visibilityState === 'visible' ? now : null;
      if (ms <= 0) return;
      sendPageBeacon(token, session, { page: forPage, visible_ms: ms })
        .then((response) => {
          if (response.status === 404 || response.status === 401) onLost(response.status === 404);
        })
        .catch(() => undefined);
    },
    [token, session, onLost],
  );
  useEffect(() => {
    since.current = document.visibilityState === 'visible' ? performance.now() : null;
    const timer = setInterval(() => flush(page), BEACON_EVERY_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush(page);
      else since.current = performance.now();
    };
    const onHide = () => flush(page);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
      flush(page);
    };
  }, [page, flush]);
}

function Pages({ token, session, link, onLost }: { token: string; session: string; link: PublicDeckLink; onLost: (gone: boolean) => void }) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const image = useViewerPage(token, session, page);
  const [downloading, setDownloading] = useState(false);
  usePageTimer(token, session, page, onLost);
  // The next page is fetched ahead, so turning is instant.
  useViewerPage(token, session, Math.min(page + 1, link.pages));

  useEffect(() => {
    if (image.error instanceof ApiError && (image.error.status === 404 || image.error.status === 401)) onLost(image.error.status === 404);
  }, [image.error, onLost]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setPage((p) => Math.min(p + 1, link.pages));
      if (e.key === 'ArrowLeft') setPage((p) => Math.max(p - 1, 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [link.pages]);

  async function download() {
    setDownloading(true);
    try {
      await downloadDeck(token, session);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The deck could not be downloaded.');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-900">
      <title>{`${link.company} · Deck`}</title>
      <header className="flex flex-wrap items-center gap-3 px-4 py-3 text-white">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold">{link.company}</h1>
        {link.allow_download ? (
          <Button variant="secondary" size="sm" onClick={() => void download()} disabled={downloading}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download deck
          </Button>
        ) : null}
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-2 pb-6 sm:px-6">
        <div className="relative flex w-full max-w-5xl items-center justify-center">
          {image.src ? (
            <img
              src={image.src}
              alt={`Page ${page} of ${link.pages}`}
              className="max-h-[78dvh] w-full rounded-md bg-white object-contain shadow-lg"
              draggable={false}
              onContextMenu={(e) => e.preventDefault()}
            />
          ) : image.isError ? (
            <div role="alert" className="flex items-center gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800">
              <AlertTriangle className="h-5 w-5" aria-hidden="true" />
              {image.error.message}
            </div>
          ) : (
            <div className="flex aspect-video w-full items-center justify-center rounded-md bg-slate-800">
              <Spinner className="text-white" label={`Loading page ${page}`} />
            </div>
          )}
        </div>
        <nav aria-label="Pages" className="flex items-center gap-3 text-white">
          <Button variant="secondary" size="sm" onClick={() => setPage((p) => Math.max(p - 1, 1))} disabled={page === 1} aria-label="Previous page">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
            Page {page} of {link.pages}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setPage((p) => Math.min(p + 1, link.pages))} disabled={page === link.pages} aria-label="Next page">
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </nav>
        <p className="text-xs text-slate-400">Shared securely with FitScore. Each page is marked for you.</p>
      </main>
    </div>
  );
}

/** A founder's deck behind a protected link: the gate (email, passcode), then the watermarked pages. */
export function DeckViewer({ token }: { token: string }) {
  const link = usePublicDeckLink(token);
  const [session, setSession] = useState<string | null>(() => sessionStorage.getItem(sessionKey(token)));
  const [gone, setGone] = useState(false);
  const open = useOpenDeckLink(token);
  const autoOpen = link.data && !link.data.email_required && !link.data.passcode_required && !session;

  const keep = useCallback(
    (value: string | null) => {
      if (value) sessionStorage.setItem(sessionKey(token), value);
      else sessionStorage.removeItem(sessionKey(token));
      setSession(value);
    },
    [token],
  );
  const onLost = useCallback((isGone: boolean) => (isGone ? setGone(true) : keep(null)), [keep]);

  // A link with no gate opens at once (still no view until the page reports time).
  const { mutate } = open;
  useEffect(() => {
    if (autoOpen) mutate({ email: null, passcode: null }, { onSuccess: ({ session: s }) => keep(s) });
  }, [autoOpen, mutate, keep]);

  if (gone || (link.error instanceof ApiError && link.error.status === 404) || (open.error instanceof ApiError && open.error.status === 404)) {
    return <DeckLinkGone />;
  }
  if (link.isPending || (autoOpen && !open.isError)) return <PageLoader label="Loading the deck" />;
  if (link.isError || open.isError) {
    const err = link.error ?? open.error;
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 px-4 text-center">
        <AlertTriangle className="h-8 w-8 text-red-600" aria-hidden="true" />
        <p className="text-slate-700">{err?.message}</p>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!session) return <Gate token={token} link={link.data} onOpen={keep} />;
  return <Pages token={token} session={session} link={link.data} onLost={onLost} />;
}
