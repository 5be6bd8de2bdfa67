import { KEY_METRIC_KEYS, type FitScoreAnalysis, type KeyMetric, type KeyMetricKey } from '@fitscore/contracts';
import { displayMetric } from '../understand/understand-deck.ts';
import type { Metric, Understanding } from '../understand/understanding.ts';
import type { RuleContext } from './context.ts';

/** Dashboard metrics, each with where it came from (profile, deck page, or derived). */
function fromMetric(m: Metric | undefined): KeyMetric | null {
  if (!m) return null;
  const unit: KeyMetric['unit'] = m.unit === 'text' ? 'count' : m.unit;
  return { value: m.value, unit, currency: m.currency, source: m.source, page: m.page, display: displayMetric(m) };
}

function ratio(value: number | null, unit: KeyMetric['unit'], suffix: string): KeyMetric | null {
  if (value === null) return null;
  return { value, unit, currency: null, source: 'derived', page: null, display: `${value}${suffix}` };
}

export function keyMetrics(u: Understanding, ctx: RuleContext): FitScoreAnalysis['keyMetrics'] {
  const m = u.metrics;
  const out = {} as Record<KeyMetricKey, KeyMetric | null>;
  for (const key of KEY_METRIC_KEYS) {
    switch (key) {
      case 'ltvCac':
        out[key] = ratio(ctx.ltvCac, 'ratio', 'x');
        break;
      case 'paybackMonths':
        out[key] = ratio(ctx.paybackMonths, 'months', ' months');
        break;
      case 'payingCustomers':
        out[key] = fromMetric(m.payingCustomers ?? m.customers);
        break;
      case 'activeUsers':
        out[key] = fromMetric(m.activeUsers ?? m.users);
        break;
      default:
        out[key] = fromMetric(m[key]);
    }
  }
  return out;
}
