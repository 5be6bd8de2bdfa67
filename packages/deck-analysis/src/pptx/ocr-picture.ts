import { OCR_LONG_SIDE, renderPageForOcr } from '../pdf/pdf-render.ts';
import { loadPdfium, releasePdfium } from '../pdf/pdfium.ts';
import { buildSlidePage } from '../pdf/slide-pdf.ts';
import { imageSize } from '../read/image-size.ts';
import type { SlideScene } from './slide-scene.ts';

const WHITE = { r: 255, g: 255, b: 255 };

/**
 * A slide's picture as OCR is given it. One larger than a PDF page is drawn for OCR
 * (OCR_LONG_SIDE pixels on its longer side) is drawn down to that size by PDFium, in grey, as
 * such a page is (pdf-render.ts): OCR's time grows with the pixels it is given, and an 11 MP
 * photograph took it 1.6-2.3 s to find no words in, while slide text stays readable at the
 * size a PDF slide is read at. A smaller picture, a BMP, or one PDFium cannot draw goes as it
 * is; a large picture with no ink in it (a blank or white picture) has nothing to read: null.
 */
export async function pictureForOcr(bytes: Uint8Array): Promise<Uint8Array | null> {
  const size = imageSize(bytes);
  const format: 'jpeg' | 'png' | null = bytes[0] === 0xff && bytes[1] === 0xd8 ? 'jpeg' : bytes[0] === 0x89 && bytes[1] === 0x50 ? 'png' : null;
  if (!size || !format || Math.max(size.width, size.height) <= OCR_LONG_SIDE) return bytes;
  const scale = OCR_LONG_SIDE / Math.max(size.width, size.height);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const pdfium = await loadPdfium();
  try {
    // One page of the picture's size at OCR's scale (a point per pixel), the picture filling it.
    const scene: SlideScene = {
      width,
      height,
      background: WHITE,
      items: [{ kind: 'picture', box: { x: 0, y: 0, w: width, h: height }, format, bytes, crop: null, turn: null }],
    };
    const page = buildSlidePage(pdfium, scene, 1);
    try {
      const drawn = renderPageForOcr(pdfium, page.doc, 0, OCR_LONG_SIDE, { luminance: false });
      return drawn ? drawn.image : null;
    } finally {
      page.close();
    }
  } catch {
    // A trap while decoding (its memory at the cap): OCR decodes the picture as before.
    return bytes;
  } finally {
    // The decoded picture grew the instance's memory, which never shrinks: start afresh.
    releasePdfium();
  }
}
