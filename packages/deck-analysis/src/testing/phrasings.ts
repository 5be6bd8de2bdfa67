import type { FactKind } from '@fitscore/contracts';
import type { ClaimStatus } from '../understand/claims.ts';

/**
 * Phrasings of the facts decks state, each with what it must be read as: the kind, the
 * value in its own currency, the currency and the status. One slide per phrasing in the
 * generated PDF and PPTX of `phrasings.test.ts`. Test support only.
 */
export interface Phrasing {
  line: string;
  kind: FactKind;
  value: number;
  currency?: string;
  status?: ClaimStatus;
  /** A slide title, when the status comes from the slide rather than the line. */
  title?: string;
}

export const PHRASINGS: Phrasing[] = [
  // Revenue, current
  { line: 'MRR: $45K', kind: 'mrr', value: 45_000, currency: 'USD' },
  { line: '$45K MRR', kind: 'mrr', value: 45_000, currency: 'USD' },
  { line: 'Monthly recurring revenue of $120,000', kind: 'mrr', value: 120_000, currency: 'USD' },
  { line: 'We make €30K in monthly revenue', kind: 'mrr', value: 30_000, currency: 'EUR' },
  { line: 'MRR 45.000 €', kind: 'mrr', value: 45_000, currency: 'EUR' },
  { line: 'Current MRR: EUR 12.5k', kind: 'mrr', value: 12_500, currency: 'EUR' },
  { line: 'ARR of $1.2M', kind: 'arr', value: 1_200_000, currency: 'USD' },
  { line: 'ARR 1,2 Mio. €', kind: 'arr', value: 1_200_000, currency: 'EUR' },
  { line: 'Annual recurring revenue: 1.200.000 €', kind: 'arr', value: 1_200_000, currency: 'EUR' },
  { line: '€31K ARR today', kind: 'arr', value: 31_000, currency: 'EUR' },
  { line: 'Run-rate of $2.4mm', kind: 'arr', value: 2_400_000, currency: 'USD' },
  { line: 'ARR: USD 3 million', kind: 'arr', value: 3_000_000, currency: 'USD' },
  { line: 'ARR £800k', kind: 'arr', value: 800_000, currency: 'GBP' },
  { line: 'Revenue in 2024: $640K', kind: 'revenue', value: 640_000, currency: 'USD' },
  { line: 'Revenue of INR 5 Cr last year', kind: 'revenue', value: 50_000_000, currency: 'INR' },
  { line: 'Sales: Rs 40 Lakh', kind: 'revenue', value: 4_000_000, currency: 'INR' },
  { line: 'Turnover 2,5 Mio. EUR', kind: 'revenue', value: 2_500_000, currency: 'EUR' },
  { line: 'Revenue: 1 Mrd. €', kind: 'revenue', value: 1_000_000_000, currency: 'EUR' },
  // Revenue, targets
  { line: 'Reach €1M ARR by Summer 2025', kind: 'arr', value: 1_000_000, currency: 'EUR', status: 'target' },
  { line: 'Goal: $3M ARR by 2027', kind: 'arr', value: 3_000_000, currency: 'USD', status: 'target' },
  { line: 'Best-Case Scenario $1B+ revenue', kind: 'revenue', value: 1_000_000_000, currency: 'USD', status: 'target' },
  { line: '$2.1B revenue projected by 2011', kind: 'revenue', value: 2_100_000_000, currency: 'USD', status: 'target' },
  { line: 'We expect $5M in revenue next year', kind: 'revenue', value: 5_000_000, currency: 'USD', status: 'target' },
  { line: 'Revenue will reach $12M in 2026', kind: 'revenue', value: 12_000_000, currency: 'USD', status: 'target' },
  { line: 'Target: $250K+ ARR in the next 18 months', kind: 'arr', value: 250_000, currency: 'USD', status: 'target' },
  { line: 'Forecast MRR of $200K by Q4', kind: 'mrr', value: 200_000, currency: 'USD', status: 'target' },
  { line: 'Year 5 revenue: $80M', kind: 'revenue', value: 80_000_000, currency: 'USD', status: 'target' },
  { line: 'Revenue 2027: $9.5M', kind: 'revenue', value: 9_500_000, currency: 'USD', status: 'target', title: 'Financial Projections' },
  { line: 'Planned ARR of €4M by end of 2026', kind: 'arr', value: 4_000_000, currency: 'EUR', status: 'target' },
  { line: 'Aim to hit $1M MRR within 24 months', kind: 'mrr', value: 1_000_000, currency: 'USD', status: 'target' },
  // Growth
  { line: 'Growing 18% month over month', kind: 'momGrowth', value: 18 },
  { line: '18% MoM growth', kind: 'momGrowth', value: 18 },
  { line: 'Revenue up 25% m/m', kind: 'momGrowth', value: 25 },
  { line: 'Monthly growth rate: 12%', kind: 'momGrowth', value: 12 },
  { line: 'We grow 15% every month', kind: 'momGrowth', value: 15 },
  { line: '20% month-on-month growth', kind: 'momGrowth', value: 20 },
  { line: 'Revenue grew 210% year over year', kind: 'yoyGrowth', value: 210 },
  { line: '3x YoY growth', kind: 'yoyGrowth', value: 200 },
  { line: 'Up 150% YoY', kind: 'yoyGrowth', value: 150 },
  { line: 'Annual growth: 80%', kind: 'yoyGrowth', value: 80 },
  { line: 'Revenue grew 90% year-on-year', kind: 'yoyGrowth', value: 90 },
  // Customers and users
  { line: '120 paying customers', kind: 'payingCustomers', value: 120 },
  { line: '320 customers, 210 of them paying', kind: 'payingCustomers', value: 210 },
  { line: '320 customers, 210 of them paying', kind: 'customers', value: 320 },
  { line: 'Customers: 1,450', kind: 'customers', value: 1_450 },
  { line: 'Trusted by 85 clients', kind: 'customers', value: 85 },
  { line: 'We serve 40 hospitals', kind: 'customers', value: 40 },
  { line: '12,000 registered users', kind: 'users', value: 12_000 },
  { line: '50k downloads', kind: 'users', value: 50_000 },
  { line: 'Users: 2.3M', kind: 'users', value: 2_300_000 },
  { line: '5 advisors & 15 clients now', kind: 'customers', value: 15 },
  { line: 'Onboarded 4 farmers with total land of 10 acres', kind: 'users', value: 4 },
  { line: 'Goal: 1,000 paying customers', kind: 'payingCustomers', value: 1_000, status: 'target' },
  { line: 'We plan to reach 10,000 users by 2026', kind: 'users', value: 10_000, status: 'target' },
  { line: 'Target of 500 customers next year', kind: 'customers', value: 500, status: 'target' },
  { line: 'Our CTO built an app with 75,000 users before joining', kind: 'users', value: 75_000, status: 'historical', title: 'Team' },
  { line: '630,000 users on couchsurfing.com', kind: 'users', value: 630_000, status: 'historical' },
  // Market
  { line: 'TAM: $12B', kind: 'tam', value: 12e9, currency: 'USD' },
  { line: 'Total addressable market of $48 billion', kind: 'tam', value: 48e9, currency: 'USD' },
  { line: 'Total Available Market (TAM): $48B Global market', kind: 'tam', value: 48e9, currency: 'USD' },
  { line: 'SAM: $1.5B', kind: 'sam', value: 1.5e9, currency: 'USD' },
  { line: 'Serviceable addressable market: $2B', kind: 'sam', value: 2e9, currency: 'USD' },
  { line: 'Serviceable available market of €800M', kind: 'sam', value: 800e6, currency: 'EUR' },
  { line: 'Serviceable obtainable market: $150M', kind: 'som', value: 150e6, currency: 'USD' },
  { line: 'SOM $100M', kind: 'som', value: 100e6, currency: 'USD' },
  { line: 'The global market size was USD 14.18 billion in 2023', kind: 'tam', value: 14.18e9, currency: 'USD' },
  { line: 'TAM 2030: $50B (Gartner)', kind: 'tam', value: 50e9, currency: 'USD' },
  { line: 'Marktvolumen (TAM): 3,5 Mrd. €', kind: 'tam', value: 3.5e9, currency: 'EUR' },
  { line: 'TAM of $4bn', kind: 'tam', value: 4e9, currency: 'USD' },
  // Raise, valuation, committed
  { line: 'We are raising $2.5M', kind: 'raise', value: 2_500_000, currency: 'USD' },
  { line: 'Raising a $1.5 Million seed round', kind: 'raise', value: 1_500_000, currency: 'USD' },
  { line: 'The ask: €500K', kind: 'raise', value: 500_000, currency: 'EUR' },
  { line: 'Seeking £1.3m', kind: 'raise', value: 1_300_000, currency: 'GBP' },
  { line: 'We are raising INR 5 CR', kind: 'raise', value: 50_000_000, currency: 'INR' },
  { line: 'Investment Ask: Rs 2.5 crores', kind: 'raise', value: 25_000_000, currency: 'INR' },
  { line: 'Wir suchen 750.000 €', kind: 'raise', value: 750_000, currency: 'EUR' },
  { line: 'Our previous startup raised €2.8M', kind: 'raise', value: 2_800_000, currency: 'EUR', status: 'historical' },
  { line: 'Raised USD 25,000 non-dilutive funding in 2024', kind: 'raise', value: 25_000, currency: 'USD', status: 'historical' },
  { line: 'Pre-money valuation of $8M', kind: 'valuation', value: 8_000_000, currency: 'USD' },
  { line: 'SAFE with a $10M valuation cap', kind: 'valuation', value: 10_000_000, currency: 'USD' },
  { line: '$600K already committed', kind: 'committed', value: 600_000, currency: 'USD' },
  // Burn and runway
  { line: 'Burn ~$120K/mo', kind: 'burn', value: 120_000, currency: 'USD' },
  { line: 'Net burn of $120,000 per month', kind: 'burn', value: 120_000, currency: 'USD' },
  { line: 'Monthly burn: €45K', kind: 'burn', value: 45_000, currency: 'EUR' },
  { line: 'Burn rate $80k per month', kind: 'burn', value: 80_000, currency: 'USD' },
  { line: 'We burn $60K a month', kind: 'burn', value: 60_000, currency: 'USD' },
  { line: '18-month runway', kind: 'runwayMonths', value: 18 },
  { line: 'Runway: 14 months', kind: 'runwayMonths', value: 14 },
  { line: '9 months of runway left', kind: 'runwayMonths', value: 9 },
  { line: 'Cash runway of 20 months', kind: 'runwayMonths', value: 20 },
  { line: 'The round gives us 24 months of runway', kind: 'runwayMonths', value: 24, status: 'target' },
  { line: 'Use of funds for 18-24 months runway', kind: 'runwayMonths', value: 24, status: 'target' },
  // Unit economics
  { line: 'CAC $400 and LTV $3,600', kind: 'cac', value: 400, currency: 'USD' },
  { line: 'CAC $400 and LTV $3,600', kind: 'ltv', value: 3_600, currency: 'USD' },
  { line: 'LTV:CAC = $3,600 : $400', kind: 'ltv', value: 3_600, currency: 'USD' },
  { line: 'LTV:CAC = $3,600 : $400', kind: 'cac', value: 400, currency: 'USD' },
  { line: 'Customer acquisition cost: €35', kind: 'cac', value: 35, currency: 'EUR' },
  { line: 'Lifetime value €1,200', kind: 'ltv', value: 1_200, currency: 'EUR' },
  { line: 'Monthly churn 2.1%', kind: 'churn', value: 2.1 },
  { line: 'Churn: 3% per month', kind: 'churn', value: 3 },
  { line: 'Gross margin 78%', kind: 'grossMargin', value: 78 },
  { line: '65% gross margins', kind: 'grossMargin', value: 65 },
  { line: 'Gross margin increased from 16% to 20%', kind: 'grossMargin', value: 20 },
  // Team
  { line: 'Team of 9 people', kind: 'teamSize', value: 9 },
  { line: '12 employees', kind: 'teamSize', value: 12 },
  { line: 'Total team members: 8', kind: 'teamSize', value: 8 },
  { line: '25 FTEs across Berlin and Lisbon', kind: 'teamSize', value: 25 },
  { line: 'The same four person team, scaling through automation', kind: 'teamSize', value: 4 },
];
