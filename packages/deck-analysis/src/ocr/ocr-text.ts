import { layoutPage, type LayoutItem } from '../pdf/text-layout.ts';
import { legibilityOf } from '../readability.ts';
import { repairOcrLine, repairOcrNumbers } from './ocr-numbers.ts';

/**
 * Tesseract's TSV output to text. Slides mix text with photos and charts, and OCR of
 * a photo yields confident-looking junk ('ou XN 7 [='): we keep only words whose
 * confidence reaches MIN_WORD_CONFIDENCE, and lines that still hold real letters.
 * The words kept are then put in reading order by the same layout as a PDF's text layer
 * (pdf/text-layout.ts), from their boxes: side-by-side columns that tesseract reads as one
 * line are cut at their gutter, a metric grid's figure is read with the label under it, and
 * the title is the largest line at the top. Figures misread in the usual ways ('$1O0M',
 * 'S5M') are repaired or dropped (ocr-numbers.ts).
 */
export const MIN_WORD_CONFIDENCE = 60;
/**
 * A figure must be read surer than a word: a misread word is one word less, a misread figure
 * is a wrong fact. Clean digits read at 85-97; junk from charts, logos and photos ('8', '2',
 * '18' for '118') mostly below 80.
 */
export const MIN_FIGURE_CONFIDENCE = 80;

export interface OcrText {
  text: string;
  title: string | null;
  /**
   * Smallest text read, in points on the reference slide width (readability.ts), from the lines'
   * boxes on the picture; null when too few letters were read. Only a whole page's picture gives a
   * slide's sizes: a picture on a slide is measured against its own width, not the slide's.
   */
  smallestTextPt?: number | null;
  smallTextSample?: string | null;
  /** Lowest text/background contrast of the words read, measured on the picture (ocr-contrast.ts); null when too few letters were read. */
  lowestContrast?: number | null;
  contrastSample?: string | null;
}

/**
 * A line's box on a picture runs from its highest ink to its lowest, so its height is part of
 * the font size that depends on the letters it holds: with a descender ('g', 'p', 'y') and a
 * capital or an ascender ('T', 'd', '4'), it is about 0.93 of the size in the sans fonts decks are
 * set in (Arial and Helvetica: cap height 0.72, descender 0.21); with capitals or ascenders only,
 * 0.72; with neither, the x-height, 0.52. That is the size a PDF's text sets: on 146 text pages of
 * 25 real PDF decks drawn and read by OCR, where both took the same words as the page's smallest,
 * OCR read a median 1.00 of the PDF's size (half of them within 0.94-1.04).
 */
function emOfLine(text: string, height: number): number {
  const descender = /[gjpqy]/.test(text);
  const tall = /[\p{Lu}\p{N}bdfhklt]/u.test(text);
  return height / (descender && tall ? 0.93 : tall ? 0.72 : 0.52);
}

interface OcrWord {
  text: string;
  left: number;
  width: number;
}

interface OcrLine {
  words: OcrWord[];
  top: number;
  height: number;
}

/** Signs that join or split what a line says ('A & B', 'today → $2M'): kept, unlike lone marks such as '[='. */
const SEPARATOR = /^(?:&|\+|→|->|>|—|–|\/)$/u;

/** A word that writes a figure or part of one: digits, a currency sign, or a scale on its own ('Cr', 'M'). */
const FIGURE_PART = /[\p{N}$€£¥₹%]|^(?:k|m|mm|mn|b|bn|l|cr|lakhs?|crores?|million|billion|thousand)[.,;:)]?$/iu;

/** A line box's height is about 0.8 of the font size that layout's gaps are measured in. */
const SIZE_PER_LINE_HEIGHT = 1.2;

export function tsvToText(tsv: string): OcrText {
  let pageHeight = 0;
  let pageWidth = 0;
  const lines = new Map<string, OcrLine>();
  const unsure = new Set<string>();
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12) continue;
    const level = Number(c[0]);
    if (level === 1) {
      pageWidth = Number(c[8]) || pageWidth;
      pageHeight = Number(c[9]) || pageHeight;
    }
    if (level !== 5) continue;
    const conf = Number(c[10]);
    const text = (c[11] ?? '').trim();
    const key = `${c[2]}.${c[3]}.${c[4]}`;
    // A word with digits is a figure; a currency sign read alone ('€,') is not one to distrust.
    const figure = /\p{N}/u.test(text);
    if (!keptWord(conf, text) && !(SEPARATOR.test(text) && conf >= MIN_WORD_CONFIDENCE)) {
      // A figure read too unsurely to keep leaves its line's labels to the wrong figures ('₹2.5 Cr
      // bridge to move from [₹1.26] Cr ARR'): the line keeps its words but none of its figures.
      if (figure) unsure.add(key);
      continue;
    }
    const top = Number(c[7]);
    const height = Number(c[9]);
    const word = { text, left: Number(c[6]), width: Number(c[8]) };
    const line = lines.get(key);
    if (line) {
      line.words.push(word);
      const bottom = Math.max(line.top + line.height, top + height);
      line.top = Math.min(line.top, top);
      line.height = bottom - line.top;
    } else lines.set(key, { words: [word], top, height });
  }
  for (const [key, line] of lines) {
    if (unsure.has(key)) line.words = line.words.filter((w) => !FIGURE_PART.test(w.text));
    // Left to right (a word another reading added to the line comes last in the TSV).
    line.words.sort((a, b) => a.left - b.left);
  }
  const kept = [...lines.values()].filter((l) => {
    const all = l.words.map((w) => w.text).join('');
    const letters = all.match(/\p{L}/gu)?.length ?? 0;
    const digits = all.match(/\p{N}/gu)?.length ?? 0;
    return letters >= 3 || (digits >= 1 && letters + digits >= 2);
  });
  const height = pageHeight || Math.max(0, ...kept.map((l) => l.top + l.height));
  const items: LayoutItem[] = [];
  for (const row of rows(kept)) {
    const words = row.flatMap((l) => l.words.map((w) => ({ ...w, text: repairOcrNumbers(w.text), top: l.top, height: l.height }))).filter((w) => w.text !== '');
    words.forEach((w, i) => {
      items.push({
        str: i < words.length - 1 ? `${w.text} ` : w.text,
        x: w.left,
        y: height - (w.top + w.height),
        width: w.width,
        size: Math.max(1, w.height * SIZE_PER_LINE_HEIGHT),
        hasEOL: i === words.length - 1,
      });
    });
  }
  const layout = layoutPage(items, height);
  // Each kept word at its line's size.
  const sizes = legibilityOf(
    kept.flatMap((l) => {
      const em = emOfLine(l.words.map((w) => w.text).join(' '), l.height);
      return l.words.map((w) => ({ word: w.text, letters: w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0, size: em, text: null, background: null }));
    }),
    Math.max(pageWidth, height),
  );
  return {
    text: layout.lines
      .filter((l) => l !== '')
      .map(repairOcrLine)
      .join('\n'),
    title: layout.title === null ? null : repairOcrLine(layout.title),
    smallestTextPt: sizes.smallestTextPt,
    smallTextSample: sizes.smallTextSample,
  };
}

/**
 * How surely tesseract read a page: the mean confidence of its words (those holding a letter or
 * digit), the letters in the words read with MIN_WORD_CONFIDENCE or more, and how many of those
 * were read upright: a word of three letters or more in a box taller than wide was read down the
 * page (a chart's axis title, or a whole slide standing sideways, which is then read turned).
 */
export function tsvReading(tsv: string): { meanConfidence: number; confidentLetters: number; uprightLetters: number } {
  let words = 0;
  let sum = 0;
  let confidentLetters = 0;
  let uprightLetters = 0;
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = (c[11] ?? '').trim();
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const conf = Number(c[10]);
    words += 1;
    sum += conf;
    if (conf < MIN_WORD_CONFIDENCE) continue;
    const letters = text.match(/\p{L}/gu)?.length ?? 0;
    confidentLetters += letters;
    if (letters < 3 || Number(c[9]) <= Number(c[8])) uprightLetters += letters;
  }
  return { meanConfidence: words === 0 ? 0 : sum / words, confidentLetters, uprightLetters };
}

/** A word tsvToText keeps: read surely enough for what it is (a figure surer than a word), with a letter or a digit. */
function keptWord(conf: number, text: string): boolean {
  return conf >= (/\p{N}/u.test(text) ? MIN_FIGURE_CONFIDENCE : MIN_WORD_CONFIDENCE) && /[\p{L}\p{N}]/u.test(text);
}

/** Share of the smaller of two word boxes that must overlap the other for them to be one place on the page. */
const SAME_PLACE = 0.3;

/**
 * One reading of a page (`base`, TSV) with the words another reading of the same picture
 * (`extra`) read surely where the first kept nothing: each segmentation mode misses text the
 * other finds. Sparse text skips words drawn inside an outline (a pill's 'PARTNERS', '30000+
 * PLAYERS' in a rounded box: the outline and its letters make one shape); the automatic mode reads
 * them and loses logos and scattered labels. Where both kept a word, the base's stands. An added
 * word inside one of the base's lines joins that line ('in [non-dilutive] funding'); any other keeps
 * a line of its own (its block number moved past the base's).
 */
export function withWordsOnlyIn(base: string, extra: string): string {
  const rowsOf = (tsv: string) => tsv.split('\n').map((row) => row.split('\t'));
  const keptOf = (rows: string[][]) => rows.filter((c) => c.length >= 12 && c[0] === '5' && keptWord(Number(c[10]), (c[11] ?? '').trim()));
  const boxOf = (c: string[]) => [6, 7, 8, 9].map((i) => Number(c[i])) as [number, number, number, number];
  const baseRows = rowsOf(base);
  const keptBase = keptOf(baseRows);
  const keptBoxes = keptBase.map(boxOf);
  const samePlace = ([l, t, w, h]: readonly number[]) =>
    keptBoxes.some(([bl, bt, bw, bh]) => {
      const x = Math.min(l! + w!, bl + bw) - Math.max(l!, bl);
      const y = Math.min(t! + h!, bt + bh) - Math.max(t!, bt);
      return x > 0 && y > 0 && x * y >= SAME_PLACE * Math.min(w! * h!, bw * bh);
    });
  // The base's lines of kept words, by key, with their span: a word read inside one's span is part of it.
  const spans = new Map<string, { left: number; right: number; top: number; bottom: number }>();
  for (const c of keptBase) {
    const key = c.slice(1, 5).join('\t');
    const [l, t, w, h] = boxOf(c);
    const span = spans.get(key);
    spans.set(key, span ? { left: Math.min(span.left, l), right: Math.max(span.right, l + w), top: Math.min(span.top, t), bottom: Math.max(span.bottom, t + h) } : { left: l, right: l + w, top: t, bottom: t + h });
  }
  const lineOf = ([l, t, w, h]: readonly number[]) => {
    const mid = t! + h! / 2;
    for (const [key, s] of spans) if (mid > s.top && mid < s.bottom && l! < s.right + h! && l! + w! > s.left - h!) return key;
    return null;
  };
  const blocks = Math.max(0, ...baseRows.filter((c) => c.length >= 12).map((c) => Number(c[2]) || 0)) + 1;
  const added = keptOf(rowsOf(extra))
    .filter((c) => !samePlace(boxOf(c)))
    .map((c) => {
      // Read into the base's line it stands in (a word sparse text left out of 'in non-dilutive funding'), else on its own line.
      const key = lineOf(boxOf(c));
      return (key ? [c[0], ...key.split('\t'), ...c.slice(5)] : [c[0], c[1], String(Number(c[2]) + blocks), ...c.slice(3)]).join('\t');
    });
  return added.length === 0 ? base : [base.replace(/\n+$/, ''), ...added].join('\n');
}

/**
 * Tesseract's lines gathered into rows of the page: pieces of text whose middles lie within half
 * a line of each other and that do not overlap side by side are one row, read left to right
 * (the layout then cuts it into cells at wide gaps). Rows run top to bottom.
 */
function rows(lines: readonly OcrLine[]): OcrLine[][] {
  const mid = (l: OcrLine) => l.top + l.height / 2;
  const left = (l: OcrLine) => l.words[0]?.left ?? 0;
  const right = (l: OcrLine) => Math.max(...l.words.map((w) => w.left + w.width));
  const out: OcrLine[][] = [];
  for (const l of [...lines].sort((a, b) => mid(a) - mid(b))) {
    const row = out.find(
      (r) =>
        r.every((o) => Math.abs(mid(o) - mid(l)) < 0.5 * Math.min(o.height, l.height)) &&
        r.every((o) => right(o) <= left(l) || right(l) <= left(o)),
    );
    if (row) row.push(l);
    else out.push([l]);
  }
  for (const r of out) r.sort((a, b) => left(a) - left(b));
  return out;
}
