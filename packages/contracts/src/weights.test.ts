import { describe, expect, it } from 'vitest';
import { SUB_SCORE_KEYS, type ScoreWeights } from './vocabulary.ts';
import {
  apportion,
  applyPercentages,
  DEFAULT_SCORE_WEIGHTS,
  DEFAULT_PREFERENCE_PERCENTAGES,
  percentagesOf,
  PREFERENCE_KEYS,
  preferencePercentagesOf,
  preferenceWeightsOf,
  weightsFromPercentages,
  withPreferenceWeights,
  type PreferenceValues,
} from './weights.ts';
import {
  FundStepSchema,
  IntakeSourcesBodySchema,
  preferencesFromProfile,
  preferencesFromWire,
  preferencesToProfile,
  preferencesToWire,
  ScoringPreferencesBodySchema,
  ScoringWeightsBodySchema,
} from './vc.ts';

const six = (...v: number[]): PreferenceValues =>
  Object.fromEntries(PREFERENCE_KEYS.map((k, i) => [k, v[i]!])) as PreferenceValues;
const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('apportion (largest remainder)', () => {
  it('always sums to exactly the total', () => {
    expect(apportion([1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion([5, 5, 5, 5, 5, 5])).toEqual([17, 17, 17, 17, 16, 16]);
    expect(apportion([1, 2, 3, 4, 5, 6])).toEqual([5, 9, 14, 19, 24, 29]);
    for (let seed = 1; seed < 500; seed += 1) {
      const values = Array.from({ length: 6 }, (_, i) => ((seed * (i + 3) * 7919) % 10) + 1);
      expect(sum(Object.fromEntries(apportion(values).map((v, i) => [i, v])))).toBe(100);
    }
  });
  it('gives the leftover to the largest remainders, earlier first on ties', () => {
    expect(apportion([1, 1, 1, 1, 1, 1])).toEqual([17, 17, 17, 17, 16, 16]);
    expect(apportion([10, 1, 1, 1, 1, 1])).toEqual([67, 7, 7, 7, 6, 6]);
  });
});

describe('the three screens are views of one model', () => {
  it('defaults reproduce the spec percentages exactly, and team/market/problemSolution stay at 5', () => {
    expect(preferencePercentagesOf(DEFAULT_SCORE_WEIGHTS)).toEqual(DEFAULT_PREFERENCE_PERCENTAGES);
    expect(DEFAULT_PREFERENCE_PERCENTAGES).toEqual({ traction: 20, product: 15, businessModel: 15, financials: 20, gtm: 15, risks: 15 });
    expect(DEFAULT_SCORE_WEIGHTS).toMatchObject({ team: 5, market: 5, problemSolution: 5 });
    for (const k of SUB_SCORE_KEYS) expect(DEFAULT_SCORE_WEIGHTS[k]).toBeGreaterThanOrEqual(1);
  });

  it('the six are six of the nine dimensions; the other three keep their values', () => {
    const stored: ScoreWeights = { team: 9, market: 2, problemSolution: 7, traction: 1, product: 1, businessModel: 1, financials: 1, gtm: 1, risks: 1 };
    const next = withPreferenceWeights(stored, six(3, 4, 5, 6, 7, 8));
    expect(next).toEqual({ team: 9, market: 2, problemSolution: 7, traction: 3, product: 4, businessModel: 5, financials: 6, gtm: 7, risks: 8 });
    expect(preferenceWeightsOf(next)).toEqual(six(3, 4, 5, 6, 7, 8));
  });

  it('percentages are each weight’s share of the six and always sum to 100', () => {
    expect(percentagesOf(six(5, 5, 5, 5, 5, 5))).toEqual(six(17, 17, 17, 17, 16, 16));
    expect(percentagesOf(six(10, 1, 1, 1, 1, 1))).toEqual(six(67, 7, 7, 7, 6, 6));
    for (let a = 1; a <= 10; a += 3) {
      for (let b = 1; b <= 10; b += 2) expect(sum(percentagesOf(six(a, b, 10 - a + 1, b, 3, 7)))).toBe(100);
    }
  });

  it('weights → percentages → weights leaves the model unchanged', () => {
    for (let i = 0; i < 300; i += 1) {
      const w = Object.fromEntries(SUB_SCORE_KEYS.map((k, j) => [k, ((i * 7 + j * 13 + i * j) % 10) + 1])) as ScoreWeights;
      expect(applyPercentages(w, preferencePercentagesOf(w))).toEqual(w);
    }
  });

  it('percentages in steps of 5 (none 0, largest ≤ 10× smallest) come back exactly', () => {
    const cases = [
      six(25, 15, 15, 25, 10, 10),
      six(30, 10, 10, 30, 10, 10),
      six(50, 10, 10, 10, 10, 10),
      six(5, 5, 5, 5, 30, 50),
      six(20, 15, 15, 20, 15, 15),
    ];
    for (const p of cases) expect(preferencePercentagesOf(applyPercentages(DEFAULT_SCORE_WEIGHTS, p))).toEqual(p);
  });

  it('any whole percentages round-trip within 3 points while the largest is at most ten times the smallest', () => {
    let worst = 0;
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
    for (let n = 0; n < 3000; n += 1) {
      const raw = Array.from({ length: 6 }, () => rnd() + 0.12);
      const s = raw.reduce((a, b) => a + b, 0);
      const v = raw.map((x) => Math.max(1, Math.floor((x / s) * 100)));
      v[5] = v[5]! + 100 - v.reduce((a, b) => a + b, 0);
      if (Math.max(...v) > 10 * Math.min(...v) || Math.min(...v) < 1) continue;
      const p = six(...v);
      const back = preferencePercentagesOf(applyPercentages(DEFAULT_SCORE_WEIGHTS, p));
      expect(sum(back)).toBe(100);
      for (const k of PREFERENCE_KEYS) worst = Math.max(worst, Math.abs(back[k] - p[k]));
    }
    expect(worst).toBeLessThanOrEqual(3);
  });

  it('a 0% becomes the minimum weight 1, and saving stays within 1-10', () => {
    const w = weightsFromPercentages(six(0, 0, 0, 0, 0, 100), DEFAULT_SCORE_WEIGHTS);
    expect(w).toEqual(six(1, 1, 1, 1, 1, 10));
    for (const k of PREFERENCE_KEYS) expect(w[k]).toBeGreaterThanOrEqual(1);
  });

  it('saving the percentages a screen shows keeps the stored weights (no drift on an untouched save)', () => {
    const stored: ScoreWeights = { ...DEFAULT_SCORE_WEIGHTS, traction: 7, product: 3, financials: 9 };
    expect(weightsFromPercentages(preferencePercentagesOf(stored), stored)).toEqual(preferenceWeightsOf(stored));
  });
});

describe('shared schemas', () => {
  it('step 1 needs a fund name, a sector and a stage, with the spec messages', () => {
    const r = FundStepSchema.safeParse({ fund_name: ' ', sectors: [], stages: [] });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Fund name is required', 'Select at least one sector', 'Select at least one investment stage']));
  });
  it('step 1 keeps lists in vocabulary order; Agnostic and GLOBAL stand alone', () => {
    const r = FundStepSchema.parse({ fund_name: 'A', sectors: ['SaaS', 'Agnostic'], stages: ['Seed', 'Pre-seed', 'Seed'], geography: ['MENA', 'US'] });
    expect(r).toMatchObject({ sectors: ['Agnostic'], stages: ['Pre-seed', 'Seed'], geography: ['US', 'MENA'], ticket_size_min: null, ticket_size_max: null, website: '' });
    expect(FundStepSchema.parse({ fund_name: 'A', sectors: ['SaaS'], stages: ['Seed'], geography: ['US', 'GLOBAL'] }).geography).toEqual(['GLOBAL']);
  });
  it('the ticket range needs min ≤ max', () => {
    const r = FundStepSchema.safeParse({ fund_name: 'A', sectors: ['SaaS'], stages: ['Seed'], ticket_size_min: 5, ticket_size_max: 4 });
    expect(r.error?.issues[0]).toMatchObject({ path: ['ticket_size_max'], message: 'Maximum ticket size must be at least the minimum' });
  });
  it('weights are 1-10, preferences sum to 100, intake needs a source', () => {
    expect(ScoringWeightsBodySchema.safeParse({ traction: 0, product: 5, business_model: 5, financials: 5, go_to_market: 5, risks: 5 }).success).toBe(false);
    expect(ScoringPreferencesBodySchema.safeParse({ traction: 20, product: 15, business_model: 15, financials: 20, go_to_market: 15, risks: 14 }).error?.issues[0]?.message).toBe('Scoring weights must sum to 100%');
    expect(IntakeSourcesBodySchema.safeParse({ online_form_enabled: false, email_forwarding_enabled: false }).error?.issues[0]?.message).toBe('Enable at least one deal intake source');
  });
  it('wire names round-trip', () => {
    const p = six(1, 2, 3, 4, 5, 6);
    expect(preferencesToWire(p)).toEqual({ traction: 1, product: 2, business_model: 3, financials: 4, go_to_market: 5, risks: 6 });
    expect(preferencesFromWire(preferencesToWire(p))).toEqual(p);
    expect(preferencesToProfile(p)).toEqual({ traction: 1, product: 2, businessModel: 3, financials: 4, goToMarket: 5, risks: 6 });
    expect(preferencesFromProfile(preferencesToProfile(p))).toEqual(p);
  });
});
