import { insightKind, SUB_SCORE_KEYS, SUB_SCORE_LABELS, type FitScoreAnalysis, type Stage, type SubScoreKey } from '@fitscore/contracts';
import type { DimensionResult } from './score-dimensions.ts';

/** Words for sub-scores: summaries, strengths and the key insights of spec section 5. */

const STRONG: Record<SubScoreKey, (stage: Stage) => string> = {
  team: () => 'A credible, committed team',
  market: () => 'A large, well-sized market',
  problemSolution: () => 'A clear problem with a fitting solution',
  traction: (s) => `Traction at or above the ${s} bar`,
  product: () => 'A real, defensible product',
  businessModel: () => 'A clear business model with sound economics',
  financials: () => 'Well-planned financials',
  gtm: () => 'A concrete go-to-market plan',
  risks: () => 'Risks are low or openly managed',
};

const WEAK: Record<SubScoreKey, (stage: Stage) => string> = {
  team: () => 'The team is not yet convincing',
  market: () => 'The market opportunity is not evidenced',
  problemSolution: () => 'The problem and solution are unclear',
  traction: (s) => `Traction is thin for ${s}`,
  product: () => 'The product is not shown',
  businessModel: () => 'The business model is unclear',
  financials: () => 'Financials are missing or thin',
  gtm: () => 'There is no clear go-to-market plan',
  risks: () => 'Notable risks are unaddressed',
};

function positives(r: DimensionResult, n: number): string[] {
  return r.fired
    .filter((f) => f.points > 0)
    .sort((a, b) => b.points - a.points)
    .slice(0, n)
    .map((f) => f.hit.detail);
}

function negatives(r: DimensionResult, n: number): string[] {
  return r.fired
    .filter((f) => f.points < 0)
    .slice(0, n)
    .map((f) => f.hit.detail);
}

export function summary(r: DimensionResult): string {
  if (!r.evidence) {
    const missing = r.missing.length > 0 ? ` Missing: ${r.missing.slice(0, 3).join(', ')}.` : '';
    return `No evidence: nothing in the deck or profile supports ${SUB_SCORE_LABELS[r.key]}, so it gets the floor score.${missing}`;
  }
  const good = positives(r, 3);
  const bad = negatives(r, 2);
  const parts: string[] = [];
  if (good.length > 0) parts.push(good.join('; '));
  if (bad.length > 0) parts.push(`Concerns: ${bad.join('; ')}`);
  if (r.missing.length > 0) parts.push(`Missing: ${r.missing.slice(0, 3).join(', ')}`);
  if (parts.length === 0) return `${SUB_SCORE_LABELS[r.key]}: no evidence found in the deck or profile.`;
  return `${parts.join('. ')}.`;
}

export function insights(results: Record<SubScoreKey, DimensionResult>, stage: Stage): FitScoreAnalysis['insights'] {
  const out: FitScoreAnalysis['insights'] = [];
  for (const key of SUB_SCORE_KEYS) {
    const r = results[key];
    const kind = insightKind(r.score);
    if (kind === 'strong') {
      out.push({ dimension: key, kind, score: r.score, text: `${STRONG[key](stage)}: ${positives(r, 2).join('; ')}.` });
    } else if (kind === 'weak') {
      const why = [...negatives(r, 1), ...(r.missing.length > 0 ? [`missing ${r.missing.slice(0, 2).join(' and ')}`] : [])];
      out.push({ dimension: key, kind, score: r.score, text: `${WEAK[key](stage)}${why.length ? `: ${why.join('; ')}` : ''}.` });
    }
  }
  return out;
}

export function strengths(results: Record<SubScoreKey, DimensionResult>, stage: Stage): FitScoreAnalysis['strengths'] {
  const ranked = SUB_SCORE_KEYS.map((k) => results[k])
    .filter((r) => r.score >= 7 && positives(r, 1).length > 0)
    .sort((a, b) => b.score - a.score || b.raw - a.raw);
  return ranked.slice(0, 4).map((r) => ({ dimension: r.key, text: `${STRONG[r.key](stage)}: ${positives(r, 2).join('; ')}` }));
}
