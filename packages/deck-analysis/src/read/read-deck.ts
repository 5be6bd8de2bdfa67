import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { DeckText, OcrImage } from '../model.ts';
import type { OcrText } from '../ocr/ocr-text.ts';
import { readPdf } from '../pdf/pdf-reader.ts';
import { readPpt } from '../ppt/ppt-reader.ts';
import { readPptx } from '../pptx/pptx-reader.ts';
import { applyOcr, finalizeDeck, precheckDeck, type OcrResult } from './deck-text.ts';
import { pictureFits } from './image-size.ts';

export { applyOcr, finalizeDeck, precheckDeck, type OcrResult };

export interface ExtractOptions {
  maxPages?: number;
  maxBytes?: number;
  onPage?: (done: number, total: number) => void;
  /** Receives page images that need OCR. Without it, no page is rendered. */
  onOcrImage?: (image: OcrImage) => Promise<void> | void;
  /** Time PDF pages may be drawn to measure text contrast (readability advice); default CONTRAST_TIME_BUDGET_MS. */
  contrastBudgetMs?: number;
  /**
   * Past the budget, contrast is still measured while this holds: the deck's OCR is still running
   * on another thread, so the deck cannot be done sooner and the pages are measured for free.
   */
  contrastWhile?: () => boolean;
}

/** Reads the text layer (and reports pages needing OCR); no OCR happens here. */
export async function extractDeck(bytes: Uint8Array, options: ExtractOptions = {}): Promise<DeckText> {
  const format = precheckDeck(bytes, options.maxBytes);
  const maxPages = options.maxPages ?? LIMITS.maxPages;
  try {
    const budget = {
      ...(options.contrastBudgetMs === undefined ? {} : { contrastBudgetMs: options.contrastBudgetMs }),
      ...(options.contrastWhile ? { contrastWhile: options.contrastWhile } : {}),
    };
    if (format === 'pdf') return await readPdf(bytes, { maxPages, ...hooks(options), ...budget });
    if (format === 'pptx') return await readPptx(bytes, { maxPages, ...hooks(options), ...budget });
    return readPpt(bytes, { maxPages, ...(options.onPage ? { onPage: options.onPage } : {}) });
  } catch (e) {
    if (e instanceof DeckError) throw e;
    // A parser bug or a file shaped in ways no parser expects: the file is the problem.
    throw new DeckError('corrupt', undefined, { cause: e });
  }
}

function hooks(options: ExtractOptions) {
  const onOcrImage = options.onOcrImage;
  return {
    ...(options.onPage ? { onPage: options.onPage } : {}),
    // Every picture is measured before OCR decodes it, whichever reader found it.
    ...(onOcrImage ? { onOcrImage: (img: OcrImage) => (pictureFits(img.image) ? onOcrImage(img) : undefined) } : {}),
  };
}

export interface ReadDeckOptions extends Omit<ExtractOptions, 'onOcrImage'> {
  /** OCR for page images; without it pages needing OCR keep their text layer. */
  ocr?: (image: Uint8Array, luminance?: Uint8Array) => Promise<OcrText>;
}

/**
 * Whole reading pipeline on the calling thread (tests, benchmark, scripts). The
 * analyzer runs the same steps split over worker threads with limits and a deadline.
 */
export async function readDeck(bytes: Uint8Array, options: ReadDeckOptions = {}): Promise<DeckText> {
  const pending: Promise<OcrResult>[] = [];
  const ocr = options.ocr;
  const deck = await extractDeck(bytes, {
    ...options,
    ...(ocr
      ? {
          onOcrImage: (img: OcrImage) => {
            pending.push(ocr(img.image, img.luminance).then((o) => ({ page: img.page, mode: img.mode, ocr: o })));
          },
        }
      : {}),
  });
  return finalizeDeck(applyOcr(deck, await Promise.all(pending)));
}
