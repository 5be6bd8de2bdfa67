import { formatMoney } from '@fitscore/contracts';

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', INR: '₹', JPY: '¥' };

/** '$7.2M', '€105M', 'CHF 3M'; 'Undisclosed' when the amount was not made public. */
export function formatAmount(amount: number | null, currency: string): string {
  if (amount === null) return 'Undisclosed';
  const symbol = SYMBOLS[currency];
  return symbol ? formatMoney(amount, symbol) : `${currency} ${formatMoney(amount, '')}`;
}

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatRaisedAt(date: string | null): string | null {
  return date ? monthFormat.format(new Date(`${date}T00:00:00Z`)) : null;
}
