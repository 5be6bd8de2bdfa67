import type { DeckFormat } from './detect/detect-format.ts';

/** Where a page's text came from. */
export type PageSource = 'text' | 'ocr' | 'text+ocr' | 'none';

/** One slide or page as read, before any understanding. Page numbers are 1-based. */
export interface PageText {
  number: number;
  /** The slide title when the format says which text is the title (or a good guess). */
  title: string | null;
  /** Visible text in reading order, one line per text line or paragraph. */
  text: string;
  /** Speaker notes (PowerPoint only). */
  notes: string;
  source: PageSource;
  /**
   * Smallest real text on the page in points on a 960 pt wide slide (readability.ts), when the
   * reader knows text sizes; absent otherwise. Not read by understanding or scoring.
   */
  smallestTextPt?: number | null;
  smallTextSample?: string | null;
  /** Lowest text/background contrast ratio found on the page (readability.ts); absent when not measured. */
  lowestContrast?: number | null;
  contrastSample?: string | null;
}

export interface DeckText {
  format: DeckFormat;
  pages: PageText[];
}

/** A page image waiting for OCR: 8-bit grayscale PGM, or a PNG/JPEG picture from a slide. */
export interface OcrImage {
  page: number;
  image: Uint8Array;
  /**
   * A whole PDF page's drawing as each pixel's relative luminance (a PGM, pgm.ts), before any
   * inversion for OCR: what the contrast of the words OCR reads is measured on. Absent for a
   * picture found on a slide, which is not the slide.
   */
  luminance?: Uint8Array;
  /** Whether the page's own text is unusable (replace it) or merely sparse (add to it). */
  mode: 'replace' | 'merge';
}
