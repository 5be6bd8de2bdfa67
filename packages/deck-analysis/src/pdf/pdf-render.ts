import { LIMITS } from '../limits.ts';
import { bgrxToLuminancePgm, bgrxToPgm, inkRatio, pgmHeaderLength } from '../ocr/pgm.ts';
import { invertDarkGrounds } from '../ocr/polarity.ts';
import type { Pdfium } from './pdfium.ts';

/** Pages drawn with fewer dark pixels than this are blank: nothing to OCR. */
const MIN_INK = 0.0002;
/** A page holding a bigger image is not drawn: decoding it would take gigabytes. */
const MAX_IMAGE_PIXELS = LIMITS.maxImagePixels;
/** Page objects looked at (forms included) before a page counts as too complex to draw. */
const MAX_OBJECTS = 20_000;
const FPDF_PAGEOBJ_IMAGE = 3;
const FPDF_PAGEOBJ_FORM = 5;
/** FPDF_ANNOT | FPDF_GRAYSCALE | FPDF_PRINTING (no form-field highlights). */
const GREY_FLAGS = 0x01 | 0x08 | 0x800;
/** The same in colour, for the page's luminance. */
const COLOUR_FLAGS = 0x01 | 0x800;
const WHITE = 0xffffffff;
/** Pixels on the longer side of a page drawn for OCR: slide text of 10 pt and up reads well at it. */
export const OCR_LONG_SIDE = 1400;

/**
 * Draws one page in grey for OCR, `longSide` pixels on its longer side, as a binary
 * PGM (tesseract reads it without any PNG encoding). Null when the page is blank or
 * holds an image too big to decode safely: WebAssembly memory is outside the
 * thread's heap limit, so images are measured before anything is decoded. `luminance` is the
 * page drawn again in colour as each pixel's relative luminance (OcrImage.luminance), for its
 * text's contrast; OCR keeps PDFium's own grey, which a grey made from the colour drawing
 * differs from by a level here and there. Without `luminance` the page is drawn once: a
 * slide's picture, whose slide has its contrast measured from its scene.
 */
export function renderPageForOcr(
  pdfium: Pdfium,
  doc: number,
  index: number,
  longSide: number,
  { luminance: withLuminance = true }: { luminance?: boolean } = {},
): { image: Uint8Array; luminance?: Uint8Array } | null {
  const page = pdfium.FPDF_LoadPage(doc, index);
  if (!page) return null;
  try {
    if (!imagesFit(pdfium, page)) return null;
    const w = pdfium.FPDF_GetPageWidthF(page);
    const h = pdfium.FPDF_GetPageHeightF(page);
    const scale = Math.min(4, longSide / Math.max(w, h, 1));
    const width = Math.max(1, Math.ceil(w * scale));
    const height = Math.max(1, Math.ceil(h * scale));
    const draw = (flags: number, convert: typeof bgrxToPgm): Uint8Array | null => {
      const bitmap = pdfium.FPDFBitmap_Create(width, height, 0);
      if (!bitmap) return null;
      try {
        pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
        pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, flags);
        return convert(pdfium.HEAPU8, pdfium.FPDFBitmap_GetBuffer(bitmap), pdfium.FPDFBitmap_GetStride(bitmap), width, height);
      } finally {
        pdfium.FPDFBitmap_Destroy(bitmap);
      }
    };
    const pgm = draw(GREY_FLAGS, bgrxToPgm);
    if (!pgm) return null;
    const at = pgmHeaderLength(pgm);
    if (inkRatio(pgm, at) < MIN_INK) return null;
    // Light words on dark bars, circles and backgrounds become dark on light, as OCR reads them.
    invertDarkGrounds(pgm.subarray(at), width, height);
    const luminance = withLuminance ? draw(COLOUR_FLAGS, bgrxToLuminancePgm) : null;
    return luminance ? { image: pgm, luminance } : { image: pgm };
  } finally {
    pdfium.FPDF_ClosePage(page);
  }
}

/** Whether every image on the page (forms included) is within MAX_IMAGE_PIXELS: asked before any drawing (OCR, contrast, the viewer's page images). */
export function imagesFit(pdfium: Pdfium, page: number): boolean {
  const size = pdfium.malloc(8);
  try {
    let seen = 0;
    const fits = (objects: number[]): boolean => {
      for (const object of objects) {
        if (++seen > MAX_OBJECTS) return false;
        const type = pdfium.FPDFPageObj_GetType(object);
        if (type === FPDF_PAGEOBJ_IMAGE && pdfium.FPDFImageObj_GetImagePixelSize(object, size, size + 4)) {
          const px = pdfium.HEAPU8.subarray(size, size + 8);
          const view = new DataView(px.buffer, px.byteOffset, 8);
          if (view.getUint32(0, true) * view.getUint32(4, true) > MAX_IMAGE_PIXELS) return false;
        } else if (type === FPDF_PAGEOBJ_FORM) {
          const n = Math.min(pdfium.FPDFFormObj_CountObjects(object), MAX_OBJECTS);
          if (!fits(Array.from({ length: Math.max(0, n) }, (_, i) => pdfium.FPDFFormObj_GetObject(object, i)))) return false;
        }
      }
      return true;
    };
    const n = Math.min(pdfium.FPDFPage_CountObjects(page), MAX_OBJECTS + 1);
    return fits(Array.from({ length: Math.max(0, n) }, (_, i) => pdfium.FPDFPage_GetObject(page, i)));
  } finally {
    pdfium.free(size);
  }
}
