import { DeckError } from '../errors.ts';
import { EXPANDS_MESSAGE } from '../read/image-size.ts';
import { atWasmCap } from '../read/wasm-cap.ts';
import { LIMITS } from '../limits.ts';
import type { DeckText, OcrImage } from '../model.ts';
import { OCR_LONG_SIDE, renderPageForOcr } from './pdf-render.ts';
import { CONTRAST_TIME_BUDGET_MS, measureContrast, stillBusy } from './page-legibility.ts';
import { readPdfText } from './pdf-text.ts';
import { FPDF_ERR, loadPdfium, releasePdfium } from './pdfium.ts';

export interface PdfReadOptions {
  maxPages?: number;
  /** When false, pages needing OCR are only reported, not rendered. */
  render?: boolean;
  /** Render every page, whatever its text (test decks made of page pictures). */
  forceRender?: boolean;
  /** Longest side of a page rendered for OCR, in pixels. */
  renderLongSide?: number;
  onPage?: (done: number, total: number) => void;
  /** Receives each page image for OCR; awaited, so a slow consumer slows rendering. */
  onOcrImage?: (image: OcrImage) => Promise<void> | void;
  /** Time pages may be drawn to measure text contrast; default CONTRAST_TIME_BUDGET_MS. */
  contrastBudgetMs?: number;
  /** Past the budget, pages are still drawn while this holds (the deck's OCR is still running elsewhere). */
  contrastWhile?: () => boolean;
}

/**
 * Reads a PDF with PDFium: the text layer of every page, then a grey rendering of each
 * page whose text is missing, sparse or garbage, handed to OCR one page at a time.
 */
export async function readPdf(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<DeckText> {
  const pdfium = await loadPdfium();
  const data = pdfium.malloc(Math.max(1, bytes.length));
  let usable = true;
  let drew = false;
  try {
    pdfium.HEAPU8.set(bytes, data);
    const doc = pdfium.FPDF_LoadMemDocument(data, bytes.length, 0);
    if (!doc) throw openError(pdfium.FPDF_GetLastError());
    try {
      const read = readPdfText(pdfium, doc, options.maxPages ?? LIMITS.maxPages, options.onPage);
      if (options.render !== false && options.onOcrImage) {
        for (const { page, need } of read) {
          if (need === 'none' && !options.forceRender) continue;
          drew = true;
          let drawing: ReturnType<typeof renderPageForOcr>;
          try {
            drawing = renderPageForOcr(pdfium, doc, page.number - 1, options.renderLongSide ?? OCR_LONG_SIDE);
          } catch {
            // A trap while drawing (out of memory on a hostile image): the pages keep the
            // text they have, and this PDFium instance is not used again.
            usable = false;
            break;
          }
          if (drawing) await options.onOcrImage({ page: page.number, ...drawing, mode: need === 'garbage' ? 'replace' : 'merge' });
        }
      }
      // Readability (scoring only, where pages may be drawn): each page's contrast, drawn small,
      // within a time budget; a trap while drawing ends it, as for OCR.
      if (usable && options.render !== false && options.onOcrImage) {
        const until = performance.now() + (options.contrastBudgetMs ?? CONTRAST_TIME_BUDGET_MS);
        for (const [i, r] of read.entries()) {
          // The first page is always measured; the budget, or the deck's OCR still running, decides how many more are.
          if (i > 0 && performance.now() > until && !(await stillBusy(options.contrastWhile))) break;
          let measured: ReturnType<typeof measureContrast>;
          try {
            measured = measureContrast(pdfium, doc, r.page.number - 1, r.words);
          } catch {
            usable = false;
            break;
          }
          if (!measured) continue;
          r.page = { ...r.page, lowestContrast: measured.lowestContrast, contrastSample: measured.contrastSample };
        }
      }
      return { format: 'pdf', pages: read.map((r) => r.page) };
    } finally {
      if (usable) pdfium.FPDF_CloseDocument(doc);
    }
  } catch (e) {
    if (e instanceof DeckError) throw e;
    // A trap inside PDFium while reading: the file is the problem. With its memory at the cap
    // (LIMITS.wasmMemoryMb) it is a stream that inflates to gigabytes, not damage.
    usable = false;
    if (atWasmCap(pdfium.HEAPU8.length)) throw new DeckError('too_complex', EXPANDS_MESSAGE, { cause: e });
    throw new DeckError('corrupt', undefined, { cause: e });
  } finally {
    if (usable) pdfium.free(data);
    // Decoded images grew the instance's memory, which never shrinks: start afresh.
    if (!usable || drew) releasePdfium();
  }
}

function openError(code: number): DeckError {
  if (code === FPDF_ERR.password || code === FPDF_ERR.security) {
    return new DeckError('encrypted', 'This PDF is password-protected. Remove the password and upload it again.');
  }
  if (code === FPDF_ERR.format) {
    return new DeckError('corrupt', 'This PDF is damaged and could not be read. Export it again and upload the new file.');
  }
  return new DeckError('corrupt');
}

