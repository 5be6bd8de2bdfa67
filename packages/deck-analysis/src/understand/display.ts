import type { Fact } from '@fitscore/contracts';
import { formatAmount, formatCount } from './numbers.ts';

/** A figure as the dashboard shows it: '$45K', '18%', '14 months', '1.2K'. */
export function displayValue(value: number, unit: Fact['unit'], currency: string | null): string {
  if (unit === 'currency') return formatAmount(value, currency);
  if (unit === 'percent') return `${Math.round(value * 10) / 10}%`;
  if (unit === 'months') return `${Math.round(value * 10) / 10} months`;
  return formatCount(value);
}
