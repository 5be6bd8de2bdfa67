import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { DeckText, OcrImage, PageText } from '../model.ts';
import { inkRatio, pgmHeaderLength, rgbaToPgm } from '../ocr/pgm.ts';
import { assessText, normalizeText, ocrNeed } from '../text/text-quality.ts';
import { loadPdfJs, PDFJS_RESOURCES } from './pdfjs.ts';
import { layoutPage, type LayoutItem } from './text-layout.ts';

export interface PdfReadOptions {
  maxPages?: number;
  /** When false, pages needing OCR are only reported, not rendered. */
  render?: boolean;
  /** Longest side of a page rendered for OCR, in pixels. */
  renderLongSide?: number;
  onPage?: (done: number, total: number) => void;
  /** Receives each page image for OCR; awaited, so a slow consumer slows rendering. */
  onOcrImage?: (image: OcrImage) => Promise<void> | void;
}

/** Pages rendered with fewer dark pixels than this are blank: nothing to OCR. */
const MIN_INK = 0.0002;
/** Decoded images above this many pixels are skipped rather than allocated. */
const MAX_IMAGE_PIXELS = 40_000_000;

export async function readPdf(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<DeckText> {
  const maxPages = options.maxPages ?? LIMITS.maxPages;
  const pdfjs = await loadPdfJs();
  // pdf.js takes ownership of (and may detach) the buffer it is given.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    ...PDFJS_RESOURCES,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => {});
    throw pdfOpenError(e);
  }
  try {
    if (doc.numPages > maxPages) {
      throw new DeckError(
        'too_many_pages',
        `This PDF has ${doc.numPages.toLocaleString('en-US')} pages; we read decks of at most ${maxPages} pages.`,
      );
    }
    if (doc.numPages === 0) throw new DeckError('empty');
    // Text of every page first, requests in flight together: pdf.js answers each request
    // through its (in-thread) worker message loop, and awaiting pages one by one made a
    // 100-page deck ~10x slower (measured: 1.5 s serial vs 0.15 s). Rendering for OCR
    // comes after, one page at a time, to hold one page's pixels at once.
    let done = 0;
    const read = await Promise.all(
      Array.from({ length: doc.numPages }, async (_, i) => {
        const page = await doc.getPage(i + 1);
        const r = await readPage(page, i + 1);
        if (r.need === 'none') page.cleanup();
        options.onPage?.(++done, doc.numPages);
        return { ...r, pdfPage: page };
      }),
    );
    const pages: PageText[] = read.map((r) => r.page);
    if (options.render !== false && options.onOcrImage) {
      const canvases = new CanvasCache();
      for (const r of read) {
        if (r.need === 'none') continue;
        try {
          const image = await renderForOcr(r.pdfPage, options.renderLongSide ?? 1400, canvases);
          if (image) await options.onOcrImage({ page: r.page.number, image, mode: r.need === 'garbage' ? 'replace' : 'merge' });
        } finally {
          r.pdfPage.cleanup();
        }
      }
    }
    return { format: 'pdf', pages };
  } finally {
    await doc.destroy().catch(() => {});
  }
}

async function readPage(page: PDFPageProxy, n: number) {
  const content = await page.getTextContent();
  const items: LayoutItem[] = [];
  for (const it of content.items) {
    if (!('str' in it)) continue;
    const t = it.transform as number[];
    const size = Math.hypot(t[2] ?? 0, t[3] ?? 0) || it.height || 10;
    items.push({ str: it.str, x: t[4] ?? 0, y: t[5] ?? 0, width: it.width, size, hasEOL: it.hasEOL });
  }
  const [, y0 = 0, , y1 = 0] = page.view;
  const layout = layoutPage(items, Math.abs(y1 - y0));
  const text = normalizeText(layout.lines.join('\n')).slice(0, LIMITS.maxPageChars);
  const need = ocrNeed(assessText(text));
  const title = layout.title ? normalizeText(layout.title) : null;
  const result: PageText = {
    number: n,
    title: need === 'garbage' ? null : title,
    text,
    notes: '',
    source: text === '' ? 'none' : 'text',
  };
  return { page: result, need };
}

/**
 * One canvas per page size, reused page after page. Canvas pixels live in native memory
 * that V8 does not see, so canvases dropped per page pile up until a GC happens to run
 * (measured: +200 MB RSS over a 14-page deck); reuse keeps it to one page's worth.
 */
class CanvasCache {
  private canvas: Canvas | null = null;

  get(width: number, height: number): Canvas {
    if (this.canvas && this.canvas.width === width && this.canvas.height === height) return this.canvas;
    this.canvas = createCanvas(width, height);
    return this.canvas;
  }
}

async function renderForOcr(page: PDFPageProxy, longSide: number, canvases: CanvasCache): Promise<Uint8Array | null> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(4, longSide / Math.max(base.width, base.height, 1));
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const canvas = canvases.get(width, height);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  try {
    // pdf.js types its canvas as the DOM one; @napi-rs/canvas implements the same API.
    const params = { canvas, canvasContext: ctx, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
    await page.render(params).promise;
  } catch {
    // A page that cannot be drawn keeps whatever text it had.
    return null;
  }
  const pgm = rgbaToPgm(ctx.getImageData(0, 0, width, height).data, width, height);
  return inkRatio(pgm, pgmHeaderLength(pgm)) < MIN_INK ? null : pgm;
}

function pdfOpenError(e: unknown): DeckError {
  const name = (e as { name?: string } | null)?.name ?? '';
  if (name === 'PasswordException') {
    return new DeckError('encrypted', 'This PDF is password-protected. Remove the password and upload it again.', {
      cause: e,
    });
  }
  if (name === 'InvalidPDFException') {
    return new DeckError('corrupt', 'This PDF is damaged and could not be read. Export it again and upload the new file.', {
      cause: e,
    });
  }
  return new DeckError('corrupt', undefined, { cause: e });
}
