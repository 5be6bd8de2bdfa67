import type { Deal } from '@fitscore/contracts';

export const SOURCE_LABELS: Record<Deal['source'], string> = {
  upload: 'Upload',
  form: 'Form',
  email: 'Email',
  webhook: 'Webhook',
  platform: 'Platform',
  import: 'Import',
};

/** Chart colours per source (the same order everywhere). */
export const SOURCE_COLORS: Record<Deal['source'], string> = {
  upload: '#4f46e5',
  form: '#0ea5e9',
  email: '#f59e0b',
  webhook: '#10b981',
  platform: '#ec4899',
  import: '#64748b',
};

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
export const formatDay = (iso: string) => day.format(new Date(iso));

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
