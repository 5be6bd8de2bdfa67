import { deriveMetrics, type Fact, type FactKind, type FounderProfile } from '@fitscore/contracts';
import { unitOf } from './facts.ts';
import { displayValue } from './display.ts';
import { profileLabel } from './profile-labels.ts';

/** The profile's numbers as facts (source 'profile', no page), in contract units (USD). */
const FIELDS: Array<[keyof FounderProfile, FactKind]> = [
  ['mrr', 'mrr'],
  ['arr', 'arr'],
  ['mom_growth', 'momGrowth'],
  ['paying_customers', 'payingCustomers'],
  ['active_users_value', 'activeUsers'],
  ['pilots_lois', 'pilots'],
  ['tam', 'tam'],
  ['sam', 'sam'],
  ['som', 'som'],
  ['round_target_amount', 'raise'],
  ['valuation', 'valuation'],
  ['committed_amount', 'committed'],
  ['burn', 'burn'],
  ['cash', 'cash'],
  ['runway_months', 'runwayMonths'],
  ['cac', 'cac'],
  ['ltv', 'ltv'],
  ['logo_churn', 'churn'],
  ['retention_rate', 'retention'],
  ['gross_margin', 'grossMargin'],
  ['team_size', 'teamSize'],
];

export function profileFacts(profile: FounderProfile | null): Fact[] {
  if (!profile) return [];
  const facts: Fact[] = [];
  const derived = deriveMetrics(profile);
  for (const [field, kind] of FIELDS) {
    let value = profile[field] as number | null;
    // The profile states revenue once (as MRR or ARR); the other follows from it.
    if (kind === 'mrr' && value === null) value = derived.mrr;
    if (kind === 'arr' && value === null) value = derived.arr;
    if (kind === 'runwayMonths' && value === null) value = derived.runwayMonths;
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const unit = unitOf(kind);
    facts.push({
      id: `profile-${kind}`,
      kind,
      value,
      unit,
      currency: unit === 'currency' ? 'USD' : null,
      period: kind === 'mrr' || kind === 'burn' || kind === 'momGrowth' ? 'month' : kind === 'arr' ? 'year' : null,
      label: null,
      page: null,
      quote: `Profile: ${profileLabel(String(field))} ${displayValue(value, unit, unit === 'currency' ? 'USD' : null)}`,
      source: 'profile',
    });
  }
  return facts;
}
