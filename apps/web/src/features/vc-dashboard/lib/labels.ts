export { SOURCE_COLORS, SOURCE_LABELS } from '@/lib/deal-sources';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
export const formatDay = (iso: string) => day.format(new Date(iso));

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
