import { legibilityOf, type PageLegibility } from '../readability.ts';
import { imagesFit } from './pdf-render.ts';
import type { Pdfium } from './pdfium.ts';

/**
 * What readability.ts needs of one PDF page that only PDFium knows: how big its text is and how
 * it stands out from what is drawn behind it. Words are measured from PDFium's character boxes and
 * fill colours; the background is read from the page drawn small, in colour, under each word.
 * Nothing here changes the page's text.
 */

/** Longer side of the page drawing the background is read from: enough to see a slide's colours, cheap to draw. */
export const LEGIBILITY_RENDER_PX = 400;
/** FPDF_ANNOT | FPDF_PRINTING, in colour. */
const RENDER_FLAGS = 0x01 | 0x800;
const WHITE = 0xffffffff;
const TEXT_RENDER_INVISIBLE = 3;
/** RGB distance within which a pixel is taken for the text's own colour (glyph or anti-aliased edge). */
const NEAR_TEXT_COLOUR = 60;
/** Share of a word's box that must be away from the text's colour to be read as its background. */
const MIN_BACKGROUND_SHARE = 0.3;

export interface LegibilityChars {
  codes: Uint32Array;
  generated: Uint8Array;
  /** left, top, right, bottom per character in page space (0 where PDFium has no box). */
  boxes: Float32Array;
}

/**
 * Reading: the page's words with their sizes and colours (cheap: no drawing), and the smallest text.
 * Contrast needs the page drawn; that is `measureContrast`, run after reading, on the scoring path only.
 */
export function measurePdfText(
  pdfium: Pdfium,
  textPage: number,
  chars: LegibilityChars,
  size: { width: number; height: number },
): { legibility: PageLegibility; words: PdfWord[] } {
  const words = pageWords(pdfium, textPage, chars);
  const measured = legibilityOf(words.map((w) => ({ word: w.word, letters: w.letters, size: w.size, text: null, background: null })), Math.max(size.width, size.height));
  return { legibility: measured, words };
}

/**
 * Time a deck may spend drawing pages to measure contrast. Drawing a page costs 5 to 400 ms (its
 * pictures are decoded, its effects drawn) and no count of pixels or objects predicts which, so the
 * budget is time: the analysis of a text deck stays within its 1.5 s target. Pages past the budget
 * keep their contrast unmeasured (null), and the advice says which pages were checked.
 */
export const CONTRAST_TIME_BUDGET_MS = 300;

/**
 * Whether measuring may go on past the budget: `busy` (the deck's OCR still running) asked after
 * yielding once to the event loop, so the messages that end it have been heard.
 */
export async function stillBusy(busy: (() => boolean) | undefined): Promise<boolean> {
  if (!busy) return false;
  await new Promise<void>((resolve) => setImmediate(resolve));
  return busy();
}

/** The lowest text/background contrast of one page, drawn small; null when the page cannot be drawn safely. */
export function measureContrast(
  pdfium: Pdfium,
  doc: number,
  index: number,
  words: PdfWord[],
): { lowestContrast: number | null; contrastSample: string | null } | null {
  if (words.length === 0) return { lowestContrast: null, contrastSample: null };
  const page = pdfium.FPDF_LoadPage(doc, index);
  if (!page) return null;
  try {
    if (!imagesFit(pdfium, page)) return null;
    const size = { width: pdfium.FPDF_GetPageWidthF(page), height: pdfium.FPDF_GetPageHeightF(page) };
    const background = drawSmall(pdfium, page, size);
    if (!background) return null;
    const measured = legibilityOf(
      words.map((w) => ({ word: w.word, letters: w.letters, size: w.size, text: w.color, background: background.backgroundUnder(w.box, w.color) })),
      Math.max(size.width, size.height),
    );
    return { lowestContrast: measured.lowestContrast, contrastSample: measured.contrastSample };
  } finally {
    pdfium.FPDF_ClosePage(page);
  }
}

export interface PdfWord {
  word: string;
  letters: number;
  /** Font size on the page (points), the median of its letters'. */
  size: number;
  color: [number, number, number] | null;
  box: [number, number, number, number];
}

const LETTER = /[\p{L}\p{N}]/u;
/** Whether a character is a letter or a digit (LETTER), ASCII answered without the expression. */
const isLetter = (code: number, ch: string): boolean =>
  code < 0x80 ? (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) : LETTER.test(ch);

/**
 * A character's font size on the page: the size its text object sets times how far its matrix
 * stretches the glyph's upright (forms and the page's transforms included). Exporters set the size
 * either way (Keynote: size 1 in a matrix scaled 36). A character's box is no measure of it: its
 * height is the font's ascent to descent, 0.93 of the size in Helvetica and 1.66 in Keynote's Palatino.
 */
function fontSize(pdfium: Pdfium, textPage: number, index: number, matrix: number): number {
  const size = pdfium.FPDFText_GetFontSize(textPage, index);
  if (!(size > 0) || !pdfium.FPDFText_GetMatrix(textPage, index, matrix)) return 0;
  const at = matrix >> 2;
  const [c, d] = [pdfium.HEAPF32[at + 2]!, pdfium.HEAPF32[at + 3]!];
  return size * Math.hypot(c, d);
}

/**
 * The page's visible words: runs of drawn characters between spaces and line ends. A character's
 * render mode and font size are its text object's, so they are asked once per text object.
 */
function pageWords(pdfium: Pdfium, textPage: number, { codes, generated, boxes }: LegibilityChars): PdfWord[] {
  const words: PdfWord[] = [];
  // Four uint32 of a colour, or the six floats of a matrix.
  const out = pdfium.malloc(24);
  try {
    // `mixed`: its letters' sizes differ (most words are set in one size: their median needs no sort).
    let cur: { chars: string[]; letters: number; sizes: number[]; mixed: boolean; color: PdfWord['color']; box: PdfWord['box'] } | null = null;
    let object = -1;
    let invisible = false;
    let objectSize = 0;
    const end = () => {
      if (cur && cur.letters > 0) {
        const sorted = cur.mixed ? cur.sizes.sort((a, b) => a - b) : cur.sizes;
        words.push({ word: cur.chars.join(''), letters: cur.letters, size: sorted[sorted.length >> 1]!, color: cur.color, box: cur.box });
      }
      cur = null;
    };
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i]!;
      const j = i * 4;
      const l = boxes[j]!;
      const r = boxes[j + 2]!;
      if (generated[i] || code <= 0x20 || code > 0x10ffff || l === r) {
        end();
        continue;
      }
      const ch = String.fromCodePoint(code);
      if (!isLetter(code, ch)) {
        cur?.chars.push(ch);
        continue;
      }
      const at = pdfium.FPDFText_GetTextObject(textPage, i);
      if (!at || at !== object) {
        object = at;
        // Text drawn invisibly (the OCR layer of a scan) is not what a reader sees.
        invisible = !!at && pdfium.FPDFTextObj_GetTextRenderMode(at) === TEXT_RENDER_INVISIBLE;
        objectSize = invisible ? 0 : fontSize(pdfium, textPage, i, out);
      }
      if (invisible) {
        end();
        continue;
      }
      const t = boxes[j + 1]!;
      const b = boxes[j + 3]!;
      if (!cur) {
        let color: PdfWord['color'] = null;
        if (pdfium.FPDFText_GetFillColor(textPage, i, out, out + 4, out + 8, out + 12)) {
          const v = new Uint32Array(pdfium.HEAPU8.buffer, pdfium.HEAPU8.byteOffset + out, 4);
          color = [v[0]!, v[1]!, v[2]!];
        }
        cur = { chars: [], letters: 0, sizes: [], mixed: false, color, box: [l, t, r, b] };
      }
      cur.chars.push(ch);
      cur.letters += 1;
      if (cur.letters > 1 && objectSize !== cur.sizes[0]) cur.mixed = true;
      cur.sizes.push(objectSize);
      const box = cur.box;
      box[0] = Math.min(box[0], l);
      box[1] = Math.max(box[1], t);
      box[2] = Math.max(box[2], r);
      box[3] = Math.min(box[3], b);
    }
    end();
  } finally {
    pdfium.free(out);
  }
  return words;
}

/** The page drawn small in colour; `medianUnder` reads the median colour under a box in page space. */
function drawSmall(pdfium: Pdfium, page: number, { width: w, height: h }: { width: number; height: number }) {
  const scale = Math.min(1, LEGIBILITY_RENDER_PX / Math.max(w, h, 1));
  const width = Math.max(1, Math.ceil(w * scale));
  const height = Math.max(1, Math.ceil(h * scale));
  const bitmap = pdfium.FPDFBitmap_Create(width, height, 0);
  if (!bitmap) return null;
  let pixels: Uint8Array;
  let stride: number;
  try {
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, WHITE);
    pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
    stride = pdfium.FPDFBitmap_GetStride(bitmap);
    const at = pdfium.FPDFBitmap_GetBuffer(bitmap);
    pixels = pdfium.HEAPU8.slice(at, at + stride * height);
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
  return {
    /**
     * The background behind a word: the median colour of the pixels in its box that are not the
     * text's own colour (its glyphs and their anti-aliased edges). A box where almost every pixel
     * is near the text's colour is text on a background of nearly that colour: all pixels count.
     */
    backgroundUnder([l, t, r, b]: PdfWord['box'], text: PdfWord['color']): [number, number, number] | null {
      // Page space has its origin bottom-left; the bitmap's rows run top-down.
      const x0 = Math.max(0, Math.floor(l * scale));
      const x1 = Math.min(width - 1, Math.ceil(r * scale));
      const y0 = Math.max(0, Math.floor((h - t) * scale));
      const y1 = Math.min(height - 1, Math.ceil((h - b) * scale));
      if (x1 < x0 || y1 < y0) return null;
      const all: Array<[number, number, number]> = [];
      const away: Array<[number, number, number]> = [];
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const p = y * stride + x * 4;
          const px: [number, number, number] = [pixels[p + 2]!, pixels[p + 1]!, pixels[p]!];
          all.push(px);
          if (!text || Math.hypot(px[0] - text[0], px[1] - text[1], px[2] - text[2]) > NEAR_TEXT_COLOUR) away.push(px);
        }
      }
      const use = away.length >= all.length * MIN_BACKGROUND_SHARE ? away : all;
      const median = (i: 0 | 1 | 2) => use.map((px) => px[i]).sort((m, n) => m - n)[use.length >> 1]!;
      return [median(0), median(1), median(2)];
    },
  };
}
