import type { Benchmark } from '@fitscore/contracts';
import { plural } from '@/lib/plural';

/** A benchmark threshold as people read it: '$1B', '$10K', '10%', '3x', '12 months', '1,000'. */
export function formatThreshold(value: number, unit: string): string {
  const compact = (n: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
  if (unit.startsWith('USD')) return `$${compact(value)}`;
  if (unit.startsWith('%')) return `${value}%`;
  if (unit === 'ratio') return `${value}x`;
  if (unit === 'months') return plural(value, 'month');
  return new Intl.NumberFormat('en-US').format(value);
}

/** 'good ≥ $10K, great ≥ $40K / month', or with ≤ where lower is better (churn, CAC payback). */
export function benchmarkText(benchmark: Benchmark, bar: { good: number | null; great: number | null }): string | null {
  if (bar.good === null) return null;
  const op = benchmark.lowerIsBetter ? '≤' : '≥';
  const per = benchmark.unit.includes('/ month') ? ' a month' : '';
  const parts = [`good ${op} ${formatThreshold(bar.good, benchmark.unit)}`];
  if (bar.great !== null) parts.push(`great ${op} ${formatThreshold(bar.great, benchmark.unit)}`);
  return `${parts.join(', ')}${per}`;
}
