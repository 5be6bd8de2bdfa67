import { matchLabel, SUB_SCORE_KEYS, type FitScoreAnalysis, type ScoreWeights, type SubScoreKey } from '@fitscore/contracts';

/**
 * Overall 0-100 = weighted mean of the nine 1-10 sub-scores, times 10. Weights are a
 * fund's 1-10 preferences; non-finite or negative weights count as 0, and all-zero
 * weights fall back to equal weights (a fund cannot make every dimension irrelevant).
 */
export function weightedOverall(scores: Record<SubScoreKey, number>, weights: ScoreWeights): number {
  let sum = 0;
  let total = 0;
  for (const key of SUB_SCORE_KEYS) {
    const raw = weights[key];
    const w = Number.isFinite(raw) && raw > 0 ? raw : 0;
    sum += w * scores[key];
    total += w;
  }
  if (total === 0) {
    for (const key of SUB_SCORE_KEYS) sum += scores[key];
    total = SUB_SCORE_KEYS.length;
  }
  return Math.min(100, Math.max(0, Math.round((sum / total) * 10)));
}

/** Re-weights a stored analysis (no deck needed): what a fund's pipeline shows. */
export function weightedScore(analysis: Pick<FitScoreAnalysis, 'subScores'>, weights: ScoreWeights): { overall: number; label: string } {
  const scores = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, analysis.subScores[k].score])) as Record<SubScoreKey, number>;
  const overall = weightedOverall(scores, weights);
  return { overall, label: matchLabel(overall) };
}
