import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDeckPage } from '../api/deck-page';
import { useDealDetail } from '../api/deals';
import { shortcutAllowed } from '../lib/keys';

/** What a drawn PowerPoint slide shows and leaves out (the engine rebuilds it, see ADR 0028). */
export const PPTX_CAPTION =
  'PowerPoint slide drawn from its text, shapes and pictures; charts and effects are not drawn.';

/**
 * The deck, a page at a time, as the engine draws it. ← and → page through it (not while
 * typing); evidence elsewhere on the page opens the page it cites. A .pptx deck's slides
 * are rebuilt by the engine, and say so under the slide.
 */
export function DeckViewer({
  dealId,
  pages,
  page,
  onPage,
}: {
  dealId: string;
  pages: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const image = useDeckPage(dealId, page);
  // The deal page has this deal loaded already: this reads it from the query cache.
  const pptx = useDealDetail(dealId).data?.analysis?.deck.format === 'pptx';
  const captionId = `deck-caption-${dealId}`;
  const go = (n: number) => onPage(Math.min(pages, Math.max(1, n)));

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!shortcutAllowed(event)) return;
      if (event.key === 'ArrowLeft' && page > 1) onPage(page - 1);
      else if (event.key === 'ArrowRight' && page < pages) onPage(page + 1);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, pages, onPage]);

  return (
    <section aria-label="Deck viewer" className="space-y-3">
      <div className="relative flex aspect-[16/10] items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        {image.src ? (
          <img
            src={image.src}
            alt={`Deck page ${page} of ${pages}`}
            aria-describedby={pptx ? captionId : undefined}
            className="h-full w-full object-contain"
          />
        ) : image.isError ? (
          <div role="alert" className="flex max-w-sm flex-col items-center gap-2 p-6 text-center">
            <ImageOff className="h-8 w-8 text-slate-400" aria-hidden="true" />
            <p className="text-sm font-semibold text-slate-800">Page {page} of the deck could not be shown.</p>
            <p className="text-xs text-slate-500">{image.error.message}</p>
            {/* A refusal (a .ppt, a page the deck lacks) answers the same again: only a failure is worth retrying. */}
            {image.error instanceof ApiError && image.error.status < 500 ? null : (
              <Button variant="secondary" size="sm" onClick={() => void image.refetch()}>
                Try again
              </Button>
            )}
          </div>
        ) : (
          <Spinner label={`Loading page ${page}`} className="text-brand-600" />
        )}
      </div>
      {pptx && image.src ? (
        <p id={captionId} className="text-xs text-slate-500">
          {PPTX_CAPTION}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => go(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Previous</span>
        </Button>
        <p className="text-sm text-slate-600" aria-live="polite">
          Page {page} of {pages}
          <span className="hidden text-xs text-slate-400 sm:inline"> · ← → to page</span>
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => go(page + 1)}
          disabled={page >= pages}
          aria-label="Next page"
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
