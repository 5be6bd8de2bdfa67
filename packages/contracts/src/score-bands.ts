/** Labels, confidence and colour bands of spec sections 5 and 9, in one place. */

export type ScoreTone = 'green' | 'amber' | 'orange' | 'red';

export function matchLabel(score: number): 'Strong Match' | 'Good Match' | 'Moderate Match' | 'Weak Match' {
  if (score >= 80) return 'Strong Match';
  if (score >= 60) return 'Good Match';
  if (score >= 40) return 'Moderate Match';
  return 'Weak Match';
}

/**
 * A fund's reading of a deal's FitScore (spec section 2's Recommendation): Strong Match 80+,
 * Consider 60-79, Weak Match below 60. High/Medium/Low is never a score band: it is confidence.
 */
export const RECOMMENDATION_BANDS = [
  { label: 'Strong Match', range: '80+', min: 80, tone: 'green' },
  { label: 'Consider', range: '60-79', min: 60, tone: 'amber' },
  { label: 'Weak Match', range: 'below 60', min: -Infinity, tone: 'red' },
] as const;
export type Recommendation = (typeof RECOMMENDATION_BANDS)[number];
export const recommendationOf = (score: number): Recommendation => RECOMMENDATION_BANDS.find((b) => score >= b.min)!;

/** The ring and pipeline-bar colour for a 0-100 score. */
export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return 'green';
  if (score >= 60) return 'amber';
  if (score >= 40) return 'orange';
  return 'red';
}

export type ConfidenceLevel = 'High' | 'Medium' | 'Low';

/** Confidence from a 0-100 evidence measure (80+ High, 60+ Medium, else Low). */
export function confidenceLevel(evidence: number): ConfidenceLevel {
  if (evidence >= 80) return 'High';
  if (evidence >= 60) return 'Medium';
  return 'Low';
}

/** Sub-score bar colour (1-10): 8+ green, 6-7 yellow, 4-5 orange, below 4 red. */
export function subScoreTone(value: number): 'green' | 'yellow' | 'orange' | 'red' {
  if (value >= 8) return 'green';
  if (value >= 6) return 'yellow';
  if (value >= 4) return 'orange';
  return 'red';
}

/** Key Insights list only strong (8+) and weak (4 or below) sub-scores. */
export function insightKind(value: number): 'strong' | 'weak' | null {
  if (value >= 8) return 'strong';
  if (value <= 4) return 'weak';
  return null;
}

/** Money display: M above 1e6, K above 1e3. */
export function formatMoney(amount: number, currency = '$'): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));
  if (abs >= 1e6) return `${sign}${currency}${trim(abs / 1e6)}M`;
  if (abs >= 1e3) return `${sign}${currency}${trim(abs / 1e3)}K`;
  return `${sign}${currency}${trim(abs)}`;
}
