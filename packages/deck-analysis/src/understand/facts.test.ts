import { describe, expect, it } from 'vitest';
import type { PageText } from '../model.ts';
import { deckFacts, refineClaims } from './facts.ts';

const page = (number: number, text: string, notes = ''): PageText => ({ number, title: null, text, notes, source: 'text' });
const find = (facts: ReturnType<typeof deckFacts>, kind: string) => facts.filter((f) => f.kind === kind);

describe('deckFacts', () => {
  const facts = deckFacts([
    page(3, 'TAM $12B\nSAM $1.5B\nSOM $150M\nThe market is growing at 14% CAGR'),
    page(5, 'MRR: $45K, up 18% MoM\n120 paying customers\n12,000 monthly active users\nGross margin 78%\nLogo churn 2.1% per month'),
    page(6, 'CAC $400 and LTV $3,600\nARR €1.2M (+210% YoY)'),
    page(9, 'We are raising $2.5M on a SAFE at a $12M valuation cap\nMonthly burn $80K, runway 14 months\nTeam of 9 people'),
    page(10, '$45K\nMRR', 'We grew 5% week over week'),
  ]);

  it('pairs money with its label and keeps the page and the quote', () => {
    expect(find(facts, 'tam')[0]).toMatchObject({ value: 12e9, currency: 'USD', page: 3, quote: 'TAM $12B' });
    expect(find(facts, 'sam')[0]?.value).toBe(1.5e9);
    expect(find(facts, 'som')[0]?.value).toBe(150e6);
    expect(find(facts, 'mrr')[0]).toMatchObject({ value: 45_000, page: 5, period: 'month' });
    expect(find(facts, 'arr')[0]).toMatchObject({ value: 1_200_000, currency: 'EUR', page: 6 });
    expect(find(facts, 'cac')[0]?.value).toBe(400);
    expect(find(facts, 'ltv')[0]?.value).toBe(3600);
    expect(find(facts, 'raise')[0]).toMatchObject({ value: 2_500_000, page: 9 });
    expect(find(facts, 'valuation')[0]?.value).toBe(12_000_000);
    expect(find(facts, 'burn')[0]?.value).toBe(80_000);
  });

  it('takes the first figure of a pair split like its label (D2C/B2B), and both of an unsplit pair', () => {
    const split = deckFacts([page(7, 'CAC D2C/B2B £6 / £14\nLTV D2C/B2B £101 / £94')]);
    expect(find(split, 'cac').map((f) => f.value)).toEqual([6]);
    expect(find(split, 'ltv').map((f) => f.value)).toEqual([101]);
    const plans = deckFacts([page(4, 'Pricing $49 / $99 per month')]);
    expect(find(plans, 'pricing').map((f) => f.value)).toEqual([49, 99]);
  });

  it('reads percentages as growth, churn, margin and market growth by their labels', () => {
    expect(find(facts, 'momGrowth').map((f) => f.value)).toContain(18);
    expect(find(facts, 'yoyGrowth')[0]?.value).toBe(210);
    expect(find(facts, 'grossMargin')[0]?.value).toBe(78);
    expect(find(facts, 'churn')[0]?.value).toBe(2.1);
    expect(find(facts, 'marketCagr')[0]?.value).toBe(14);
  });

  it('reads counts and months', () => {
    expect(find(facts, 'payingCustomers')[0]?.value).toBe(120);
    expect(find(facts, 'activeUsers')[0]?.value).toBe(12_000);
    expect(find(facts, 'runwayMonths')[0]?.value).toBe(14);
    expect(find(facts, 'teamSize')[0]?.value).toBe(9);
  });

  it('takes a label from the line below a lone number, and reads speaker notes', () => {
    expect(find(facts, 'mrr').some((f) => f.page === 10 && f.value === 45_000)).toBe(true);
    // 5% a week compounds to about 23.5% a month.
    const weekly = find(facts, 'momGrowth').find((f) => f.page === 10);
    expect(weekly?.value).toBeGreaterThan(23);
    expect(weekly?.value).toBeLessThan(24);
  });

  it('keeps the later figure of "from X to Y"', () => {
    const margin = deckFacts([page(1, 'Gross margin increased from 16% to 20% this year')]);
    expect(find(margin, 'grossMargin').map((f) => f.value)).toEqual([20]);
  });

  it('drops implausible pairings', () => {
    expect(find(deckFacts([page(1, 'Churn 450%')]), 'churn')).toEqual([]);
  });

  it('reads market tiers named apart from their figures by size (TAM ⊇ SAM ⊇ SOM)', () => {
    const pages = [page(5, 'Market Size\n1.9 Billion+\n532M\n10.6M\nTRIPS BOOKED (WORLDWIDE)\nTotal Available Market\nBUDGET & ONLINE TRIPS\nMarket Share\nServiceable Available Market')];
    const tiers = refineClaims(deckFacts(pages), pages, new Map([[5, ['market']]])).filter((c) => ['tam', 'sam', 'som'].includes(c.kind));
    expect(tiers.map((c) => [c.kind, c.value]).sort()).toEqual([['sam', 532e6], ['som', 10.6e6], ['tam', 1.9e9]]);
    // Tiers beside their own figures keep them.
    const paired = [page(3, 'TAM $12B\nSAM $1.5B\nSOM $150M')];
    expect(refineClaims(deckFacts(paired), paired, new Map([[3, ['market']]])).map((c) => [c.kind, c.value])).toEqual([['tam', 12e9], ['sam', 1.5e9], ['som', 150e6]]);
  });
});
