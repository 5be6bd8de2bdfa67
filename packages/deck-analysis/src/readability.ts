import type { Readability, ReadabilityFinding } from '@fitscore/contracts';

/**
 * Readability advice per page (issue 32 point 4): how a slide reads to an investor skimming on a
 * laptop or a phone. Pure and deterministic; it reads what the engine already has of each page and
 * never touches a score (the FitScore is computed without it, and nothing here feeds back).
 */

/**
 * Words on one slide above which it is flagged. Investors spend about 2.5 minutes on a whole deck
 * (DocSend's deck studies), a few seconds a slide: at ~240 words a minute that is well under 60
 * words. We flag from 90, where a slide has become a page of prose, and advise aiming under 60.
 */
export const MAX_WORDS_PER_SLIDE = 90;
export const AIM_WORDS_PER_SLIDE = 60;

/**
 * Figures on one slide above which it is flagged: past about ten numbers a slide is a table, which a
 * reader cannot take in at a glance (and a phone shrinks it further). Years and list numbers do not count.
 */
export const MAX_FIGURES_PER_SLIDE = 10;

/**
 * Smallest text, in points as it would be set on a standard 13.33-inch (960 pt) wide 16:9 slide,
 * below which it is flagged. A slide shown full width on a phone held sideways (about 5.5 inches)
 * shrinks to ~40%: 12 pt becomes ~5 pt on the glass, about the smallest print people read without
 * zooming. Presentation guides ask 18 pt and more for body text; 12 pt is the floor, not the goal.
 */
export const MIN_TEXT_PT = 12;
/** Width of the reference slide the sizes are expressed on (13.33 in at 72 pt/in). */
export const REFERENCE_SLIDE_WIDTH_PT = 960;

/**
 * Contrast between text and its background below which it is flagged: WCAG 2 asks 4.5:1 for body
 * text (3:1 for large text); a projector or a phone in daylight loses more, so 4.5:1 is the floor.
 */
export const MIN_CONTRAST = 4.5;

/**
 * Letters that must share a size (or a contrast) before it counts for the page: a footnote line does,
 * a lone superscript or a logo's two letters do not.
 */
export const MIN_LETTERS_MEASURED = 12;

/** One word as a reader measures it: its letters, font size (page units), colours (0-255 RGB; null when unknown). */
export interface LegibleWord {
  /** The word as drawn (shown in the advice as the example). */
  word: string;
  letters: number;
  /** Font size in the page's units (0: not measured). */
  size: number;
  text: readonly [number, number, number] | null;
  background: readonly [number, number, number] | null;
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Text whose colour is (almost) the background's is not seen by anyone: text hidden under a picture
 * or left behind in the slide's colour. It is not 'low contrast', it is not there for the reader.
 */
export const UNSEEN_CONTRAST = 1.15;
/** Words quoted as the example of what was measured. */
const SAMPLE_WORDS = 4;

type Measured = { value: number; sample: string };

/**
 * The lowest value that at least MIN_LETTERS_MEASURED letters reach or go below, with a few of
 * those words as its example; null when fewer letters were measured.
 */
function lowestShared(values: Array<{ value: number; letters: number; word: string }>): Measured | null {
  let letters = 0;
  const words: string[] = [];
  for (const v of values.sort((a, b) => a.value - b.value)) {
    letters += v.letters;
    if (words.length < SAMPLE_WORDS) words.push(v.word);
    if (letters >= MIN_LETTERS_MEASURED) return { value: v.value, sample: words.join(' ') };
  }
  return null;
}

/**
 * A page's smallest text (points on the reference slide width) and lowest text/background contrast,
 * from its words; `pageLongSide` is the page's longer side in the same units as the word heights.
 */
export function legibilityOf(words: readonly LegibleWord[], pageLongSide: number): PageLegibility {
  const toPt = REFERENCE_SLIDE_WIDTH_PT / Math.max(1, pageLongSide);
  const small = lowestShared(words.filter((w) => w.size > 0).map((w) => ({ value: w.size * toPt, letters: w.letters, word: w.word })));
  const contrast = lowestShared(
    words.flatMap((w) => {
      if (!w.text || !w.background) return [];
      const value = contrastRatio(w.text, w.background);
      return value < UNSEEN_CONTRAST ? [] : [{ value, letters: w.letters, word: w.word }];
    }),
  );
  return {
    smallestTextPt: small?.value ?? null,
    smallTextSample: small?.sample ?? null,
    lowestContrast: contrast?.value ?? null,
    contrastSample: contrast?.sample ?? null,
  };
}

/** Text size and contrast of one page, with the words they were measured on. */
export interface PageLegibility {
  smallestTextPt: number | null;
  smallTextSample: string | null;
  lowestContrast: number | null;
  contrastSample: string | null;
}

/** What the engine has of one page, as readability needs it. */
export interface ReadabilityPage {
  number: number;
  /** Visible text (speaker notes are not on the slide and are not counted). */
  text: string;
  /** Smallest real text on the page, in points on the reference slide width; null/absent when the reader gives no sizes. */
  smallestTextPt?: number | null;
  /** A few words set at that size. */
  smallTextSample?: string | null;
  /** Lowest contrast ratio (1-21) between text and the background behind it; null/absent when not measured. */
  lowestContrast?: number | null;
  /** A few words at that contrast. */
  contrastSample?: string | null;
}

/** Words as a reader sees them: runs holding a letter or a digit (bullets, dashes and symbols are not words). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const FIGURE = /[-+]?[$€£₹¥]?\d[\d,.]*(?:\s?(?:%|[kKmMbB]n?|x|X))?/g;
const YEAR = /^(?:19|20)\d\d$/;
/** A list number ('1.', '2)') at the start of a line is not a figure. */
const LIST_MARKER = /^\s*\d{1,2}[.)]\s/gm;

/** Numbers a reader has to take in: amounts, percentages, counts; not years, not list numbers. */
export function countFigures(text: string): number {
  const withoutMarkers = text.replace(LIST_MARKER, ' ');
  let n = 0;
  for (const match of withoutMarkers.matchAll(FIGURE)) {
    const token = match[0].replace(/[.,]+$/, '');
    if (YEAR.test(token)) continue;
    n += 1;
  }
  return n;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
/** A ratio to one decimal, cut rather than rounded: 4.46:1 is below 4.5:1 and must not read as 4.5:1. */
const ratio1 = (n: number) => Math.floor(n * 10) / 10;

/**
 * Lines a reader does not read slide by slide: a footer or header repeated on at least half the
 * pages (three or more), and a line holding only a page number.
 */
export const REPEATED_LINE_SHARE = 0.5;
const PAGE_NUMBER_LINE = /^\s*\d{1,3}\s*$/;

function slideText(text: string, repeated: Set<string>): string {
  return text
    .split('\n')
    .filter((line) => !repeated.has(line.trim()) && !PAGE_NUMBER_LINE.test(line))
    .join('\n');
}

function repeatedLines(pages: readonly ReadabilityPage[]): Set<string> {
  const seen = new Map<string, number>();
  for (const page of pages) {
    for (const line of new Set(page.text.split('\n').map((l) => l.trim()))) {
      if (line !== '') seen.set(line, (seen.get(line) ?? 0) + 1);
    }
  }
  const min = Math.max(3, Math.ceil(pages.length * REPEATED_LINE_SHARE));
  return new Set([...seen].filter(([, n]) => n >= min).map(([line]) => line));
}

const quoted = (sample: string | null | undefined) => (sample ? ` ('${sample.length > 40 ? `${sample.slice(0, 39)}…` : sample}')` : '');

/** Per-page measurements and the advice they call for, pages in order. */
export function assessReadability(pages: readonly ReadabilityPage[]): Readability {
  const measured: Readability['pages'] = [];
  const findings: ReadabilityFinding[] = [];
  const repeated = repeatedLines(pages);
  for (const page of pages) {
    const text = slideText(page.text, repeated);
    const words = countWords(text);
    const figures = countFigures(text);
    const smallest = page.smallestTextPt ?? null;
    const contrast = page.lowestContrast ?? null;
    measured.push({
      page: page.number,
      words,
      figures,
      smallestTextPt: smallest === null ? null : round1(smallest),
      lowestContrast: contrast === null ? null : ratio1(contrast),
    });
    if (words > MAX_WORDS_PER_SLIDE) {
      findings.push({
        page: page.number,
        pages: [page.number],
        check: 'words',
        measured: words,
        limit: MAX_WORDS_PER_SLIDE,
        evidence: `Page ${page.number}: ${words} words`,
        advice: `Investors skim: aim for under ${AIM_WORDS_PER_SLIDE} words and move the detail to the notes or an appendix.`,
      });
    }
    if (figures > MAX_FIGURES_PER_SLIDE) {
      findings.push({
        page: page.number,
        pages: [page.number],
        check: 'figures',
        measured: figures,
        limit: MAX_FIGURES_PER_SLIDE,
        evidence: `Page ${page.number}: ${figures} figures on one slide`,
        advice: 'Lead with the one or two numbers that make the point; put the table in an appendix.',
      });
    }
    if (smallest !== null && words > 0 && smallest < MIN_TEXT_PT) {
      findings.push({
        page: page.number,
        pages: [page.number],
        check: 'smallText',
        measured: round1(smallest),
        limit: MIN_TEXT_PT,
        evidence: `Page ${page.number}: text at ${round1(smallest)} pt equivalent${quoted(page.smallTextSample)}`,
        advice: `Too small to read on a phone: keep text at ${MIN_TEXT_PT} pt or more (18 pt for body text).`,
      });
    }
    if (contrast !== null && contrast < MIN_CONTRAST) {
      findings.push({
        page: page.number,
        pages: [page.number],
        check: 'contrast',
        measured: ratio1(contrast),
        limit: MIN_CONTRAST,
        evidence: `Page ${page.number}: low contrast ${ratio1(contrast)}:1 between text and background${quoted(page.contrastSample)}`,
        advice: `Hard to read on a projector or a phone in daylight: aim for at least ${MIN_CONTRAST}:1.`,
      });
    }
  }
  return { pages: measured, findings: foldRepeated(findings) };
}

/** 1, 2, 3, 5 as '1-3, 5'. */
function pageRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${pages[i]}-${pages[j]}` : pages.slice(i, j + 1).join(', '));
    i = j;
  }
  return parts.join(', ');
}

/** A finding on the same words on this many pages or more is one piece of advice (a footer), shown once. */
export const REPEATED_FINDING_PAGES = 3;

/**
 * The same small or faint text on many pages (a footer, the template's title colour) is one thing to
 * fix: one finding at its first page, naming every page, instead of the same advice on each. The same
 * measured size or contrast on three pages is the template's, whatever words it was measured on.
 */
function foldRepeated(findings: ReadabilityFinding[]): ReadabilityFinding[] {
  const key = (f: ReadabilityFinding) => (f.check === 'smallText' || f.check === 'contrast' ? `${f.check}|${f.measured}` : null);
  const groups = new Map<string, ReadabilityFinding[]>();
  for (const f of findings) {
    const k = key(f);
    if (k) groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  const out: ReadabilityFinding[] = [];
  for (const f of findings) {
    const group = groups.get(key(f) ?? '');
    if (!group || group.length < REPEATED_FINDING_PAGES) out.push(f);
    else if (group[0] === f) {
      const pages = group.map((g) => g.page);
      out.push({ ...f, pages, evidence: `Pages ${pageRanges(pages)}: ${f.evidence.replace(/^Page \d+: /, '')}, the same on ${pages.length} pages` });
    }
  }
  return out;
}
