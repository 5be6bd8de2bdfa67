import type { FounderProfile } from '@fitscore/contracts';

/** How the profile form labels each field, for evidence a founder can recognise ('Profile: TAM $2B'). */
export const PROFILE_LABELS: Partial<Record<keyof FounderProfile | 'acv' | 'salesCycle' | 'winRate' | 'activationRate', string>> = {
  mrr: 'MRR',
  arr: 'ARR',
  mom_growth: 'MoM growth',
  paying_customers: 'Paying customers',
  active_users_value: 'Active users',
  pilots_lois: 'Pilots / LOIs',
  tam: 'TAM',
  sam: 'SAM',
  som: 'SOM',
  round_target_amount: 'Round size',
  valuation: 'Valuation',
  committed_amount: 'Committed',
  burn: 'Monthly burn',
  cash: 'Cash',
  runway_months: 'Runway',
  cac: 'CAC',
  ltv: 'LTV',
  logo_churn: 'Logo churn',
  retention_rate: 'Retention',
  gross_margin: 'Gross margin',
  team_size: 'Team size',
  founders: 'Founders',
  icp: 'Target customer',
  icp_tags: 'Target customer tags',
  competitors: 'Competitors',
  competitors_list: 'Competitors',
  target_geo: 'Target geography',
  industry: 'Industry',
  business_model: 'Business model',
  revenue_stage: 'Revenue stage',
  product_maturity: 'Product maturity',
  social_proof: 'Social proof',
  market_source_url: 'Market source',
  stage: 'Stage',
  acv: 'ACV / AOV',
  salesCycle: 'Sales cycle',
  winRate: 'Win rate',
  activationRate: 'Activation rate',
};

export function profileLabel(field: string): string {
  return PROFILE_LABELS[field as keyof typeof PROFILE_LABELS] ?? field.replace(/_/g, ' ');
}
