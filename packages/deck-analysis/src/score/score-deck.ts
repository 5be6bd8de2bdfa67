import { confidenceLevel, EQUAL_WEIGHTS, matchLabel, SUB_SCORE_KEYS, type FitScoreAnalysis, type SubScoreKey } from '@fitscore/contracts';
import type { Understanding } from '../understand/understanding.ts';
import { evidenceScore } from './confidence.ts';
import { buildContext } from './context.ts';
import { doNext } from './do-next.ts';
import { keyMetrics } from './key-metrics.ts';
import { insights, strengths, summary } from './narrative.ts';
import { dimensionEvidence, ruleHits, scoreDimensions } from './score-dimensions.ts';
import { weightedOverall } from './weighted.ts';

export type ScoredDeck = Pick<
  FitScoreAnalysis,
  'stage' | 'subScores' | 'overall' | 'label' | 'confidence' | 'strengths' | 'doNext' | 'insights' | 'keyMetrics'
>;

/** Scores an understood deck. Pure and deterministic: same understanding, same result. */
export function scoreDeck(u: Understanding): ScoredDeck {
  const results = scoreDimensions(u);
  const subScores = {} as FitScoreAnalysis['subScores'];
  for (const key of SUB_SCORE_KEYS) {
    const r = results[key];
    subScores[key] = { score: r.score, summary: summary(r), evidence: dimensionEvidence(r), rules: ruleHits(r) };
  }
  const scores = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, results[k].score])) as Record<SubScoreKey, number>;
  const overall = weightedOverall(scores, EQUAL_WEIGHTS);
  const evidence = evidenceScore(u, SUB_SCORE_KEYS.filter((k) => !results[k].evidence).length);
  return {
    stage: u.stage,
    subScores,
    overall,
    label: matchLabel(overall),
    confidence: { level: confidenceLevel(evidence), evidence },
    strengths: strengths(results, u.stage.value),
    doNext: doNext(u, results),
    insights: insights(results, u.stage.value),
    keyMetrics: keyMetrics(u, buildContext(u)),
  };
}
