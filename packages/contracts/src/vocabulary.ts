/** Words the whole product shares (spec sections 3 and 9). */

export const STAGES = ['Pre-seed', 'Seed', 'Series A', 'Series B', 'Series C+'] as const;
export type Stage = (typeof STAGES)[number];

export const BUSINESS_MODELS = ['B2B', 'B2C', 'Marketplace', 'PLG', 'Other'] as const;
export type BusinessModel = (typeof BUSINESS_MODELS)[number];

export const REVENUE_STAGES = ['Pre-revenue', 'MVP', 'Revenue', 'Scaling'] as const;
export type RevenueStage = (typeof REVENUE_STAGES)[number];

export const INDUSTRIES = [
  'SaaS',
  'Fintech',
  'Healthcare',
  'E-commerce',
  'EdTech',
  'Marketplace',
  'AI/ML',
  'DevTools',
  'Climate Tech',
  'Consumer',
  'Enterprise Software',
  'Biotech',
  'Logistics',
  'PropTech',
  'Crypto/Web3',
  'Gaming',
  'Media',
  'Food & Beverage',
  'Manufacturing',
  'Energy',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const INSTRUMENTS = ['SAFE', 'Equity', 'Convertible'] as const;
export const REVENUE_MODES = ['MRR', 'ARR'] as const;
export const ACTIVE_USER_METRICS = ['DAU', 'WAU', 'MAU'] as const;
export const COMMITMENTS = ['Full-time', 'Part-time'] as const;

/** The nine FitScore dimensions, in display order. */
export const SUB_SCORE_KEYS = [
  'team',
  'market',
  'problemSolution',
  'traction',
  'product',
  'businessModel',
  'financials',
  'gtm',
  'risks',
] as const;
export type SubScoreKey = (typeof SUB_SCORE_KEYS)[number];
export type SubScores = Record<SubScoreKey, number>;

export const SUB_SCORE_LABELS: Record<SubScoreKey, string> = {
  team: 'Team',
  market: 'Market',
  problemSolution: 'Problem & Solution',
  traction: 'Traction',
  product: 'Product',
  businessModel: 'Business Model',
  financials: 'Financials',
  gtm: 'Go-to-Market',
  risks: 'Risks',
};

/** Weights 1-10 per dimension (contracts' weights.ts holds the default set). */
export type ScoreWeights = Record<SubScoreKey, number>;
