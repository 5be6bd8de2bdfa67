import { describe, expect, it } from 'vitest';
import { KEY_METRIC_KEYS, type KeyMetric, type KeyMetricKey } from './fitscore.ts';
import { KEY_METRIC_LABELS, keyMetricSource, reportedKeyMetrics } from './metric-labels.ts';

const metric = (display: string, source: KeyMetric['source'] = 'profile', page: number | null = null): KeyMetric => ({
  value: 1,
  unit: 'currency',
  currency: 'USD',
  source,
  page,
  display,
});

describe('key metric labels', () => {
  it('label every key metric once', () => {
    expect(Object.keys(KEY_METRIC_LABELS).sort()).toEqual([...KEY_METRIC_KEYS].sort());
    expect(new Set(Object.values(KEY_METRIC_LABELS)).size).toBe(KEY_METRIC_KEYS.length);
  });

  it('list only the metrics found, in report order, with where each came from', () => {
    const found = Object.fromEntries(KEY_METRIC_KEYS.map((k) => [k, null])) as Record<KeyMetricKey, KeyMetric | null>;
    found.teamSize = metric('9');
    found.mrr = metric('$85K', 'deck', 5);
    found.runwayMonths = metric('18 months', 'derived');
    const rows = reportedKeyMetrics(found);
    expect(rows.map((r) => [r.label, r.metric.display, keyMetricSource(r.metric)])).toEqual([
      ['MRR', '$85K', 'Deck, slide 5'],
      ['Runway', '18 months', 'Calculated'],
      ['Team size', '9', 'Profile'],
    ]);
  });
});
