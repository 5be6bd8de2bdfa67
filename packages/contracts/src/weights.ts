import { SUB_SCORE_KEYS, SUB_SCORE_LABELS, type ScoreWeights, type SubScoreKey } from './vocabulary.ts';

/**
 * A fund's one canonical scoring-weight model and the three screens that view it
 * (docs/vc-weights.md). The model is the nine FitScore dimensions, each an integer 1-10.
 *
 * - Onboarding step 2 shows six of them as 1-10 weights.
 * - Settings 'Scoring Preferences' shows the same six as percentages summing to 100.
 * - /vc/settings/weights shows all nine.
 *
 * Server and web both convert through these functions, so a screen can never disagree
 * with what is stored.
 */

export const WEIGHT_MIN = 1;
export const WEIGHT_MAX = 10;

/**
 * The six dimensions of onboarding step 2 and of Scoring Preferences, in the spec's order.
 * Inside the code they carry the dimensions' own names; the spec's names for them
 * (`go_to_market` in request bodies, `goToMarket` in the profile) live only at the edge (vc.ts).
 */
export const PREFERENCE_KEYS = ['traction', 'product', 'businessModel', 'financials', 'gtm', 'risks'] as const satisfies readonly SubScoreKey[];
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type PreferenceValues = Record<PreferenceKey, number>;

export const PREFERENCE_LABELS: Record<PreferenceKey, string> = Object.fromEntries(
  PREFERENCE_KEYS.map((k) => [k, SUB_SCORE_LABELS[k]]),
) as Record<PreferenceKey, string>;

/** Spec section 9: the Scoring Preferences a new fund starts with. */
export const DEFAULT_PREFERENCE_PERCENTAGES: PreferenceValues = {
  traction: 20,
  product: 15,
  businessModel: 15,
  financials: 20,
  gtm: 15,
  risks: 15,
};

/**
 * The one default weight set: a new fund's model, the Investment Weights page's 'Reset to
 * Defaults' and the `funds` table's column defaults. The six shown as percentages are
 * 8:6:6:8:6:6, exactly the spec's 20/15/15/20/15/15 (4:3:3:4:3:3 doubled, so they keep room
 * above and below on a 1-10 slider). Team, market and problem/solution, which those screens
 * do not show, keep the spec's 'default 5'.
 */
export const DEFAULT_SCORE_WEIGHTS: Readonly<ScoreWeights> = Object.freeze({
  team: 5,
  market: 5,
  problemSolution: 5,
  traction: 8,
  product: 6,
  businessModel: 6,
  financials: 8,
  gtm: 6,
  risks: 6,
});

/**
 * Every dimension weighing the same: not a default but no weighting at all. The engine's
 * own overall (the founder's FitScore, the Do-Next gains) is the plain mean of the nine.
 */
export const EQUAL_WEIGHTS: Readonly<ScoreWeights> = Object.freeze(
  Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, 1])) as ScoreWeights,
);

/**
 * Integers summing to exactly `total`, proportional to `values` (largest-remainder method):
 * each gets the floor of its exact share, then the leftover units go to the largest
 * remainders; equal remainders go to the earlier entry, so the result is deterministic.
 */
export function apportion(values: readonly number[], total = 100): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum <= 0) return values.map(() => 0);
  // Weights are integers, so shares are worked out as integer numerators over `sum`:
  // remainders then compare exactly (66.666… and 6.666… must tie, not differ in the last bit).
  const numerators = values.map((v) => v * total);
  const result = numerators.map((n) => Math.floor(n / sum));
  let left = total - result.reduce((a, b) => a + b, 0);
  const order = numerators
    .map((n, i) => ({ i, remainder: n - result[i]! * sum }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    result[i] = result[i]! + 1;
    left -= 1;
  }
  return result;
}

/** The six weights (1-10) of onboarding step 2, read from the nine. */
export function preferenceWeightsOf(weights: ScoreWeights): PreferenceValues {
  return Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, weights[k]])) as PreferenceValues;
}

/** The nine with the six replaced; team, market and problem/solution keep their stored values. */
export function withPreferenceWeights(weights: ScoreWeights, six: PreferenceValues): ScoreWeights {
  const next = { ...weights };
  for (const k of PREFERENCE_KEYS) next[k] = six[k];
  return next;
}

/** Each of the six weights' share of the six, in whole percentages summing to exactly 100. */
export function percentagesOf(six: PreferenceValues): PreferenceValues {
  const shares = apportion(PREFERENCE_KEYS.map((k) => six[k]));
  return Object.fromEntries(PREFERENCE_KEYS.map((k, i) => [k, shares[i]!])) as PreferenceValues;
}

/** The Scoring Preferences screen's percentages for a stored model. */
export function preferencePercentagesOf(weights: ScoreWeights): PreferenceValues {
  return percentagesOf(preferenceWeightsOf(weights));
}

const clampWeight = (v: number) => Math.min(WEIGHT_MAX, Math.max(WEIGHT_MIN, v));

/**
 * 1-10 weights whose shares best reproduce `percentages` (which sum to 100).
 *
 * Rule: if `current` already shows exactly these percentages it is kept as it is (saving
 * an untouched screen changes nothing). Otherwise every scale s = 1..10 is tried, giving
 * the largest percentage weight s and each other round(p × s / largest), at least 1; the
 * candidate whose displayed percentages are closest wins (smallest largest difference,
 * then smallest total difference from the exact shares), ties to the larger scale for
 * finer steps. A 0% becomes weight 1 (the model has no 0), and because weights run from
 * 1 to 10 no dimension can weigh more than ten times another: splits outside that read
 * back as the nearest split the model can hold.
 */
export function weightsFromPercentages(percentages: PreferenceValues, current: ScoreWeights): PreferenceValues {
  const wanted = PREFERENCE_KEYS.map((k) => percentages[k]);
  const currentSix = preferenceWeightsOf(current);
  const shown = percentagesOf(currentSix);
  if (PREFERENCE_KEYS.every((k) => shown[k] === percentages[k])) return currentSix;

  const largest = Math.max(...wanted);
  if (!(largest > 0)) return currentSix;

  const score = (weights: number[]) => {
    const displayed = apportion(weights);
    const sum = weights.reduce((a, b) => a + b, 0);
    return {
      weights,
      maxDiff: Math.max(...displayed.map((d, i) => Math.abs(d - wanted[i]!))),
      totalDiff: weights.reduce((acc, w, i) => acc + Math.abs((w / sum) * 100 - wanted[i]!), 0),
    };
  };
  type Fit = ReturnType<typeof score>;
  const EPS = 1e-9;
  const better = (a: Fit, b: Fit) => a.maxDiff < b.maxDiff || (a.maxDiff === b.maxDiff && a.totalDiff < b.totalDiff - EPS);

  let best: Fit | null = null;
  for (let scale = WEIGHT_MIN; scale <= WEIGHT_MAX; scale += 1) {
    const fit = score(wanted.map((p) => clampWeight(Math.round((p * scale) / largest))));
    // Not worse counts as better here: equal fits go to the larger scale (finer steps).
    if (!best || !better(best, fit)) best = fit;
  }
  // Then single steps of ±1 on any weight while they bring the shares closer.
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 0; i < wanted.length && !improved; i += 1) {
      for (const delta of [-1, 1]) {
        const w = best!.weights[i]! + delta;
        if (w < WEIGHT_MIN || w > WEIGHT_MAX) continue;
        const fit = score(best!.weights.map((v, j) => (j === i ? w : v)));
        if (better(fit, best!)) {
          best = fit;
          improved = true;
          break;
        }
      }
    }
  }
  return Object.fromEntries(PREFERENCE_KEYS.map((k, i) => [k, best!.weights[i]!])) as PreferenceValues;
}

/** The whole model after saving Scoring Preferences. */
export function applyPercentages(weights: ScoreWeights, percentages: PreferenceValues): ScoreWeights {
  return withPreferenceWeights(weights, weightsFromPercentages(percentages, weights));
}

/**
 * Each dimension's share of a deal's overall FitScore under `weights`, in percent to one
 * decimal: the overall is the weighted mean of the nine sub-scores, so a dimension counts for
 * its weight over the sum of all nine. Rounded each on its own (equal weights always show
 * equal shares; the nine may total 99.9-100.1). Both weight screens show these, computed
 * from the same stored model.
 */
export function overallSharesOf(weights: ScoreWeights): ScoreWeights {
  const sum = SUB_SCORE_KEYS.reduce((acc, k) => acc + weights[k], 0);
  return Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, sum > 0 ? Math.round((weights[k] * 1000) / sum) / 10 : 0])) as ScoreWeights;
}

/** A share for display: '14.5%', '10%'. */
export const formatShare = (share: number) => `${Number.isInteger(share) ? share : share.toFixed(1)}%`;

/** The three dimensions Scoring Preferences does not edit (set on Investment Weights only). */
export const NON_PREFERENCE_KEYS = SUB_SCORE_KEYS.filter((k) => !(PREFERENCE_KEYS as readonly SubScoreKey[]).includes(k));

/** The nine weights in display order, for tables and loops. */
export const FUND_WEIGHT_KEYS = SUB_SCORE_KEYS;

/** One line per dimension for the Investment Weights page. */
export const WEIGHT_DESCRIPTIONS: Record<SubScoreKey, string> = {
  team: 'Founders’ experience, completeness and commitment to the company.',
  market: 'Size and growth of the market, and how credibly it is sized.',
  problemSolution: 'How painful the problem is and how well the product solves it.',
  traction: 'Revenue, users and growth so far.',
  product: 'Maturity, differentiation and defensibility of the product.',
  businessModel: 'How the company makes money, pricing and unit economics.',
  financials: 'Burn, runway, margins and the soundness of the plan.',
  gtm: 'How the company reaches and wins customers: channels, sales cycle, CAC.',
  risks: 'Execution, market, regulatory and competitive risks and how they are handled.',
};
