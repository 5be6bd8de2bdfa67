import { legibilityOf, type PageLegibility } from '../readability.ts';
import { MIN_FIGURE_CONFIDENCE } from './ocr-text.ts';
import { parsePgm } from './pgm.ts';

/**
 * Contrast of a page known only as a picture, from the words OCR read on it: the page's luminance
 * (pgm.ts bgrxToLuminancePgm) under each word's box splits into its background (the most common
 * level) and its ink (the levels on the side of the background most pixels stand apart on). A
 * contrast ratio compares luminances, so the ratio of the two levels is the text's contrast, as it
 * is for a PDF's text from its colours (ADR 0060). Text OCR could not read at all is not measured:
 * what is flagged was read, faint as it is.
 */

/** Levels within this distance of the background are the background (its noise, a JPEG's ripple). */
const NEAR_BACKGROUND = 16;
/**
 * A glyph's edges are blended into the background; its core is the ink. The ink is the level that
 * this share of the ink-side pixels reaches or passes (the stroke cores of the word). Calibrated on
 * 87 text pages of eleven real PDF decks drawn and read by OCR, against the contrast their text
 * layer's colours give: 0.02 to 0.1 agree alike; 0.2 reads small text fainter than it is
 * ('Confidential' at 4.7:1 where the text layer gives 7.7:1). At 0.05 the page's lowest contrast is
 * a median 1.01x the text layer's, and both sides of 4.5:1 agree on 67 of 85 pages measured both
 * ways; of the 18 others, 8 are flagged only here and are low in fact (a light grey header, grey
 * labels in screenshots and photos the text layer does not hold), 10 are text OCR does not read
 * surely or at all (a faint footer, a vertical label, grey captions).
 */
const INK_CORE_SHARE = 0.05;
/** A word box with fewer pixels than this away from its background holds no measurable ink. */
const MIN_INK_PIXELS = 8;

/** One word tesseract read, in the picture's pixels. */
interface WordBox {
  word: string;
  letters: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The lowest text/background contrast of a page, from its luminance (a PGM of the picture OCR read,
 * before any inversion of dark grounds) and tesseract's TSV of that picture; null fields when the
 * luminance is not a PGM or too few letters were read surely.
 */
export function pictureContrast(tsv: string, picture: Uint8Array, coreShare = INK_CORE_SHARE): Pick<PageLegibility, 'lowestContrast' | 'contrastSample'> {
  const pgm = parsePgm(picture);
  if (!pgm) return { lowestContrast: null, contrastSample: null };
  const measured = legibilityOf(
    confidentWords(tsv).flatMap((w) => {
      const levels = inkAndBackground(pgm, w, coreShare);
      return levels ? [{ word: w.word, letters: w.letters, size: 0, text: grey(levels.ink), background: grey(levels.background) }] : [];
    }),
    Math.max(pgm.width, pgm.height),
  );
  return { lowestContrast: measured.lowestContrast, contrastSample: measured.contrastSample };
}

const grey = (v: number): [number, number, number] => [v, v, v];

/**
 * Words measured: read as surely as a figure must be (a word read at 60 in a map or a photo is
 * often junk, 'Qa die wm', and would be quoted as the example), of two letters or more.
 */
function confidentWords(tsv: string): WordBox[] {
  const words: WordBox[] = [];
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5' || !(Number(c[10]) >= MIN_FIGURE_CONFIDENCE)) continue;
    const word = (c[11] ?? '').trim();
    const letters = word.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
    if (letters < 2) continue;
    words.push({ word, letters, left: Number(c[6]), top: Number(c[7]), width: Number(c[8]), height: Number(c[9]) });
  }
  return words;
}

/** The grey of a word's background and of its ink, from a histogram of its box. */
export function inkAndBackground(
  { width, height, pixels }: { width: number; height: number; pixels: Uint8Array },
  box: { left: number; top: number; width: number; height: number },
  coreShare = INK_CORE_SHARE,
): { ink: number; background: number } | null {
  const x0 = Math.max(0, Math.floor(box.left));
  const y0 = Math.max(0, Math.floor(box.top));
  const x1 = Math.min(width, Math.ceil(box.left + box.width));
  const y1 = Math.min(height, Math.ceil(box.top + box.height));
  if (x1 <= x0 || y1 <= y0) return null;
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0, i = y * width + x0; x < x1; x++, i++) hist[pixels[i]!]! += 1;
  let background = 0;
  for (let v = 1; v < 256; v++) if (hist[v]! > hist[background]!) background = v;
  let darker = 0;
  let lighter = 0;
  for (let v = 0; v < 256; v++) {
    if (v < background - NEAR_BACKGROUND) darker += hist[v]!;
    else if (v > background + NEAR_BACKGROUND) lighter += hist[v]!;
  }
  const inkPixels = Math.max(darker, lighter);
  if (inkPixels < MIN_INK_PIXELS) return null;
  // Walk in from the extreme on the ink's side until the core share is reached.
  const core = Math.max(1, Math.round(inkPixels * coreShare));
  let seen = 0;
  if (darker >= lighter) {
    for (let v = 0; v < 256; v++) if ((seen += hist[v]!) >= core) return { ink: v, background };
  } else {
    for (let v = 255; v >= 0; v--) if ((seen += hist[v]!) >= core) return { ink: v, background };
  }
  return null;
}
