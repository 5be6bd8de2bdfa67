import {
  EQUAL_WEIGHTS,
  FitScoreAnalysisSchema,
  insightKind,
  matchLabel,
  RubricSchema,
  STAGES,
  SUB_SCORE_KEYS,
  type FounderProfileInput,
  type ScoreWeights,
  type Stage,
} from '@fitscore/contracts';
import { describe, expect, it } from 'vitest';
import { buildAnalysis } from '../build-analysis.ts';
import type { DeckText } from '../model.ts';
import { makeProfile } from '../testing/profiles.ts';
import { RUBRIC } from './rubric.ts';
import { weightedScore } from './weighted.ts';

const deck = (pages: Array<[string, string]>): DeckText => ({
  format: 'pptx',
  pages: pages.map(([title, text], i) => ({ number: i + 1, title, text: `${title}\n${text}`, notes: '', source: 'text' })),
});

// A deck with words but no numbers, so profile numbers never contradict it.
const plainDeck = deck([
  ['Acme Robotics', 'Warehouse robots for small retailers'],
  ['Problem', 'Small retailers waste hours on manual picking and packing'],
  ['Solution', 'Robots that pick and pack, rented monthly'],
  ['Market', 'Every independent retailer with a stockroom'],
  ['Team', 'Jane Doe, CEO and founder'],
]);

const richDeck = deck([
  ['Acme Robotics', 'Seed round. Warehouse robots for small retailers'],
  ['The Problem', 'Small retailers lose 20% of their margin to manual picking. Why now: robot costs fell 70% since 2019'],
  ['Our Solution', 'Robots that pick and pack, rented per month. Unlike existing systems, no integration is needed'],
  ['Product', 'Live in 40 stores; demo and screenshots. Proprietary vision models, patent pending. Roadmap: next 12 months'],
  ['Market Size', 'TAM $40B\nSAM $4B\nSOM $400M\nSource: Gartner 2024\nGrowing at 12% CAGR'],
  ['Business Model', 'Subscription: $1,500 per month per robot\nGross margin 72%\nLTV $54,000, CAC $6,000'],
  ['Traction', 'MRR $60K, growing 22% MoM\n40 paying customers\nCustomers include IKEA'],
  ['Go-to-Market', 'Target customers: independent retailers. Channels: direct sales, channel partners, trade shows'],
  ['Competition', 'Competitors: Locus, 6 River; we differentiate on price'],
  ['Team', 'Jane Doe, CEO & Co-founder: previously founded ShipFast (acquired by Shopify)\nJohn Roe, CTO & Co-founder: ex-Google, PhD Stanford\nTeam of 12'],
  ['Financials', 'Revenue projections 2025 2026 2027\nMonthly burn $90K\nRunway 20 months'],
  ['Risks', 'Key risks and mitigation: hardware supply, handled with two vendors'],
  ['The Ask', 'Raising $3M SAFE at a $15M valuation cap\nUse of funds: 50% product, 50% sales'],
]);

const scores = (a: ReturnType<typeof buildAnalysis>) => Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, a.subScores[k].score]));
const withoutTimings = (a: ReturnType<typeof buildAnalysis>) => ({ ...a, timings: null });

describe('scoring', () => {
  it('produces a result that satisfies the contract schema', () => {
    const a = buildAnalysis(richDeck, makeProfile({ stage: 'Seed', mrr: 60_000, gross_margin: 72 }));
    expect(() => FitScoreAnalysisSchema.parse(a)).not.toThrow();
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });

  it('is deterministic: same input, same output (timings aside)', () => {
    const p = makeProfile({ stage: 'Seed', mrr: 60_000, gross_margin: 72 });
    expect(withoutTimings(buildAnalysis(richDeck, p))).toEqual(withoutTimings(buildAnalysis(richDeck, p)));
  });

  it('scores a complete deck well above a thin one, with evidence pages for what it found', () => {
    const rich = buildAnalysis(richDeck, makeProfile({ stage: 'Seed', mrr: 60_000, gross_margin: 72 }));
    const thin = buildAnalysis(plainDeck, null);
    expect(rich.overall).toBeGreaterThan(thin.overall + 25);
    expect(rich.confidence.evidence).toBeGreaterThan(thin.confidence.evidence);
    const traction = rich.subScores.traction;
    expect(traction.rules.map((r) => r.id)).toContain('traction.revenue_good');
    expect(traction.evidence.some((e) => e.page === 7)).toBe(true);
    expect(rich.subScores.market.evidence.some((e) => e.page === 5 && e.quote.includes('TAM'))).toBe(true);
  });

  const better: Array<[string, Array<Partial<FounderProfileInput>>]> = [
    ['mrr', [0, 2_000, 15_000, 100_000, 400_000, 3_000_000].map((mrr) => ({ mrr, gross_margin: 60 }))],
    ['mom_growth', [-20, 0, 6, 12, 25, 60].map((mom_growth) => ({ mom_growth }))],
    ['paying_customers', [0, 3, 12, 60, 300, 2_000].map((paying_customers) => ({ paying_customers }))],
    ['gross_margin', [5, 30, 55, 75, 90].map((gross_margin) => ({ gross_margin }))],
    ['cash (runway)', [50_000, 300_000, 700_000, 1_500_000].map((cash) => ({ cash, burn: 50_000 }))],
    ['burn (lower is better)', [400_000, 100_000, 40_000, 10_000].map((burn) => ({ burn, cash: 600_000, mrr: 20_000, mom_growth: 10, gross_margin: 70 }))],
    ['logo_churn (lower is better)', [20, 8, 4, 1].map((logo_churn) => ({ logo_churn }))],
    ['ltv', [100, 1_000, 3_000, 10_000].map((ltv) => ({ ltv, cac: 1_000 }))],
    ['cac (lower is better)', [20_000, 3_000, 500, 100].map((cac) => ({ cac, ltv: 3_000 }))],
    ['tam', [1e6, 5e8, 2e9, 5e10].map((tam) => ({ tam }))],
    ['team_size', [1, 3, 8, 40, 300].map((team_size) => ({ team_size }))],
    ['committed_amount', [0, 300_000, 900_000, 2_000_000].map((committed_amount) => ({ committed_amount }))],
    ['retention_rate', [5, 25, 50].map((retention_rate) => ({ retention_rate }))],
    ['win_rate', [5, 25, 40].map((win_rate) => ({ win_rate }))],
  ];

  describe.each(STAGES.map((s) => [s]))('monotonicity at %s', (stage: Stage) => {
    it.each(better)('better %s never lowers any sub-score', (_name, steps) => {
      let previous: Record<string, number> | null = null;
      for (const step of steps) {
        const current = scores(buildAnalysis(plainDeck, makeProfile({ stage, ...step })));
        if (previous) for (const k of SUB_SCORE_KEYS) expect(current[k], `${k} after ${JSON.stringify(step)}`).toBeGreaterThanOrEqual(previous[k]!);
        previous = current;
      }
    });
  });

  it('judges traction against the stage: the same numbers score higher at Pre-seed than at Series A', () => {
    const numbers = { mrr: 20_000, mom_growth: 12, paying_customers: 15, gross_margin: 70 };
    const pre = buildAnalysis(plainDeck, makeProfile({ stage: 'Pre-seed', ...numbers }));
    const a = buildAnalysis(plainDeck, makeProfile({ stage: 'Series A', ...numbers }));
    expect(pre.subScores.traction.score).toBeGreaterThan(a.subScores.traction.score);
    expect(pre.stage).toEqual({ value: 'Pre-seed', source: 'profile' });
  });

  it('lists key insights exactly for sub-scores of 8+ and 4 or below', () => {
    for (const a of [buildAnalysis(richDeck, makeProfile({ stage: 'Seed', mrr: 60_000, gross_margin: 72 })), buildAnalysis(plainDeck, null)]) {
      const expected = SUB_SCORE_KEYS.filter((k) => insightKind(a.subScores[k].score) !== null);
      expect(a.insights.map((i) => i.dimension)).toEqual(expected);
      for (const i of a.insights) expect(i.kind).toBe(insightKind(a.subScores[i.dimension].score));
    }
  });

  it('recommends three distinct Do-Next items tied to weak dimensions, with positive gains on a thin deck', () => {
    const a = buildAnalysis(plainDeck, makeProfile());
    expect(a.doNext).toHaveLength(3);
    expect(new Set(a.doNext.map((d) => d.dimension)).size).toBe(3);
    for (const d of a.doNext) {
      expect(a.subScores[d.dimension].score).toBeLessThanOrEqual(6);
      expect(d.gain).toBeGreaterThan(0);
      expect(d.subScoreGain).toBeGreaterThan(0);
      expect(d.detail).toContain(`(+${d.gain} FitScore ${d.gain === 1 ? 'point' : 'points'})`);
    }
  });

  it('reports key metrics with their source', () => {
    const a = buildAnalysis(richDeck, makeProfile({ stage: 'Seed', burn: 90_000, cash: 1_800_000 }));
    expect(a.keyMetrics.mrr).toMatchObject({ value: 60_000, source: 'deck', page: 7, display: '$60K' });
    expect(a.keyMetrics.burn).toMatchObject({ value: 90_000, source: 'profile', page: null });
    expect(a.keyMetrics.runwayMonths).toMatchObject({ value: 20, source: 'profile' });
    expect(a.keyMetrics.ltvCac).toMatchObject({ value: 9, source: 'derived' });
  });
});

describe('weightedScore', () => {
  const a = buildAnalysis(richDeck, makeProfile({ stage: 'Seed' }));
  const only = (key: (typeof SUB_SCORE_KEYS)[number]): ScoreWeights => Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, k === key ? 10 : 0])) as ScoreWeights;

  it('equals the stored overall under the default weights, also after a JSON round trip', () => {
    expect(weightedScore(a, EQUAL_WEIGHTS)).toEqual({ overall: a.overall, label: a.label });
    expect(weightedScore(JSON.parse(JSON.stringify(a)), EQUAL_WEIGHTS).overall).toBe(a.overall);
  });

  it('is the weighted mean: all weight on one dimension gives that sub-score x 10', () => {
    for (const k of SUB_SCORE_KEYS) expect(weightedScore(a, only(k)).overall).toBe(a.subScores[k].score * 10);
  });

  it('moves towards a dimension as its weight grows, and labels by spec bands', () => {
    const best = SUB_SCORE_KEYS.reduce((x, y) => (a.subScores[y].score > a.subScores[x].score ? y : x));
    let last = -1;
    for (const w of [1, 3, 6, 10]) {
      const r = weightedScore(a, { ...EQUAL_WEIGHTS, [best]: w });
      expect(r.overall).toBeGreaterThanOrEqual(last);
      expect(r.label).toBe(matchLabel(r.overall));
      last = r.overall;
    }
  });

  it('falls back to equal weights when every weight is zero', () => {
    const zero = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, 0])) as ScoreWeights;
    expect(weightedScore(a, zero).overall).toBe(a.overall);
  });
});

describe('RUBRIC', () => {
  it('is plain data matching the contract, covering nine dimensions with sourced benchmarks', () => {
    expect(() => RubricSchema.parse(JSON.parse(JSON.stringify(RUBRIC)))).not.toThrow();
    expect(RUBRIC.dimensions.map((d) => d.key)).toEqual([...SUB_SCORE_KEYS]);
    for (const b of RUBRIC.benchmarks) expect(b.source.length).toBeGreaterThan(20);
    const ids = new Set(RUBRIC.dimensions.flatMap((d) => d.rules.map((r) => r.id)));
    const a = buildAnalysis(richDeck, makeProfile({ stage: 'Seed' }));
    for (const k of SUB_SCORE_KEYS) for (const r of a.subScores[k].rules) expect(ids.has(r.id)).toBe(true);
  });

  it('counts a prototype or a screenshot as shown, not as live', () => {
    const fired = (text: string) => {
      const a = buildAnalysis(deck([['Acme', 'Seed round'], ['The Problem', 'Retailers lose 20% of margin to manual picking'], ['Product', text]]), null);
      return a.subScores.product.rules.map((r) => r.id);
    };
    const shown = fired('First prototype finished: screenshot of the picking robot dashboard and its mobile app');
    expect(shown).toContain('product.demo');
    expect(shown).not.toContain('product.live');
    expect(fired('Launched in March: the picking robot dashboard and its mobile app are in production at three stores')).toContain('product.live');
    // A factory's output is no product in production.
    const output = fired('Inability to estimate the required increase in production of masks and gloves across hospitals');
    expect(output).not.toContain('product.live');
    expect(output).not.toContain('product.demo');
  });
});

describe('what a partner credits: substance, not headings (engine 4)', () => {
  const base: Array<[string, string]> = [
    ['Acme', 'Warehouse robots for small retailers'],
    ['The Problem', 'Small retailers lose 20% of their margin to manual picking and packing every week'],
  ];
  const rules = (pages: Array<[string, string]>, key: (typeof SUB_SCORE_KEYS)[number]) =>
    buildAnalysis(deck([...base, ...pages]), null).subScores[key].rules.map((r) => r.id);

  it('gives nothing for a topic named only in a heading; the same word over a figure or a link counts', () => {
    // Heading over pictures: 'THE PRODUCT DEMO (BETA)' is neither a demo shown nor a live product.
    const heading = rules([['Product', 'Robots pick and pack orders from shelves into boxes\nTHE PRODUCT DEMO (BETA)\nLet the fun begin!']], 'product');
    expect(heading).not.toContain('product.demo');
    expect(heading).not.toContain('product.live');
    expect(rules([['Product', 'Robots pick and pack orders from shelves into boxes\nDemo\nhttps://acme.example/demo']], 'product')).toContain('product.demo');
    // A price list under 'In-app Purchases' names the model; the heading alone does not.
    expect(rules([['Revenue Opportunity', 'In-app Purchases\n$1 to unlock each extra match']], 'businessModel')).toContain('bm.model');
    expect(rules([['Business Model', 'Robots are rented to retailers\nIn-app Purchases']], 'businessModel')).not.toContain('bm.model');
  });

  it('takes nothing from a table of contents or a slide of template filler', () => {
    const toc = rules([['Table of Contents', '1 Problem 03\n5 Why Now 07\n9 Roadmap + Milestones 13-14\n10 Competitive Advantage 15']], 'problemSolution');
    expect(toc).not.toContain('ps.why_now');
    expect(toc).not.toContain('ps.differentiation');
    expect(rules([['Competitive Advantages 10', '1st to market\nLorem ipsum dolor sit amet, consectetur adipiscing elit']], 'product')).not.toContain('product.differentiation');
    // The same lines on a slide about them count.
    expect(rules([['Why now', 'Why now: robot prices fell 70% since 2019 and wages rose 20%']], 'problemSolution')).toContain('ps.why_now');
  });

  it('reads a budget slide as spending: licensing or a prototype there is no revenue model and no demo', () => {
    const ask = ['Use of funds', 'Item Cost Purpose\nVision board Rs.8900 Prototype\nStartup Registration and Licensing Rs. 2 lakh\nWe need funding of Rs. 2 lakh'] as [string, string];
    expect(rules([ask], 'businessModel')).not.toContain('bm.model');
    expect(rules([ask], 'product')).not.toContain('product.demo');
  });

  it('reads advertising as a revenue model only when the company sells it, not when it buys it', () => {
    const spend = rules([['Marketing ideas', 'Local radio stations will also be advertising our brand\nTargeted advertising campaigns on social media\nOnline Advertising -£ 130']], 'businessModel');
    expect(spend).not.toContain('bm.model');
    expect(rules([['How we earn', 'Advertisers pay us to show their offers beside each order confirmation']], 'businessModel')).toContain('bm.model');
    expect(rules([['How we earn', 'Advertising revenue from the free tier of the app']], 'businessModel')).toContain('bm.model');
  });

  it('counts a round size only when it is a venture round, not a project budget', () => {
    expect(rules([['The Ask', 'We need a £3000 investment to build the pilot']], 'financials')).not.toContain('fin.ask');
    expect(rules([['The Ask', 'Raising $500K pre-seed to build the pilot']], 'financials')).toContain('fin.ask');
  });

  it('credits a market slide that sizes the market, not one that only names a segment', () => {
    expect(rules([['Market', 'Small and independent retailers with a stockroom who need faster packing and shipping']], 'market')).not.toContain('market.slide');
    expect(rules([['Market', 'Small and independent retailers: 1.2 million stores in the EU']], 'market')).toContain('market.slide');
  });

  it('credits a team slide that says who leads what above one that lists names', () => {
    const names = buildAnalysis(deck([...base, ['Team', 'Team Members\nJane Doe\nJohn Roe\nMentor: Ann Lee']]), null).subScores.team;
    const roles = buildAnalysis(deck([...base, ['Team', 'Jane Doe, CEO & Co-founder\nJohn Roe, CTO & Co-founder\nMentor: Ann Lee']]), null).subScores.team;
    expect(names.rules.map((r) => r.id)).not.toContain('team.roles');
    expect(roles.rules.map((r) => r.id)).toContain('team.roles');
    expect(roles.score).toBeGreaterThan(names.score);
  });
});
