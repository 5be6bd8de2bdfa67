import type { KeyMetric, KeyMetricKey } from './fitscore.ts';

/**
 * The key metrics' labels, in the order every report lists them (the web report, the PDF, the deal
 * page): one table, so a metric reads the same wherever it is shown.
 */
export const KEY_METRIC_LABELS: Readonly<Record<KeyMetricKey, string>> = {
  mrr: 'MRR',
  arr: 'ARR',
  momGrowth: 'MoM growth',
  payingCustomers: 'Paying customers',
  activeUsers: 'Active users',
  grossMargin: 'Gross margin',
  churn: 'Churn',
  cac: 'CAC',
  ltv: 'LTV',
  ltvCac: 'LTV / CAC',
  paybackMonths: 'CAC payback',
  burn: 'Monthly burn',
  cash: 'Cash',
  runwayMonths: 'Runway',
  tam: 'TAM',
  raise: 'Raising',
  valuation: 'Valuation',
  teamSize: 'Team size',
};

export interface ReportedKeyMetric {
  key: KeyMetricKey;
  label: string;
  metric: KeyMetric;
}

/** The metrics an analysis found, labelled, in report order. */
export function reportedKeyMetrics(keyMetrics: Readonly<Record<KeyMetricKey, KeyMetric | null>>): ReportedKeyMetric[] {
  return (Object.keys(KEY_METRIC_LABELS) as KeyMetricKey[]).flatMap((key) => {
    const metric = keyMetrics[key];
    return metric ? [{ key, label: KEY_METRIC_LABELS[key], metric }] : [];
  });
}

/** Where a metric's value came from, as a report states it. */
export function keyMetricSource(metric: Pick<KeyMetric, 'source' | 'page'>): string {
  if (metric.source === 'deck' || metric.source === 'llm') return `Deck, slide ${metric.page ?? '?'}`;
  return metric.source === 'derived' ? 'Calculated' : 'Profile';
}
