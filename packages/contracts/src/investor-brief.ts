import { z } from 'zod';
import type { FitScoreAnalysis, KeyMetricKey } from './fitscore.ts';
import { SUB_SCORE_KEYS, SUB_SCORE_LABELS } from './vocabulary.ts';

/**
 * The 30-second brief (issue 32 point 5): the one screen an investor reads first, built from a stored
 * analysis alone. Figures carry their page; points and gaps rest on the sub-scores' evidence.
 */
export const BriefFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  display: z.string(),
  /** Deck page the figure was read on; null when it came from the founder's profile or was derived. */
  page: z.number().int().positive().nullable(),
  source: z.enum(['profile', 'deck', 'llm', 'derived']),
});

export const BriefPointSchema = z.object({
  dimension: z.enum(SUB_SCORE_KEYS),
  label: z.string(),
  score: z.number().int(),
  text: z.string(),
  /** Deck pages of the evidence it rests on (none for a gap with no evidence at all). */
  pages: z.array(z.number().int().positive()),
});

export const InvestorBriefSchema = z.object({
  company: z.string().nullable(),
  /** What the company does, in its own words (the profile's one-liner), or null. */
  whatItDoes: z.string().nullable(),
  stage: z.string(),
  overall: z.number().int(),
  label: z.string(),
  traction: z.array(BriefFigureSchema),
  ask: z.array(BriefFigureSchema),
  strengths: z.array(BriefPointSchema),
  gaps: z.array(BriefPointSchema),
});
export type InvestorBrief = z.infer<typeof InvestorBriefSchema>;

const TRACTION_KEYS: Array<[KeyMetricKey, string]> = [
  ['mrr', 'MRR'],
  ['arr', 'ARR'],
  ['momGrowth', 'MoM growth'],
  ['payingCustomers', 'Paying customers'],
  ['activeUsers', 'Active users'],
  ['churn', 'Churn'],
];
const ASK_KEYS: Array<[KeyMetricKey, string]> = [
  ['raise', 'Raising'],
  ['valuation', 'Valuation'],
  ['runwayMonths', 'Runway'],
];

/** Points shown on each side: the brief is read in 30 seconds. */
export const BRIEF_POINTS = 3;
/** Pages cited per point. */
const PAGES_PER_POINT = 3;

function figures(analysis: FitScoreAnalysis, keys: Array<[KeyMetricKey, string]>): InvestorBrief['traction'] {
  return keys.flatMap(([key, label]) => {
    const m = analysis.keyMetrics[key];
    return m ? [{ key, label, display: m.display, page: m.page, source: m.source }] : [];
  });
}

function pagesOf(analysis: FitScoreAnalysis, dimension: (typeof SUB_SCORE_KEYS)[number]): number[] {
  const pages = analysis.subScores[dimension].evidence.flatMap((e) => (e.source !== 'profile' && e.page ? [e.page] : []));
  return [...new Set(pages)].sort((a, b) => a - b).slice(0, PAGES_PER_POINT);
}

/**
 * The brief of one analysis. Strengths are the highest sub-scores that rest on deck evidence (ties in
 * the rubric's order); gaps are the Do-Next items, which already name the weakest dimensions and what
 * would lift them, else the lowest sub-scores.
 */
export function investorBrief(
  analysis: FitScoreAnalysis,
  company: { name: string | null; oneLiner: string | null } = { name: null, oneLiner: null },
): InvestorBrief {
  const ranked = SUB_SCORE_KEYS.map((dimension, order) => ({ dimension, order, ...analysis.subScores[dimension] }));
  const point = (d: (typeof ranked)[number], text: string) => ({
    dimension: d.dimension,
    label: SUB_SCORE_LABELS[d.dimension],
    score: d.score,
    text,
    pages: pagesOf(analysis, d.dimension),
  });
  const fromDoNext = analysis.doNext.slice(0, BRIEF_POINTS).map((item) => point(ranked.find((d) => d.dimension === item.dimension)!, item.title));
  const lowest = ranked
    .filter((d) => !fromDoNext.some((g) => g.dimension === d.dimension))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map((d) => point(d, d.summary));
  const gaps = [...fromDoNext, ...lowest].slice(0, BRIEF_POINTS);
  // A dimension is a strength or a gap, never both on one screen.
  const strengths = ranked
    .filter((d) => d.evidence.length > 0 && d.score >= 5 && !gaps.some((g) => g.dimension === d.dimension))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, BRIEF_POINTS)
    .map((d) => point(d, d.summary));
  return {
    company: company.name,
    whatItDoes: company.oneLiner,
    stage: analysis.stage.value,
    overall: analysis.overall,
    label: analysis.label,
    traction: figures(analysis, TRACTION_KEYS),
    ask: figures(analysis, ASK_KEYS),
    strengths,
    gaps,
  };
}
