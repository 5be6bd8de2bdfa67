import { DeckError, isPageOutOfRange, PAGE_IMAGE, PPT_NOT_DRAWN, type PageImageRenderer } from '@fitscore/deck-analysis';
import { AppError } from '../../lib/app-error.ts';
import { BlobNotFoundError, type BlobStore } from '../../lib/blob-store.ts';

export const PAGE_NOT_FOUND = 'Page not found';
/** Slides of PDF and .pptx decks are drawn (ADR 0028); a legacy binary .ppt is read for its text only. */
export const NOT_DRAWABLE = `${PPT_NOT_DRAWN} Its text is read and scored as usual.`;
const DRAWN_FORMATS: ReadonlySet<string> = new Set(['pdf', 'pptx']);
const PAGE_NUMBER = /^[1-9]\d{0,3}$/;

/** The deck a page is drawn from: its id names the cached images (a stored deck never changes). */
export interface DrawnDeck {
  id: string;
  format: string;
}

export interface DeckPageImagesDeps {
  blobs: BlobStore;
  pages: Pick<PageImageRenderer, 'render'>;
}

/**
 * Page images of stored decks, drawn once and kept in the blob store under the deck's id and the
 * drawing's version: the deal page's viewer and protected deck links share them.
 */
export function createDeckPageImages({ blobs, pages }: DeckPageImagesDeps) {
  /** Draws in flight, by cache key: a viewer asking twice at once draws once. */
  const drawing = new Map<string, Promise<Uint8Array>>();
  const keyOf = (deckId: string, page: number) => `page-images/${deckId}/v${PAGE_IMAGE.version}/${page}.png`;

  const refuseUndrawable = (deck: DrawnDeck) => {
    if (!DRAWN_FORMATS.has(deck.format)) throw new AppError('unprocessable_deck', NOT_DRAWABLE, { reason: 'not_drawn', format: deck.format });
  };

  async function render(bytes: Uint8Array, page: number) {
    const result = await pages.render(bytes, page).catch((e: unknown) => {
      if (e instanceof DeckError) throw new AppError('unprocessable_deck', e.message, { reason: e.code });
      throw e;
    });
    if (isPageOutOfRange(result)) throw new AppError('not_found', PAGE_NOT_FOUND);
    return result;
  }

  return {
    /** Same deck, page and drawing: same bytes. */
    etag: (deck: DrawnDeck, page: number) => `"${deck.id}-${page}-v${PAGE_IMAGE.version}"`,

    /** `n` as a page number, or a 404 for anything that is not one. */
    pageNumber(n: string): number {
      if (!PAGE_NUMBER.test(n)) throw new AppError('not_found', PAGE_NOT_FOUND);
      return Number(n);
    },

    /** Page `page` (1-based) as a PNG; 404 past the last page, 422 for a deck that is not drawn. */
    async png(deck: DrawnDeck, bytes: () => Promise<Uint8Array>, page: number): Promise<Uint8Array> {
      refuseUndrawable(deck);
      const key = keyOf(deck.id, page);
      try {
        return await blobs.get(key);
      } catch (e) {
        if (!(e instanceof BlobNotFoundError)) throw e;
      }
      let pending = drawing.get(key);
      if (!pending) {
        pending = (async () => {
          const { png } = await render(await bytes(), page);
          await blobs.put(key, png);
          return png;
        })().finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return pending;
    },

    /** How many pages the deck has: its first page is drawn (and kept) to learn it. */
    async pageCount(deck: DrawnDeck, bytes: Uint8Array): Promise<number> {
      refuseUndrawable(deck);
      const first = await render(bytes, 1);
      await blobs.put(keyOf(deck.id, 1), first.png);
      return first.pages;
    },
  };
}
export type DeckPageImages = ReturnType<typeof createDeckPageImages>;
