import type { Fact, SectionKind } from '@fitscore/contracts';
import type { PageText } from '../../model.ts';
import { bodySignals } from '../sections.ts';

/**
 * What the section classifier sees of a page: its heading's words apart from its body's,
 * the body's words and word pairs, which of each section's body signals (the rules'
 * vocabulary) its heading, its body and its neighbours' bodies hold, the kinds of numbers on it, whether it opens or closes the deck,
 * how much it says, the sections the hand-written rules give it and its neighbours, and the
 * kinds of figures found on it. Word features carry a prefix ('h:' heading, 'w:' body word,
 * 'b:' body word pair) so that training can keep only the words several companies' decks use;
 * the other features are language-free, so a page in a language without keywords still has
 * its layout and numbers.
 */
export type Features = Map<string, number>;

/** Prefixes of features made of the deck's own words (kept only when several companies use them). */
export const WORD_PREFIXES = ['h:', 'w:'] as const;
export const isWordFeature = (name: string) => WORD_PREFIXES.some((p) => name.startsWith(p));

const WORD = /\p{L}[\p{L}'’-]*\p{L}|\p{L}{2}/gu;
export const tokens = (s: string): string[] => (s.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/’/g, "'"));

/** The heading: the slide title when the format knows it, else the first short line. */
export function splitHeading(page: PageText): { heading: string; body: string } {
  const lines = page.text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const title = page.title?.trim() ?? '';
  if (title !== '') return { heading: title, body: lines.filter((l) => l !== title).join('\n') };
  const first = lines[0] ?? '';
  if (first.length <= 60) return { heading: first, body: lines.slice(1).join('\n') };
  return { heading: '', body: lines.join('\n') };
}

const bounded = (count: number, cap: number) => Math.min(count, cap) / cap;

/** Counts of the kinds of numbers a page holds (money, percentages, years, multiples, large counts). */
function numberKinds(text: string): Array<[string, number]> {
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  return [
    ['n:money', bounded(count(/[$€£¥₹]\s?\d|\d\s?(?:USD|EUR|GBP|INR|Cr|crore|lakh)\b/gi), 3)],
    ['n:percent', bounded(count(/\d\s?%/g), 3)],
    ['n:year', bounded(count(/\b(?:19[89]\d|20[0-4]\d)\b/g), 3)],
    ['n:multiple', bounded(count(/\b\d+(?:\.\d+)?x\b/gi), 2)],
    ['n:scaled', bounded(count(/\d\s?(?:k|m|mm|bn|b|million|billion|trillion|thousand)\b/gi), 3)],
    ['n:plain', bounded(count(/\b\d[\d,.]*\b/g), 6)],
  ];
}

/** Lines that open with a person's name (two or three capitalised words), alone or before a title ('Jane Doe, CEO'). */
const PERSON_LINE = /^\p{Lu}[\p{Ll}'’-]+(?: \p{Lu}\.?)?(?: \p{Lu}[\p{Ll}'’-]+){1,2}(?:\s*[,–—|-]\s.*)?$/u;

const lengthBin = (words: number) => (words === 0 ? '0' : words <= 5 ? '1-5' : words <= 20 ? '6-20' : words <= 60 ? '21-60' : '61+');

export interface DeckContext {
  pages: readonly PageText[];
  /** The sections the rules give each page, in page order. */
  ruleKinds: ReadonlyArray<readonly SectionKind[]>;
  /** Pages the rules find to be no section: a contents, contact, thank-you or filler page. */
  noSection: readonly boolean[];
  /** The deck's current facts (their kinds on a page are features). */
  facts: readonly Fact[];
  /** Pages that are an agenda or hold template filler. */
  agenda: readonly boolean[];
  /** Pages whose figures are all goals or projections (targets), none of today. */
  goalsOnly: readonly boolean[];
}

export function pageFeatures(ctx: DeckContext, index: number): Features {
  const page = ctx.pages[index]!;
  const n = ctx.pages.length;
  const f: Features = new Map();
  const { heading, body } = splitHeading(page);
  // Words as a unit vector per group, so that a long page's words do not drown its layout, numbers and rules.
  const headingWords = new Set(tokens(heading));
  for (const t of headingWords) f.set(`h:${t}`, 1 / Math.sqrt(headingWords.size));
  const bodyWords = new Set(tokens(body));
  for (const t of bodyWords) f.set(`w:${t}`, 1 / Math.sqrt(bodyWords.size));
  for (const [k, v] of numberKinds(page.text)) if (v > 0) f.set(k, v);
  // How many of each section's body signals the rules' vocabulary finds (the rules act only at three
  // or more), and which sections' signals the heading holds ('Our customers', 'Why partner with us').
  for (const [k, n] of bodySignals(`${body}\n${page.notes}`)) f.set(`s:${k}`, bounded(n, 2));
  for (const [k] of bodySignals(heading)) f.set(`hs:${k}`, 1);
  const people = page.text.split('\n').filter((l) => PERSON_LINE.test(l.trim())).length;
  if (people > 0) f.set('n:people', bounded(people, 4));
  // First and last only: a relative position would let slides added elsewhere move this page's sections.
  if (index === 0) f.set('pos:first', 1);
  if (index === n - 1) f.set('pos:last', 1);
  f.set(`len:${lengthBin(tokens(page.text).length)}`, 1);
  if (heading === '') f.set('heading:none', 1);
  if (ctx.agenda[index]) f.set('agenda', 1);
  for (const k of ctx.ruleKinds[index] ?? []) f.set(`r:${k}`, 1);
  for (const k of ctx.ruleKinds[index - 1] ?? []) f.set(`pr:${k}`, 1);
  // The neighbours' body signals at half weight: a deck's pages of one section sit together
  // ('Use of funds' after 'The round'), whether or not the rules name the neighbour.
  for (const [k] of bodySignals(ctx.pages[index - 1]?.text ?? '')) f.set(`ps:${k}`, 0.5);
  for (const [k] of bodySignals(ctx.pages[index + 1]?.text ?? '')) f.set(`ns:${k}`, 0.5);
  for (const k of ctx.ruleKinds[index + 1] ?? []) f.set(`nr:${k}`, 1);
  for (const fact of ctx.facts) if (fact.page === page.number && fact.unit !== 'text') f.set(`f:${fact.kind}`, 1);
  f.set('bias', 1);
  return f;
}
