import { SECTION_KINDS, type SectionKind } from '@fitscore/contracts';
import type { DeckReport } from '../src/report/deck-report.ts';
import { NON_CURRENT, type LabelledDeck } from './labels.ts';

/** One labelled deck as an engine read and reported it (null when it could not be read). */
export interface Outcome {
  label: LabelledDeck;
  report: DeckReport | null;
  error: string | null;
}

export interface SectionFigure {
  kind: SectionKind;
  labelled: number;
  found: number;
  tp: number;
  p: number;
  r: number;
  f1: number;
}

export interface Figures {
  sections: SectionFigure[];
  macroF1: number;
  facts: { labelled: number; listed: number; right: number; found: number; precision: number; recall: number; nonCurrent: string[]; misses: string[]; wrong: string[] };
  ordering: { ordered: number; pairs: number; share: number; reversed: string[] };
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.02 * Math.max(Math.abs(a), Math.abs(b));
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

/** Section figures over (deck, page) pairs; a refused deck is a deck with no sections found. */
function sectionFigures(outcomes: readonly Outcome[]): SectionFigure[] {
  return SECTION_KINDS.map((kind) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const o of outcomes) {
      const truth = new Set(o.label.pages.filter((p) => p.sections.includes(kind)).map((p) => p.page));
      const found = new Set(o.report?.verdict.value === 'deck' ? o.report.sections[kind] : []);
      for (const p of found) if (truth.has(p)) tp += 1;
      else fp += 1;
      for (const p of truth) if (!found.has(p)) fn += 1;
    }
    const p = ratio(tp, tp + fp);
    const r = ratio(tp, tp + fn);
    return { kind, labelled: tp + fn, found: tp + fp, tp, p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
  });
}

/** Facts listed as current against the labelled ones: right when key, page and value (within 2%) match. */
function factFigures(outcomes: readonly Outcome[]): Figures['facts'] {
  let labelled = 0;
  let listed = 0;
  let right = 0;
  let found = 0;
  const nonCurrent: string[] = [];
  const misses: string[] = [];
  const wrong: string[] = [];
  for (const o of outcomes) {
    const facts = o.report?.verdict.value === 'deck' ? o.report.facts.filter((f) => f.status === 'current') : [];
    const truth = Object.entries(o.label.facts);
    labelled += truth.length;
    const seen = new Set<string>();
    for (const f of facts) {
      const key = `${f.key}|${f.page}|${f.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      listed += 1;
      if (truth.some(([k, t]) => k === f.key && t.page === f.page && near(t.value, f.value))) right += 1;
      else wrong.push(`${o.label.file} p${f.page} ${f.key}=${f.value} '${f.quote.slice(0, 70)}'`);
      const bad = NON_CURRENT.find((n) => n.file === o.label.file && (n.page === undefined || n.page === f.page) && near(n.value, f.value));
      if (bad) nonCurrent.push(`${o.label.file} p${f.page} ${f.key}=${f.value} (${bad.what})`);
    }
    for (const [k, t] of truth) {
      if (facts.some((f) => f.key === k && f.page === t.page && near(t.value, f.value))) found += 1;
      else misses.push(`${o.label.file} p${t.page} ${k}=${t.value}`);
    }
  }
  return { labelled, listed, right, found, precision: ratio(right, listed), recall: ratio(found, labelled), nonCurrent, misses, wrong };
}

const FUNDED = new Set(['funded-famous', 'funded-seed']);

/** Every (funded, hackathon-or-idea) pair of labelled decks: is the funded deck's overall higher? A refused deck scores below every deck. */
function orderingFigures(outcomes: readonly Outcome[]): Figures['ordering'] {
  const score = (o: Outcome) => (o.report ? (o.report.verdict.value === 'deck' ? (o.report.overall ?? 0) : -1) : null);
  const funded = outcomes.filter((o) => FUNDED.has(o.label.outcome ?? ''));
  const early = outcomes.filter((o) => o.label.outcome === 'hackathon-or-idea');
  let pairs = 0;
  let ordered = 0;
  const reversed: string[] = [];
  for (const hi of funded) {
    for (const lo of early) {
      const a = score(hi);
      const b = score(lo);
      if (a === null || b === null) continue;
      pairs += 1;
      if (a > b) ordered += 1;
      else reversed.push(`${hi.label.file} ${a} <= ${lo.label.file} ${b}`);
    }
  }
  return { ordered, pairs, share: ratio(ordered, pairs), reversed };
}

export function figures(outcomes: readonly Outcome[]): Figures {
  const sections = sectionFigures(outcomes);
  return { sections, macroF1: sections.reduce((a, s) => a + s.f1, 0) / sections.length, facts: factFigures(outcomes), ordering: orderingFigures(outcomes) };
}
