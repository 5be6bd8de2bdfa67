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

/** What the engine has of one page, as readability needs it. */
export interface ReadabilityPage {
  number: number;
  /** Visible text (speaker notes are not on the slide and are not counted). */
  text: string;
  /** Smallest real text on the page, in points on the reference slide width; null/absent when the reader gives no sizes. */
  smallestTextPt?: number | null;
  /** Lowest contrast ratio (1-21) between text and the background behind it; null/absent when not measured. */
  lowestContrast?: number | null;
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
      lowestContrast: contrast === null ? null : round1(contrast),
    });
    if (words > MAX_WORDS_PER_SLIDE) {
      findings.push({
        page: page.number,
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
        check: 'smallText',
        measured: round1(smallest),
        limit: MIN_TEXT_PT,
        evidence: `Page ${page.number}: text at ${round1(smallest)} pt equivalent`,
        advice: `Too small to read on a phone: keep text at ${MIN_TEXT_PT} pt or more (18 pt for body text).`,
      });
    }
    if (contrast !== null && contrast < MIN_CONTRAST) {
      findings.push({
        page: page.number,
        check: 'contrast',
        measured: round1(contrast),
        limit: MIN_CONTRAST,
        evidence: `Page ${page.number}: low contrast ${round1(contrast)}:1 between text and background`,
        advice: `Hard to read on a projector or a phone in daylight: aim for at least ${MIN_CONTRAST}:1.`,
      });
    }
  }
  return { pages: measured, findings };
}
