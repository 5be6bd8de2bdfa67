import { DeckError, type DeckErrorCode } from '../errors.ts';
import { detectDeckFormat } from '../detect/detect-format.ts';
import { LIMITS } from '../limits.ts';
import { ThreadPool } from '../worker/thread-pool.ts';
import type { Pdfium } from './pdfium.ts';
import { imagesFit } from './pdf-render.ts';
import { workerPort } from '../worker/port.ts';

/**
 * A page of a deck drawn in colour as a PNG, for a deck viewer: a page of a PDF, or a
 * slide of a .pptx built as a one-page PDF first (pptx/slide-scene.ts, slide-pdf.ts;
 * docs/decisions/0028), then drawn the same way. A legacy .ppt is not drawn. Drawing runs in a
 * worker thread (this same file is the worker's entry), so a heavy page never blocks the
 * caller's event loop, and is bounded three ways: the output's pixels (PAGE_IMAGE.maxPixels),
 * the pixels of any image on the page (decoding is measured before it happens, as for OCR:
 * WebAssembly memory lies outside the thread's heap limit) and a deadline per page.
 * PNG encoding is pngjs (zlib deflate), see docs/decisions/0015.
 */
export const PAGE_IMAGE = {
  /** Longer side in pixels: sharp on a 2x screen at the viewer's ~800 CSS pixels. */
  longSide: 1600,
  /** Output budget: a page of an odd shape (a long strip) is scaled down to fit it. */
  maxPixels: 2_600_000,
  /** An image on the page bigger than this is not decoded: the page is refused as too complex (pdf-render.ts imagesFit). */
  maxImagePixels: LIMITS.maxImagePixels,
  timeoutMs: 20_000,
  /** Changes whenever the drawing changes, so cached images keyed by it are redrawn. */
  version: 1,
} as const;

export interface PageImage {
  png: Uint8Array;
  width: number;
  height: number;
  /** Pages in the document. */
  pages: number;
}

/** The answer for a page number the document does not have. */
export interface PageOutOfRange {
  outOfRange: true;
  pages: number;
}

interface RenderRequest {
  type: 'page';
  bytes: Uint8Array;
  /** 1-based. */
  page: number;
}

type RenderMessage =
  | { type: 'done'; png: Uint8Array; width: number; height: number; pages: number }
  | { type: 'out-of-range'; pages: number }
  | { type: 'error'; code: DeckErrorCode; message: string };

const SELF = new URL(import.meta.url);

/**
 * Draws pages of PDF and .pptx decks off the calling thread: one warm worker (PDFium loads once),
 * recycled after 50 pages since decoded images grow its WebAssembly memory for good.
 * Create one per process and close() it on shutdown.
 */
export class PageImageRenderer {
  private readonly pool: ThreadPool;

  constructor(options: { threads?: number; idleMs?: number } = {}) {
    this.pool = new ThreadPool({
      entry: SELF,
      size: Math.max(1, options.threads ?? 1),
      resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4, wasmMemoryMb: LIMITS.wasmMemoryMb },
      recycleAfter: 50,
      idleMs: options.idleMs ?? 60_000,
      preload: ['@embedpdf/pdfium', 'pngjs', 'jszip', 'fast-xml-parser'],
    });
  }

  /** Page `page` (1-based) of a PDF or slide of a .pptx, or PageOutOfRange; a DeckError when the file cannot be drawn. */
  async render(bytes: Uint8Array, page: number): Promise<PageImage | PageOutOfRange> {
    if (bytes.byteLength > LIMITS.maxBytes) throw new DeckError('too_large');
    const signal = AbortSignal.timeout(PAGE_IMAGE.timeoutMs);
    const slot = await this.pool.acquire(signal);
    const copy = bytes.slice();
    try {
      return await slot.run<PageImage | PageOutOfRange>(
        { type: 'page', bytes: copy, page } satisfies RenderRequest,
        [copy.buffer],
        (raw, done, fail) => {
          const msg = raw as unknown as RenderMessage;
          if (msg.type === 'done') done({ png: msg.png, width: msg.width, height: msg.height, pages: msg.pages });
          else if (msg.type === 'out-of-range') done({ outOfRange: true, pages: msg.pages });
          else fail(new DeckError(msg.code, msg.message));
        },
        signal,
      );
    } catch (e) {
      if (e instanceof DeckError) throw e;
      if (signal.aborted) throw new DeckError('timeout', 'This page took too long to draw.');
      throw new DeckError('corrupt', undefined, { cause: e });
    } finally {
      this.pool.release(slot);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

export function isPageOutOfRange(result: PageImage | PageOutOfRange): result is PageOutOfRange {
  return 'outOfRange' in result;
}

// ---------------------------------------------------------------------------------------
// The worker side: runs when this file is the entry of a worker thread.

/** FPDF_ANNOT | FPDF_PRINTING: annotations drawn, form-field highlights not. */
const RENDER_FLAGS = 0x01 | 0x800;
const WHITE = 0xffffffff;

/** The output size: the longer side at PAGE_IMAGE.longSide, within the pixel budget. */
export function pageImageSize(pageWidth: number, pageHeight: number): { width: number; height: number } {
  const w = Math.max(pageWidth, 1);
  const h = Math.max(pageHeight, 1);
  let scale = PAGE_IMAGE.longSide / Math.max(w, h);
  if (w * h * scale * scale > PAGE_IMAGE.maxPixels) scale = Math.sqrt(PAGE_IMAGE.maxPixels / (w * h));
  return { width: Math.max(1, Math.floor(w * scale)), height: Math.max(1, Math.floor(h * scale)) };
}

/** A page ready to draw: of a PDF, or a slide of a .pptx built as a one-page PDF. */
interface OpenPage {
  page: number;
  pages: number;
  close(): void;
}

/** What a legacy .ppt answers: its slides are read for text, not drawn. */
export const PPT_NOT_DRAWN = 'PowerPoint 97–2003 (.ppt) files are not drawn. Save the deck as .pptx or PDF to see its slides.';

function errorMessage(code: DeckErrorCode, message?: string): RenderMessage {
  return { type: 'error', code, message: message ?? new DeckError(code).message };
}

async function openPdfPage(pdfium: Pdfium, data: number, size: number, pageNumber: number): Promise<OpenPage | RenderMessage> {
  const { FPDF_ERR } = await import('./pdfium.ts');
  const doc = pdfium.FPDF_LoadMemDocument(data, size, 0);
  if (!doc) {
    const code = pdfium.FPDF_GetLastError();
    return errorMessage(code === FPDF_ERR.password || code === FPDF_ERR.security ? 'encrypted' : 'corrupt');
  }
  const pages = pdfium.FPDF_GetPageCount(doc);
  const page = pageNumber >= 1 && pageNumber <= pages ? pdfium.FPDF_LoadPage(doc, pageNumber - 1) : 0;
  if (!page) {
    pdfium.FPDF_CloseDocument(doc);
    if (pageNumber < 1 || pageNumber > pages) return { type: 'out-of-range', pages };
    return errorMessage('corrupt', 'This page is damaged and could not be drawn.');
  }
  return {
    page,
    pages,
    close: () => {
      pdfium.FPDF_ClosePage(page);
      pdfium.FPDF_CloseDocument(doc);
    },
  };
}

async function openSlidePage(pdfium: Pdfium, bytes: Uint8Array, pageNumber: number): Promise<OpenPage | RenderMessage> {
  const [{ readSlideScene }, { buildSlidePage }] = await Promise.all([import('../pptx/slide-scene.ts'), import('./slide-pdf.ts')]);
  const read = await readSlideScene(bytes, pageNumber, { maxImagePixels: PAGE_IMAGE.maxImagePixels });
  if ('outOfRange' in read) return { type: 'out-of-range', pages: read.pages };
  const { scene } = read;
  const pxPerPt = pageImageSize(scene.width, scene.height).width / Math.max(scene.width, 1);
  const built = buildSlidePage(pdfium, scene, pxPerPt);
  return { page: built.page, pages: read.pages, close: built.close };
}

async function drawPage(bytes: Uint8Array, pageNumber: number): Promise<RenderMessage> {
  const format = detectDeckFormat(bytes);
  if (format === 'ppt') return errorMessage('unsupported_format', PPT_NOT_DRAWN);
  const [{ loadPdfium, releasePdfium }, { PNG }] = await Promise.all([import('./pdfium.ts'), import('pngjs')]);
  // WebAssembly memory only grows: the pool recycles this thread after `recycleAfter` pages.
  const pdfium = await loadPdfium();
  const data = format === 'pptx' ? 0 : pdfium.malloc(Math.max(1, bytes.length));
  let usable = true;
  try {
    if (data) pdfium.HEAPU8.set(bytes, data);
    const opened = format === 'pptx' ? await openSlidePage(pdfium, bytes, pageNumber) : await openPdfPage(pdfium, data, bytes.length, pageNumber);
    if ('type' in opened) return opened;
    const { page, pages } = opened;
    try {
      if (!imagesFit(pdfium, page)) {
        return { type: 'error', code: 'too_complex', message: 'This page holds images too large to draw.' };
      }
      const { width, height } = pageImageSize(pdfium.FPDF_GetPageWidthF(page), pdfium.FPDF_GetPageHeightF(page));
      const bitmap = pdfium.FPDFBitmap_Create(width, height, 0);
      if (!bitmap) return { type: 'error', code: 'too_complex', message: 'This page is too large to draw.' };
      let rgb: Buffer;
      try {
        pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
        pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
        rgb = bgrxToRgb(pdfium.HEAPU8, pdfium.FPDFBitmap_GetBuffer(bitmap), pdfium.FPDFBitmap_GetStride(bitmap), width, height);
      } finally {
        pdfium.FPDFBitmap_Destroy(bitmap);
      }
      const png = PNG.sync.write({ width, height, data: rgb } as never, {
        colorType: 2,
        inputColorType: 2,
        inputHasAlpha: false,
        deflateLevel: 6,
      });
      // A copy with its own buffer, safe to transfer (a small Buffer may sit in Node's shared pool).
      return { type: 'done', png: new Uint8Array(png), width, height, pages };
    } finally {
      opened.close();
    }
  } catch (e) {
    // The slide reader refuses a file (zip bomb, damaged, too complex) with a DeckError.
    if (e instanceof DeckError) return errorMessage(e.code, e.message);
    // A trap inside PDFium (out of memory on a hostile page): this instance is not used again.
    usable = false;
    return errorMessage('corrupt', new DeckError('corrupt', undefined, { cause: e }).message);
  } finally {
    if (usable && data) pdfium.free(data);
    else if (!usable) releasePdfium();
  }
}

/** PDFium's B, G, R, unused bytes (rows `stride` apart) to packed RGB. */
function bgrxToRgb(heap: Uint8Array, ptr: number, stride: number, width: number, height: number): Buffer {
  const out = Buffer.allocUnsafe(width * height * 3);
  let o = 0;
  for (let y = 0; y < height; y++) {
    let i = ptr + y * stride;
    for (let x = 0; x < width; x++, i += 4) {
      out[o++] = heap[i + 2]!;
      out[o++] = heap[i + 1]!;
      out[o++] = heap[i]!;
    }
  }
  return out;
}

// In the worker process the pool starts for this module: draw each page asked for.
if (process.env.FITSCORE_WORKER_ENTRY === SELF.href) {
  const port = workerPort();
  port.on('message', (req: RenderRequest) => {
    void drawPage(req.bytes, req.page).then((msg) => port.postMessage(msg));
  });
}
