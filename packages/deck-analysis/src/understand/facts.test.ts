import { describe, expect, it } from 'vitest';
import type { PageText } from '../model.ts';
import { deckFacts, refineClaims } from './facts.ts';
import { deckContext } from './section-model/deck-context.ts';

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
  });

  it('keeps weekly growth a weekly percentage, never a monthly figure the deck does not state', () => {
    expect(find(facts, 'momGrowth').some((f) => f.page === 10)).toBe(false);
    expect(find(facts, 'percent').find((f) => f.page === 10)).toMatchObject({ value: 5, quote: 'We grew 5% week over week' });
    expect(find(deckFacts([page(1, '31% week over week growth')]), 'momGrowth')).toEqual([]);
  });

  it('reads a range written with its unit once as its lower bound', () => {
    expect(find(deckFacts([page(4, 'GLOBAL $15–17B TAM')]), 'tam').map((f) => f.value)).toEqual([15e9]);
    expect(find(deckFacts([page(4, 'Churn 2-3% per month')]), 'churn').map((f) => f.value)).toEqual([2]);
  });

  it('gives a label after two figures to the nearer one, and a label right after a figure to that figure', () => {
    const pair = deckFacts([page(10, 'JUNE: ₹10.54L BILLING / ₹1.26 CR ARR RUN-RATE')]);
    expect(find(pair, 'arr').map((f) => f.value)).toEqual([12_600_000]);
    const joined = deckFacts([page(10, 'SEP: $40K REVENUE AND +$12K OPERATING PROFIT')]);
    expect(find(joined, 'revenue').map((f) => f.value)).toEqual([40_000]);
  });

  it('leaves out figures whose subject or status is unclear', () => {
    const unclear = deckFacts([
      page(1, 'SLIDE 06\n03\nCORE TEAM MEMBERS'),
      page(2, 'Average photo collection size of users 10,000'),
      page(3, 'Medallions cost ~$500k, drivers make 31k'),
      page(4, 'If there exists 3000 paid users'),
      page(5, 'UP TO 5,000 USERS'),
      page(6, 'INITIAL MARKET CAP - $0.53m'),
      page(7, 'The industry is currently valued at $300 billion'),
    ]);
    expect(unclear.filter((f) => f.status === 'current' && !['amount', 'percent'].includes(f.kind))).toEqual([]);
  });

  it('reads no company figure from a table row that OCR read across its columns, but does from a line of two', () => {
    const row = deckFacts([{ ...page(15, 'Cost scaling per users:\nUP TO 5,000 USERS 35,000 USERS 100,000 USERS\nDatabase: $9 Database: $9 Database: $50'), source: 'ocr' }]);
    expect(find(row, 'users')).toEqual([]);
    const two = deckFacts([page(5, '12,000 users 3,000 paying users')]);
    expect(find(two, 'users').map((f) => f.value)).toEqual([12_000]);
  });

  it('reads plan words in a figure\'s caption or its continued sentence as a target', () => {
    const claims = deckFacts([
      page(1, 'CONFIRMED PATH\n₹1.92 Cr ARR\nSep expected.'),
      page(2, 'SEP EXPECTED REVENUE\n₹15.97L\nBased on client confirmations'),
      page(3, 'RAISING ₹2.5 CR BRIDGE TO ₹10 CR IN ANNUAL RECURRING REVENUE'),
      page(4, 'We are raising a $1.6M round to provide\na 46-month runway.'),
    ]);
    expect(claims.filter((c) => c.status === 'current').map((c) => [c.kind, c.value])).toEqual([['raise', 25_000_000], ['raise', 1_600_000]]);
  });

  it('keeps the later figure of "from X to Y"', () => {
    const margin = deckFacts([page(1, 'Gross margin increased from 16% to 20% this year')]);
    expect(find(margin, 'grossMargin').map((f) => f.value)).toEqual([20]);
  });

  it('drops implausible pairings', () => {
    expect(find(deckFacts([page(1, 'Churn 450%')]), 'churn')).toEqual([]);
  });

  it('reads figures under a title of plans as plans, before and after the sections are known', () => {
    const pages = [{ ...page(11, 'Looking Forward\nBest-Case Scenario\nBecomes market leader, $1B+ in yearly revenue'), title: 'Looking Forward' }];
    expect(refineClaims(deckFacts(pages), pages, new Map()).filter((c) => c.status === 'current' && c.kind === 'revenue')).toEqual([]);
    expect(deckContext(pages).facts.filter((f) => f.kind === 'revenue')).toEqual([]);
  });

  it('leaves out users counted on a market page or as tiers of a plan', () => {
    const pages = [page(5, 'Current Market (TAM)\n25 Million Authentic Users\n$ 6.5 Billion USD'), page(15, 'Cost scaling per users:\n35,000 USERS\nServer: $50\n100,000 USERS\nServer: $100')];
    const claims = refineClaims(deckFacts(pages), pages, new Map([[5, ['market']], [15, ['financials']]]));
    expect(claims.filter((c) => c.kind === 'users' && c.status === 'current')).toEqual([]);
    expect(claims.find((c) => c.kind === 'tam')?.value).toBe(6.5e9);
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

describe('figures of pages read by OCR', () => {
  const ocrPage = (number: number, text: string): PageText => ({ number, title: null, text, notes: '', source: 'ocr' });

  it('lends no neighbour label to a bare number alone on its line of an OCR page (a screenshot\'s digits)', () => {
    const text = 'REVIEW LISTINGS\n199\nSEARCH BY CITY';
    expect(find(deckFacts([ocrPage(6, text)]), 'users')).toEqual([]);
    // The text layer's lone figure under its label still reads as before, and so does an OCR figure with a unit.
    expect(find(deckFacts([page(6, '4,701\nUnique Customers')]), 'customers')[0]?.value).toBe(4701);
    expect(find(deckFacts([ocrPage(6, '$55,486\nMonthly Revenue')]), 'mrr')[0]?.value).toBe(55_486);
  });

  it('reads the slide number beside the title as no figure, however OCR joins the title to the slide\'s words', () => {
    expect(deckFacts([ocrPage(6, 'SEARCH BY CITY REVIEW LISTINGS Product 6')])).toEqual([]);
    expect(deckFacts([ocrPage(4, '4 Market Validation couchsurfing listings')])).toEqual([]);
    // A count that is not the page's number, or that counts something in lower case, stays a figure.
    expect(find(deckFacts([ocrPage(6, 'REVIEW LISTINGS 1,200 users')]), 'users')[0]?.value).toBe(1200);
    expect(find(deckFacts([page(2, '2 matches exposed for free, then 40 paying customers')]), 'payingCustomers')[0]?.value).toBe(40);
  });

  it('counts nothing with a number written with decimals (a version, an average)', () => {
    expect(find(deckFacts([page(3, 'Consulting 1.0 businesses & NGOs')]), 'customers')).toEqual([]);
    expect(find(deckFacts([page(3, '320 businesses use it')]), 'customers')[0]?.value).toBe(320);
  });
});
