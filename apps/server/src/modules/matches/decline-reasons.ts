import { stageOf } from '@fitscore/thesis';
import { SUB_SCORE_KEYS, SUB_SCORE_LABELS, type Deal, type Stage, type SubScoreKey } from '@fitscore/contracts';

/**
 * The sub-score (1-10) a deal should reach at its stage before a fund backs it: a later round is
 * held to a higher bar. A sub-score below the bar of the deal's stage is offered as a reason for
 * passing ('Traction below our bar for Seed'); an unknown stage is held to the Seed bar.
 */
export const STAGE_BARS: Record<Stage, number> = { 'Pre-seed': 4, Seed: 5, 'Series A': 6, 'Series B': 7, 'Series C+': 7 };
const DEFAULT_BAR = STAGE_BARS.Seed;
/** Weak sub-scores offered at most (the weakest first); the thesis mismatches always come first. */
const MAX_WEAK = 3;

export interface DeclineReasonInput {
  deal: Pick<Deal, 'stage' | 'sector' | 'geography' | 'thesisFit'>;
  /** The deal's analysis under the fund's weights (null until it is scored). */
  analysis: { subScores: Record<SubScoreKey, { score: number; weight: number }>; redFlags: unknown[] } | null;
}

/**
 * Reasons a fund would give for passing on a deal, from its data only: each part of the thesis
 * the deal is outside (of those it states), then the sub-scores the fund weighs that fall below the bar for the
 * deal's stage (weakest first), then contradictions found in the deck.
 */
export function suggestDeclineReasons({ deal, analysis }: DeclineReasonInput): string[] {
  const reasons: string[] = [];
  const fit = deal.thesisFit;
  // Only what is known to be outside: an unknown stage or place (null) is no reason.
  if (fit.stage === false) reasons.push('Outside our stage');
  if (!fit.sector && deal.sector.trim()) reasons.push('Outside our sectors');
  if (fit.geography === false) reasons.push('Outside our geography');
  if (fit.ticket === false) reasons.push('Round size outside our ticket range');
  if (!analysis) return reasons;

  const stage = stageOf(deal.stage);
  const bar = stage ? STAGE_BARS[stage] : DEFAULT_BAR;
  const weak = SUB_SCORE_KEYS.filter((k) => analysis.subScores[k].weight > 0 && analysis.subScores[k].score < bar)
    .sort((a, b) => analysis.subScores[a].score - analysis.subScores[b].score || analysis.subScores[b].weight - analysis.subScores[a].weight)
    .slice(0, MAX_WEAK);
  const at = stage ?? 'the stage';
  for (const k of weak) reasons.push(k === 'risks' ? `Too much risk for ${at}` : `${SUB_SCORE_LABELS[k]} below our bar for ${at}`);
  if (analysis.redFlags.length > 0) reasons.push('Inconsistencies in the deck');
  return reasons;
}
