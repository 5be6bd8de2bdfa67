import type { Fact, SectionKind } from '@fitscore/contracts';
import { plural } from './plural';

export const SECTION_LABELS: Record<SectionKind, string> = {
  problem: 'Problem',
  solution: 'Solution',
  product: 'Product',
  market: 'Market',
  businessModel: 'Business model',
  traction: 'Traction',
  gtm: 'Go-to-market',
  competition: 'Competition',
  team: 'Team',
  financials: 'Financials',
  ask: 'The ask',
  risks: 'Risks',
};

const FACT_LABELS: Record<Fact['kind'], string> = {
  mrr: 'MRR',
  arr: 'ARR',
  revenue: 'Revenue',
  gmv: 'GMV',
  momGrowth: 'MoM growth',
  yoyGrowth: 'YoY growth',
  payingCustomers: 'Paying customers',
  customers: 'Customers',
  users: 'Users',
  activeUsers: 'Active users',
  pilots: 'Pilots',
  tam: 'TAM',
  sam: 'SAM',
  som: 'SOM',
  marketCagr: 'Market CAGR',
  raise: 'Raise',
  valuation: 'Valuation',
  committed: 'Committed',
  burn: 'Burn',
  cash: 'Cash',
  runwayMonths: 'Runway',
  cac: 'CAC',
  ltv: 'LTV',
  churn: 'Churn',
  retention: 'Retention',
  grossMargin: 'Gross margin',
  pricing: 'Pricing',
  teamSize: 'Team size',
  priorExit: 'Prior exit',
  notableCompany: 'Notable company',
  degree: 'Degree',
  amount: 'Amount',
  percent: 'Percentage',
};

type FactLike = Pick<Fact, 'kind' | 'unit' | 'currency' | 'value' | 'label' | 'period'>;

/** 'MRR $85K/month', 'Percentage 80%', 'Notable company: Goldman Sachs'. */
export function factText(fact: FactLike): string {
  const name = FACT_LABELS[fact.kind];
  if (fact.unit === 'text') return fact.label ? `${name}: ${fact.label}` : name;
  const per = fact.period ? `/${fact.period}` : '';
  if (fact.unit === 'currency') {
    const money = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: fact.currency ?? 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(fact.value);
    return `${name} ${money}${per}`;
  }
  if (fact.unit === 'percent') return `${name} ${fact.value}%${per}`;
  if (fact.unit === 'months') return `${name} ${plural(fact.value, 'month')}`;
  return `${name} ${new Intl.NumberFormat('en-US').format(fact.value)}${per}`;
}

export const pagesText = (pages: readonly number[]) => (pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.join(', ')}`);

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0');
