import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { PageText } from '../model.ts';
import { decodeShiftedText, findShift } from '../text/shift-cipher.ts';
import { assessText, normalizeText, ocrNeed, type OcrNeed } from '../text/text-quality.ts';
import type { PageLegibility } from '../readability.ts';
import { measurePdfText, type PdfWord } from './page-legibility.ts';
import type { Pdfium } from './pdfium.ts';
import { layoutPage, type LayoutItem } from './text-layout.ts';

interface PdfTextPage {
  page: PageText;
  /** The page's words with sizes, colours and boxes, for contrast (measured after reading). */
  words: PdfWord[];
  /** Whether this page should be rendered and read by OCR, and why. */
  need: OcrNeed;
}

/**
 * The text layer of every page of an open document, read by PDFium: characters with
 * their boxes become runs, and text-layout.ts puts the runs in reading order and finds
 * the title. Nothing is drawn here.
 */
export function readPdfText(pdfium: Pdfium, doc: number, maxPages: number, onPage?: (done: number, total: number) => void): PdfTextPage[] {
  const count = pdfium.FPDF_GetPageCount(doc);
  if (count > maxPages) {
    throw new DeckError('too_many_pages', `This PDF has ${count.toLocaleString('en-US')} pages; we read decks of at most ${maxPages} pages.`);
  }
  if (count <= 0) throw new DeckError('empty');
  const rect = pdfium.malloc(16);
  try {
    const layouts: Array<{ lines: string; title: string | null; legibility: Legibility; words: PdfWord[] }> = [];
    for (let i = 0; i < count; i++) {
      const { items, height, legibility, words } = readPageItems(pdfium, doc, i, rect);
      const layout = layoutPage(items, height);
      layouts.push({ lines: normalizeText(layout.lines.join('\n')), title: layout.title ? normalizeText(layout.title) : null, legibility, words });
      onPage?.(i + 1, count);
    }
    // A font with an offset encoding garbles its runs on every page the same way; a page with
    // only a figure or two in that font is decoded with the shift the other pages show.
    const shift = findShift(layouts.map((l) => l.lines).join('\n'));
    return layouts.map((l, i) => {
      const read = toPageText(l, i + 1, shift);
      const sample = (words: string | null) => (words === null ? null : normalizeText(decodeShiftedText(words, shift)));
      const legibility = { ...l.legibility, smallTextSample: sample(l.legibility.smallTextSample), contrastSample: sample(l.legibility.contrastSample) };
      return { ...read, words: l.words, page: { ...read.page, ...legibility } };
    });
  } finally {
    pdfium.free(rect);
  }
}

/** Text size and contrast of a page for readability advice (page-legibility.ts); never read by understanding. */
type Legibility = PageLegibility;
const UNMEASURED: Legibility = { smallestTextPt: null, smallTextSample: null, lowestContrast: null, contrastSample: null };

interface PageItems {
  items: LayoutItem[];
  /** Height of the page as read (after turning sideways text upright). */
  height: number;
  legibility: Legibility;
  words: PdfWord[];
}

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
/** Characters whose angle decides which way up a page's text is read. */
const ANGLE_SAMPLE = 64;

/**
 * One page's characters as layout items. PDFium reports each character with a "loose"
 * box (the font's ascent to descent, the same height for every glyph of a size) in
 * unrotated page space, and inserts generated spaces and line breaks where it sees
 * word and line ends.
 */
function readPageItems(pdfium: Pdfium, doc: number, index: number, rect: number): PageItems {
  const page = pdfium.FPDF_LoadPage(doc, index);
  if (!page) return { items: [], height: 0, legibility: UNMEASURED, words: [] };
  try {
    // Width and height as displayed; character boxes are in unrotated page space.
    const turned = pdfium.FPDFPage_GetRotation(page) % 2 === 1;
    const w = pdfium.FPDF_GetPageWidthF(page);
    const h = pdfium.FPDF_GetPageHeightF(page);
    const frame = { width: turned ? h : w, height: turned ? w : h };
    const textPage = pdfium.FPDFText_LoadPage(page);
    if (!textPage) return { items: [], height: frame.height, legibility: UNMEASURED, words: [] };
    try {
      const chars = readChars(pdfium, textPage, rect);
      const upright = uprightFrame(chars.quarterTurns, frame);
      const { legibility, words } = measurePdfText(pdfium, textPage, chars, { width: w, height: h });
      return { items: charsToItems(chars, upright), height: upright.height, legibility, words };
    } finally {
      pdfium.FPDFText_ClosePage(textPage);
    }
  } finally {
    pdfium.FPDF_ClosePage(page);
  }
}

interface Chars {
  codes: Uint32Array;
  /** 1 for characters PDFium inserted (spaces, line breaks). */
  generated: Uint8Array;
  /** left, top, right, bottom per character (0 where PDFium has no box). */
  boxes: Float32Array;
  /** How the page's text is turned: 0 upright, 1 running up, 2 upside down, 3 running down. */
  quarterTurns: number;
}

function readChars(pdfium: Pdfium, textPage: number, rect: number): Chars {
  const count = Math.max(0, Math.min(pdfium.FPDFText_CountChars(textPage), LIMITS.maxPageChars * 2));
  const codes = new Uint32Array(count);
  const generated = new Uint8Array(count);
  const boxes = new Float32Array(count * 4);
  const votes = [0, 0, 0, 0];
  let sampled = 0;
  const at = rect >> 2;
  for (let i = 0; i < count; i++) {
    codes[i] = pdfium.FPDFText_GetUnicode(textPage, i) >>> 0;
    if (pdfium.FPDFText_IsGenerated(textPage, i)) {
      generated[i] = 1;
      continue;
    }
    if (!pdfium.FPDFText_GetLooseCharBox(textPage, i, rect)) continue;
    const heap = pdfium.HEAPF32;
    const k = i * 4;
    boxes[k] = heap[at]!;
    boxes[k + 1] = heap[at + 1]!;
    boxes[k + 2] = heap[at + 2]!;
    boxes[k + 3] = heap[at + 3]!;
    if (sampled < ANGLE_SAMPLE && codes[i] !== SPACE) {
      const angle = pdfium.FPDFText_GetCharAngle(textPage, i);
      // PDFium measures the angle clockwise; the turns below count counter-clockwise.
      if (angle >= 0) votes[(4 - (Math.round(angle / (Math.PI / 2)) % 4)) % 4]! += 1;
      sampled++;
    }
  }
  const quarterTurns = votes.indexOf(Math.max(...votes));
  return { codes, generated, boxes, quarterTurns };
}

interface Upright {
  height: number;
  /** Maps a box (left, top, right, bottom) in page space to the upright frame. */
  map(l: number, t: number, r: number, b: number): [number, number, number, number];
}

/**
 * Decks printed sideways (a landscape slide drawn turned on a portrait page) are read
 * as the slide was meant: boxes are turned so the page's text runs left to right.
 */
function uprightFrame(quarterTurns: number, { width: w, height: h }: { width: number; height: number }): Upright {
  switch (quarterTurns) {
    case 1: // text runs up: x' = y, y' = w - x
      return { height: w, map: (l, t, r, b) => [b, w - l, t, w - r] };
    case 2: // upside down: x' = w - x, y' = h - y
      return { height: h, map: (l, t, r, b) => [w - r, h - b, w - l, h - t] };
    case 3: // text runs down: x' = h - y, y' = x
      return { height: w, map: (l, t, r, b) => [h - t, r, h - b, l] };
    default:
      return { height: h, map: (l, t, r, b) => [l, t, r, b] };
  }
}

interface Run {
  chars: string[];
  x: number;
  right: number;
  /** Bottom of the run's first character (its baseline, less the font's descent). */
  bottom: number;
  size: number;
  /** Box of the last character. */
  last: [left: number, top: number, right: number, bottom: number];
}

/** Distance between the run's last character box and the next one (0 when they touch). */
function boxGap(run: Run, [left, top, right, bottom]: readonly number[]): number {
  const [l, t, r, b] = run.last;
  const dx = Math.max(0, left! - r, l - right!);
  const dy = Math.max(0, bottom! - t, b - top!);
  return Math.max(dx, dy);
}

const toItem = (r: Run, hasEOL: boolean): LayoutItem => ({ str: r.chars.join(''), x: r.x, y: r.bottom, width: r.right - r.x, size: r.size, hasEOL });

function charsToItems({ codes, generated, boxes }: Chars, upright: Upright): LayoutItem[] {
  const items: LayoutItem[] = [];
  let cur: Run | null = null;
  // PDFium's own line break, honoured unless the next character carries on the same line.
  let lineBreak = false;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (generated[i]) {
      if (code === CR || code === LF) lineBreak = true;
      else if (cur && code === SPACE) cur.chars.push(' ');
      continue;
    }
    const j = i * 4;
    if (code === 0 || code === CR || code === LF || code > 0x10ffff || boxes[j] === boxes[j + 2]) continue;
    const box = upright.map(boxes[j]!, boxes[j + 1]!, boxes[j + 2]!, boxes[j + 3]!);
    const [left, top, right, bottom] = box;
    const size = Math.abs(top - bottom);
    if (cur) {
      // A new run where this character does not touch the previous one (the next line,
      // another column, a text box elsewhere). Neighbours in any direction continue the
      // run, so right-to-left and vertical writing stay together.
      const gap = boxGap(cur, box);
      const sameLine = gap <= 0.3 * size && Math.abs(bottom - cur.last[3]) < 0.25 * size;
      if (gap > 0.8 * Math.max(size, cur.size) || (lineBreak && !sameLine)) {
        items.push(toItem(cur, lineBreak));
        cur = null;
      }
    }
    lineBreak = false;
    const ch = String.fromCodePoint(code);
    if (!cur) cur = { chars: [ch], x: left, right, bottom, size, last: box };
    else {
      cur.chars.push(ch);
      cur.x = Math.min(cur.x, left);
      cur.right = Math.max(cur.right, right);
      cur.size = Math.max(cur.size, size);
      cur.last = box;
    }
  }
  if (cur) items.push(toItem(cur, lineBreak));
  return items;
}

function toPageText(layout: { lines: string; title: string | null }, n: number, shift: number): PdfTextPage {
  // Runs in a font with an offset encoding are decoded before the text is judged, so a page
  // that reads once decoded keeps its text layer (and its title) instead of going to OCR.
  const text = normalizeText(decodeShiftedText(layout.lines, shift)).slice(0, LIMITS.maxPageChars);
  const need = ocrNeed(assessText(text));
  const title = layout.title ? normalizeText(decodeShiftedText(layout.title, shift)) : null;
  return {
    page: { number: n, title: need === 'garbage' ? null : title, text, notes: '', source: text === '' ? 'none' : 'text' },
    words: [],
    need,
  };
}
