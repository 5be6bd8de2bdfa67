import type { Fact, FitScoreAnalysis } from './fitscore.ts';
import type { VersionComparison } from './versions.ts';
import { SUB_SCORE_KEYS } from './vocabulary.ts';

type Parts = Omit<VersionComparison, 'from' | 'to' | 'engineDiffers'>;
type ComparedFact = VersionComparison['facts']['added'][number];

/**
 * Kinds a deck states once (its MRR, its raise): two different values of one of them are the same
 * fact changed. Generic figures (an amount, a percentage) and named signals are only 'the same'
 * when their value is; otherwise one was removed and another added.
 */
const GENERIC_KINDS = new Set<Fact['kind']>(['amount', 'percent', 'notableCompany', 'degree']);

const round1 = (n: number) => Math.round(n * 10) / 10;

function change(from: number, to: number) {
  return { from, to, delta: round1(to - from) };
}

function compared(fact: Fact): ComparedFact {
  return {
    kind: fact.kind,
    unit: fact.unit,
    currency: fact.currency,
    period: fact.period,
    label: fact.label,
    value: fact.value,
    page: fact.page,
    quote: fact.quote,
  };
}

/** What identifies 'the same fact' across versions, apart from its value. */
const identity = (f: Fact) => [f.kind, f.unit, f.currency ?? '', f.period ?? '', GENERIC_KINDS.has(f.kind) ? '' : (f.label ?? '').toLowerCase()].join('|');

/** Facts read from the deck (profile facts are not the deck's, and did not change with it). */
const deckFacts = (a: FitScoreAnalysis) => a.facts.filter((f) => f.source !== 'profile');

function compareFacts(before: Fact[], after: Fact[]): Parts['facts'] {
  const added: ComparedFact[] = [];
  const removed: ComparedFact[] = [];
  const changed: Parts['facts']['changed'] = [];
  let unchanged = 0;
  const groups = new Map<string, { before: Fact[]; after: Fact[] }>();
  for (const f of before) {
    const g = groups.get(identity(f)) ?? { before: [], after: [] };
    g.before.push(f);
    groups.set(identity(f), g);
  }
  for (const f of after) {
    const g = groups.get(identity(f)) ?? { before: [], after: [] };
    g.after.push(f);
    groups.set(identity(f), g);
  }
  for (const g of groups.values()) {
    // The same value on both sides is the same fact (wherever its page moved).
    const left = [...g.before];
    const right: Fact[] = [];
    for (const f of g.after) {
      const i = left.findIndex((b) => b.value === f.value);
      if (i >= 0) {
        left.splice(i, 1);
        unchanged += 1;
      } else right.push(f);
    }
    const kind = (g.before[0] ?? g.after[0])!.kind;
    if (!GENERIC_KINDS.has(kind)) {
      while (left.length > 0 && right.length > 0) changed.push({ before: compared(left.shift()!), after: compared(right.shift()!) });
    }
    removed.push(...left.map(compared));
    added.push(...right.map(compared));
  }
  const byPage = (a: ComparedFact, b: ComparedFact) => (a.page ?? 0) - (b.page ?? 0);
  return { added: added.sort(byPage), removed: removed.sort(byPage), changed, unchanged };
}

function compareSections(before: FitScoreAnalysis, after: FitScoreAnalysis): Parts['sections'] {
  const had = new Set(before.sections.map((s) => s.kind));
  const has = new Set(after.sections.map((s) => s.kind));
  return {
    gained: after.sections.filter((s) => !had.has(s.kind)),
    lost: before.sections.filter((s) => !has.has(s.kind)),
    kept: after.sections.filter((s) => had.has(s.kind)).map((s) => s.kind),
  };
}

/**
 * An earlier Do-Next item was addressed when its dimension rose by the points it promised,
 * improved when it rose by less; a dimension that did not rise was not addressed.
 */
function compareDoNext(before: FitScoreAnalysis, after: FitScoreAnalysis): Parts['doNext'] {
  return before.doNext.map((item) => {
    const from = before.subScores[item.dimension].score;
    const to = after.subScores[item.dimension].score;
    const promised = Math.max(1, item.subScoreGain);
    const status = to - from >= promised ? 'addressed' : to > from ? 'improved' : 'not_addressed';
    return { dimension: item.dimension, title: item.title, status, from, to, promised: item.subScoreGain };
  });
}

/** What changed from the earlier analysis to the later one, from the stored results alone. */
export function compareAnalyses(before: FitScoreAnalysis, after: FitScoreAnalysis): Parts {
  return {
    overall: change(before.overall, after.overall),
    subScores: SUB_SCORE_KEYS.map((dimension) => ({
      dimension,
      ...change(before.subScores[dimension].score, after.subScores[dimension].score),
    })),
    facts: compareFacts(deckFacts(before), deckFacts(after)),
    sections: compareSections(before, after),
    doNext: compareDoNext(before, after),
  };
}
