import type { Benchmark, Stage } from '@fitscore/contracts';

/**
 * Every figure the rubric compares against, with where it comes from. Figures are
 * rounded and several are judgment calls; docs/scoring.md says which and why.
 */

type ByStage = Record<Stage, { good: number; great: number }>;

const stageTable = (rows: [number, number][]): ByStage => ({
  'Pre-seed': { good: rows[0]![0], great: rows[0]![1] },
  Seed: { good: rows[1]![0], great: rows[1]![1] },
  'Series A': { good: rows[2]![0], great: rows[2]![1] },
  'Series B': { good: rows[3]![0], great: rows[3]![1] },
  'Series C+': { good: rows[4]![0], great: rows[4]![1] },
});

function staged(
  id: string,
  metric: string,
  unit: string,
  description: string,
  rows: [number, number][],
  source: string,
): Benchmark {
  return { id, metric, unit, description, byStage: stageTable(rows), good: null, great: null, lowerIsBetter: false, source };
}

function flat(
  id: string,
  metric: string,
  unit: string,
  description: string,
  good: number,
  great: number,
  lowerIsBetter: boolean,
  source: string,
): Benchmark {
  return { id, metric, unit, description, byStage: null, good, great, lowerIsBetter, source };
}

export const BENCHMARKS = {
  mrr: staged(
    'mrr',
    'MRR (USD)',
    'USD / month',
    'Monthly recurring revenue at the time of the round.',
    [
      [1_000, 10_000],
      [10_000, 40_000],
      [85_000, 250_000],
      [400_000, 850_000],
      [1_250_000, 2_500_000],
    ],
    "Point Nine Capital's SaaS Funding Napkin (ARR typical of each round: Series A about $1-3M ARR, Series B about $5-10M, C $15-30M) and Bessemer's State of the Cloud; Pre-seed and Seed bars are our judgment (any repeatable revenue, then $120K-$500K ARR).",
  ),
  momGrowth: staged(
    'momGrowth',
    'MoM revenue growth',
    '% / month',
    'Month-over-month growth of revenue (or users when pre-revenue).',
    [
      [10, 20],
      [10, 20],
      [7, 10],
      [5, 7],
      [3, 5],
    ],
    "Paul Graham, 'Startup = Growth' (2012: 5-7% a week is good during YC); Neeraj Agrawal, 'T2D3' (Battery Ventures, 2015: triple, triple, double, double, double = about 10%, 10%, 6% a month). Exact cut-offs per stage are our judgment.",
  ),
  payingCustomers: staged(
    'payingCustomers',
    'Paying customers',
    'customers',
    'Paying customers (B2B) at the time of the round.',
    [
      [3, 10],
      [10, 30],
      [50, 150],
      [200, 500],
      [500, 1_500],
    ],
    'Judgment call, consistent with the ARR bars above at typical early B2B contract values ($5K-$20K a year).',
  ),
  activeUsers: staged(
    'activeUsers',
    'Active users',
    'users',
    'Monthly active users (consumer products).',
    [
      [500, 5_000],
      [5_000, 50_000],
      [50_000, 250_000],
      [250_000, 1_000_000],
      [1_000_000, 5_000_000],
    ],
    'Judgment call for consumer products; order-of-magnitude steps per round.',
  ),
  teamSize: staged(
    'teamSize',
    'Team size',
    'people',
    'People on the team.',
    [
      [2, 4],
      [4, 10],
      [10, 30],
      [30, 80],
      [80, 200],
    ],
    "Judgment call, in line with Carta's headcount-by-stage reports (median Seed companies about 10 people, Series A about 25-30).",
  ),
  grossMarginSoftware: flat(
    'grossMarginSoftware',
    'Gross margin (software: B2B, PLG, SaaS)',
    '%',
    'Gross margin for software business models.',
    70,
    80,
    false,
    "KeyBanc Capital Markets & Sapphire Ventures SaaS Survey (median subscription gross margin in the high 70s %); Bessemer's State of the Cloud (80% is best in class).",
  ),
  grossMarginOther: flat(
    'grossMarginOther',
    'Gross margin (marketplace, consumer, other)',
    '%',
    'Gross margin for non-software models.',
    40,
    60,
    false,
    'Judgment call: marketplaces and consumer/e-commerce businesses typically run 30-60% gross margins.',
  ),
  ltvCac: flat(
    'ltvCac',
    'LTV : CAC',
    'ratio',
    'Customer lifetime value over acquisition cost.',
    3,
    5,
    false,
    "David Skok, 'SaaS Metrics 2.0' (forEntrepreneurs.com): LTV should exceed 3x CAC.",
  ),
  paybackMonths: flat(
    'paybackMonths',
    'CAC payback',
    'months',
    'Months of gross profit from one customer to earn back its CAC.',
    12,
    6,
    true,
    "David Skok, 'SaaS Metrics 2.0' (payback under 12 months); Bessemer Venture Partners' CAC payback benchmarks (under 12 good, under 6 best).",
  ),
  churn: flat(
    'churn',
    'Monthly logo churn',
    '% / month',
    'Share of customers lost each month.',
    3,
    1.5,
    true,
    'Judgment call informed by the KeyBanc/Sapphire SaaS Survey (median annual churn around 13%, about 1.1% a month) and typical SMB churn of 3-5% a month; above 6% a month is treated as high.',
  ),
  retention: flat(
    'retention',
    'Retention (D30 or stated retention)',
    '%',
    'Users or customers still active after the retention period.',
    20,
    35,
    false,
    "Judgment call above the average app's D30 retention of about 10% reported by Andrew Chen with Quettra data ('Losing 80% of mobile users is normal', 2015).",
  ),
  runwayMonths: flat(
    'runwayMonths',
    'Runway',
    'months',
    'Months of cash at the current burn.',
    12,
    18,
    false,
    "Paul Graham, 'Default Alive or Default Dead?' (2015), and the common VC guidance to raise 18-24 months of runway (Carta, YC). Under 6 months is treated as a risk.",
  ),
  burnMultiple: flat(
    'burnMultiple',
    'Burn multiple',
    'ratio',
    'Net burn divided by net new ARR.',
    2,
    1,
    true,
    "David Sacks, 'The Burn Multiple' (Craft Ventures, 2020): under 1 amazing, 1-1.5 great, 1.5-2 good, 2-3 suspect, over 3 bad.",
  ),
  tam: flat(
    'tam',
    'TAM (USD)',
    'USD',
    'Total addressable market.',
    1_000_000_000,
    10_000_000_000,
    false,
    "Judgment call: the 'billion-dollar market' venture investors commonly look for.",
  ),
  winRate: flat('winRate', 'Win rate', '%', 'Share of qualified opportunities won.', 20, 30, false, 'Judgment call (B2B sales win rates of 20-30% are commonly reported as healthy).'),
  committed: flat(
    'committed',
    'Round committed',
    '% of round',
    'Share of the round already committed.',
    25,
    50,
    false,
    'Judgment call: a round half committed usually closes; a quarter shows real interest.',
  ),
  minWords: flat('minWords', 'Deck text', 'words', 'Readable words in the deck.', 150, 500, false, 'Judgment call: below 150 words there is too little to judge.'),
} satisfies Record<string, Benchmark>;

export type BenchmarkId = keyof typeof BENCHMARKS;

export function stageBar(id: 'mrr' | 'momGrowth' | 'payingCustomers' | 'activeUsers' | 'teamSize', stage: Stage): { good: number; great: number } {
  const table = BENCHMARKS[id].byStage;
  if (!table) throw new Error(`benchmark ${id} is not stage-specific`);
  return table[stage];
}

/** Software models are judged on software margins. */
export function marginBenchmark(model: string | null, industry: string | null): Benchmark {
  const software = model === 'B2B' || model === 'PLG' || industry === 'SaaS' || industry === 'DevTools' || industry === 'Enterprise Software';
  return software ? BENCHMARKS.grossMarginSoftware : BENCHMARKS.grossMarginOther;
}

export const REGULATED_INDUSTRIES = new Set(['Healthcare', 'Fintech', 'Biotech', 'Crypto/Web3', 'Energy']);
