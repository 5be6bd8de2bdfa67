import { SUB_SCORE_KEYS, type SubScoreKey } from '@fitscore/contracts';
import { describe, expect, it } from 'vitest';
import { suggestDeclineReasons } from './decline-reasons.ts';

const fits = { sector: true, stage: true, geography: true, ticket: null };
const at = (stage: string) => ({ stage, sector: 'SaaS', geography: 'US' });
function analysis(scores: Partial<Record<SubScoreKey, number>>, weights: Partial<Record<SubScoreKey, number>> = {}, redFlags: unknown[] = []) {
  return {
    subScores: Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, { score: scores[k] ?? 8, weight: weights[k] ?? 5 }])) as Record<SubScoreKey, { score: number; weight: number }>,
    redFlags,
  };
}

describe('suggestDeclineReasons', () => {
  it('a deal that fits and scores well gets no suggestion', () => {
    expect(suggestDeclineReasons({ deal: { ...at('Seed'), thesisFit: fits }, analysis: analysis({}) })).toEqual([]);
  });

  it('names each part of the thesis the deal is outside, before any score', () => {
    const deal = { ...at('Seed'), thesisFit: { sector: false, stage: false, geography: false, ticket: false } };
    expect(suggestDeclineReasons({ deal, analysis: null })).toEqual([
      'Outside our stage',
      'Outside our sectors',
      'Outside our geography',
      'Round size outside our ticket range',
    ]);
    // What the deal does not state is unknown, not outside the thesis.
    const blank = { stage: '', sector: ' ', geography: '', thesisFit: { sector: false, stage: null, geography: null, ticket: null } };
    expect(suggestDeclineReasons({ deal: blank, analysis: null })).toEqual([]);
    // An unknown ticket is no reason.
    expect(suggestDeclineReasons({ deal: { ...at('Seed'), thesisFit: { ...fits, ticket: null } }, analysis: null })).toEqual([]);
  });

  it('holds a later stage to a higher bar, weakest sub-score first, at most three', () => {
    const a = analysis({ traction: 5, team: 4, market: 3, gtm: 5, financials: 5 });
    // Seed's bar is 5: only the team and the market are below it.
    expect(suggestDeclineReasons({ deal: { ...at('Seed'), thesisFit: fits }, analysis: a })).toEqual([
      'Market below our bar for Seed',
      'Team below our bar for Seed',
    ]);
    // Series A's bar is 6: traction, go-to-market and financials (5) are too, but only three are offered.
    expect(suggestDeclineReasons({ deal: { ...at('series a'), thesisFit: fits }, analysis: a })).toEqual([
      'Market below our bar for Series A',
      'Team below our bar for Series A',
      'Traction below our bar for Series A',
    ]);
  });

  it('skips what the fund does not weigh, words risk as risk, and flags contradictions', () => {
    const a = analysis({ traction: 2, risks: 3 }, { traction: 0 }, [{ message: 'MRR differs', page: 3 }]);
    expect(suggestDeclineReasons({ deal: { ...at('Pre-seed'), thesisFit: fits }, analysis: a })).toEqual([
      'Too much risk for Pre-seed',
      'Inconsistencies in the deck',
    ]);
    expect(suggestDeclineReasons({ deal: { ...at(''), thesisFit: fits }, analysis: analysis({ traction: 4 }) })).toEqual(['Traction below our bar for the stage']);
  });
});
