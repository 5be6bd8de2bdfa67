import { z } from 'zod';
import { STAGES, SUB_SCORE_KEYS } from './vocabulary.ts';

/**
 * The FitScore analysis of one deck + profile, as stored (jsonb) and sent to browsers.
 * Produced by @fitscore/deck-analysis; plain JSON only (no Dates, no undefined).
 */

export const DECK_FORMAT_VALUES = ['pdf', 'pptx', 'ppt'] as const;

export const SECTION_KINDS = [
  'problem',
  'solution',
  'product',
  'market',
  'businessModel',
  'traction',
  'gtm',
  'competition',
  'team',
  'financials',
  'ask',
  'risks',
] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

export const FACT_KINDS = [
  'mrr',
  'arr',
  'revenue',
  'gmv',
  'momGrowth',
  'yoyGrowth',
  'payingCustomers',
  'customers',
  'users',
  'activeUsers',
  'pilots',
  'tam',
  'sam',
  'som',
  'marketCagr',
  'raise',
  'valuation',
  'committed',
  'burn',
  'cash',
  'runwayMonths',
  'cac',
  'ltv',
  'churn',
  'retention',
  'grossMargin',
  'pricing',
  'teamSize',
  'priorExit',
  'notableCompany',
  'degree',
  'amount',
  'percent',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export const FACT_UNITS = ['currency', 'percent', 'count', 'months', 'text'] as const;
export const EVIDENCE_SOURCES = ['deck', 'profile'] as const;

export const FactSchema = z.object({
  id: z.string(),
  kind: z.enum(FACT_KINDS),
  value: z.number(),
  unit: z.enum(FACT_UNITS),
  /** ISO 4217 code for money ('USD', 'EUR', 'INR'...), else null. */
  currency: z.string().nullable(),
  period: z.enum(['month', 'year']).nullable(),
  /** For signals (company, degree) the name found; else null. */
  label: z.string().nullable(),
  /** 1-based slide/page number; null for profile facts. */
  page: z.number().int().positive().nullable(),
  /** The words the fact was read from (deck) or the profile field name. */
  quote: z.string(),
  /** 'llm' facts were proposed by the optional language model and verified against the page. */
  source: z.enum(['deck', 'profile', 'llm']),
});
export type Fact = z.infer<typeof FactSchema>;

export const EvidenceSchema = z.object({
  source: z.enum(['deck', 'profile', 'llm']),
  page: z.number().int().positive().nullable(),
  quote: z.string(),
  factId: z.string().nullable(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const RuleHitSchema = z.object({
  id: z.string(),
  description: z.string(),
  points: z.number(),
});
export type RuleHit = z.infer<typeof RuleHitSchema>;

export const SubScoreSchema = z.object({
  score: z.number().int().min(1).max(10),
  summary: z.string(),
  evidence: z.array(EvidenceSchema),
  rules: z.array(RuleHitSchema),
});
export type SubScoreDetail = z.infer<typeof SubScoreSchema>;

const subScoreShape = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, SubScoreSchema])) as Record<
  (typeof SUB_SCORE_KEYS)[number],
  typeof SubScoreSchema
>;

export const KeyMetricSchema = z.object({
  value: z.number(),
  unit: z.enum(['currency', 'percent', 'count', 'months', 'ratio']),
  currency: z.string().nullable(),
  source: z.enum(['profile', 'deck', 'llm', 'derived']),
  page: z.number().int().positive().nullable(),
  display: z.string(),
});
export type KeyMetric = z.infer<typeof KeyMetricSchema>;

export const KEY_METRIC_KEYS = [
  'mrr',
  'arr',
  'momGrowth',
  'cac',
  'ltv',
  'ltvCac',
  'paybackMonths',
  'burn',
  'cash',
  'runwayMonths',
  'grossMargin',
  'payingCustomers',
  'activeUsers',
  'churn',
  'tam',
  'raise',
  'valuation',
  'teamSize',
] as const;
export type KeyMetricKey = (typeof KEY_METRIC_KEYS)[number];

const keyMetricShape = Object.fromEntries(KEY_METRIC_KEYS.map((k) => [k, KeyMetricSchema.nullable()])) as Record<
  KeyMetricKey,
  z.ZodNullable<typeof KeyMetricSchema>
>;

/**
 * Readability advice for one page (issue 32 point 4): what an investor reading on a laptop or a
 * phone will struggle with. Advice only: it never changes a score.
 */
export const READABILITY_CHECKS = ['words', 'figures', 'smallText', 'contrast'] as const;
export type ReadabilityCheck = (typeof READABILITY_CHECKS)[number];

export const ReadabilityFindingSchema = z.object({
  /** The page the advice is shown beside (the first one when the same line repeats on several). */
  page: z.number().int().positive(),
  /** Every page it applies to: one, or each page a repeated line (a footer) is on. */
  pages: z.array(z.number().int().positive()),
  check: z.enum(READABILITY_CHECKS),
  /** The measured value: words, figures, smallest text in points (phone equivalent), or contrast ratio. */
  measured: z.number(),
  /** The threshold it crossed, in the same unit. */
  limit: z.number(),
  /** What was measured, with the page ('Page 4: 182 words'). */
  evidence: z.string(),
  /** What to do about it. */
  advice: z.string(),
});
export type ReadabilityFinding = z.infer<typeof ReadabilityFindingSchema>;

export const ReadabilitySchema = z.object({
  /** Pages looked at, and what could be measured on them (text sizes and colours need a text layer with that information). */
  pages: z.array(
    z.object({
      page: z.number().int().positive(),
      words: z.number().int().nonnegative(),
      figures: z.number().int().nonnegative(),
      /** Smallest readable text on the page as a phone shows it, in points; null when the reader gives no sizes. */
      smallestTextPt: z.number().nullable(),
      /** Lowest text/background contrast ratio found (1-21); null when not measured. */
      lowestContrast: z.number().nullable(),
    }),
  ),
  findings: z.array(ReadabilityFindingSchema),
});
export type Readability = z.infer<typeof ReadabilitySchema>;

export const FitScoreAnalysisSchema = z.object({
  engineVersion: z.string(),
  deck: z.object({
    format: z.enum(DECK_FORMAT_VALUES),
    pages: z.number().int().nonnegative(),
    textPages: z.number().int().nonnegative(),
    ocrPages: z.number().int().nonnegative(),
    words: z.number().int().nonnegative(),
  }),
  /** The stage the benchmarks were taken at, and where it came from. */
  stage: z.object({ value: z.enum(STAGES), source: z.enum(['profile', 'deck', 'default']) }),
  subScores: z.object(subScoreShape),
  /** 0-100 under the default (equal) weights. */
  overall: z.number().int().min(0).max(100),
  label: z.string(),
  confidence: z.object({ level: z.enum(['High', 'Medium', 'Low']), evidence: z.number().int().min(0).max(100) }),
  strengths: z.array(z.object({ dimension: z.enum(SUB_SCORE_KEYS), text: z.string() })),
  doNext: z.array(
    z.object({
      dimension: z.enum(SUB_SCORE_KEYS),
      title: z.string(),
      detail: z.string(),
      /** FitScore points (0-100 scale, default weights) the change would add. */
      gain: z.number().int().nonnegative(),
      /** Sub-score points (1-10) the change would add to its dimension. */
      subScoreGain: z.number().int().nonnegative(),
    }),
  ),
  insights: z.array(
    z.object({
      dimension: z.enum(SUB_SCORE_KEYS),
      kind: z.enum(['strong', 'weak']),
      score: z.number().int(),
      text: z.string(),
    }),
  ),
  keyMetrics: z.object(keyMetricShape),
  sections: z.array(z.object({ kind: z.enum(SECTION_KINDS), title: z.string().nullable(), pages: z.array(z.number().int().positive()) })),
  facts: z.array(FactSchema),
  contradictions: z.array(
    z.object({
      metric: z.string(),
      profileValue: z.number(),
      deckValue: z.number(),
      page: z.number().int().positive(),
      message: z.string(),
    }),
  ),
  /** Set when the optional language model added verified facts; null otherwise. */
  llm: z.object({ model: z.string(), factsAdded: z.number().int().nonnegative(), sectionsAdded: z.number().int().nonnegative() }).nullable(),
  /** Wall-clock milliseconds per stage: the only field that varies between identical runs. */
  timings: z.object({
    parseMs: z.number().nonnegative(),
    ocrMs: z.number().nonnegative(),
    understandMs: z.number().nonnegative(),
    scoringMs: z.number().nonnegative(),
  }),
  /** Readability advice per page; absent on analyses stored before it existed. Never part of any score. */
  readability: ReadabilitySchema.optional(),
});
export type FitScoreAnalysis = z.infer<typeof FitScoreAnalysisSchema>;

/** 'How it's calculated': the rubric as data. */
export const BenchmarkSchema = z.object({
  id: z.string(),
  metric: z.string(),
  description: z.string(),
  unit: z.string(),
  /** Thresholds per stage ('good' earns points, 'great' earns more); null when not stage-specific. */
  byStage: z.record(z.enum(STAGES), z.object({ good: z.number(), great: z.number() })).nullable(),
  /** Thresholds when not stage-specific. */
  good: z.number().nullable(),
  great: z.number().nullable(),
  /** True when lower is better (churn, CAC payback). */
  lowerIsBetter: z.boolean(),
  source: z.string(),
});
export type Benchmark = z.infer<typeof BenchmarkSchema>;

export const RubricSchema = z.object({
  engineVersion: z.string(),
  overall: z.string(),
  confidence: z.string(),
  dimensions: z.array(
    z.object({
      key: z.enum(SUB_SCORE_KEYS),
      label: z.string(),
      measures: z.string(),
      base: z.number(),
      rules: z.array(z.object({ id: z.string(), description: z.string(), points: z.number(), benchmark: z.string().nullable() })),
    }),
  ),
  benchmarks: z.array(BenchmarkSchema),
});
export type Rubric = z.infer<typeof RubricSchema>;
