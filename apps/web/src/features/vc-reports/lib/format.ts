import { plural } from '@/lib/plural';

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A week's Monday (YYYY-MM-DD) as 'Nov 23'. */
export const weekLabel = (start: string) => shortDay.format(new Date(`${start}T00:00:00Z`));
/** A month (YYYY-MM) as 'Nov 2026'. */
export const monthLabel = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
/** A share 0-1 as a whole percentage; '–' when there is none. */
export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
/** A median in days; '–' when there is none. */
export const daysLabel = (days: number | null) => (days === null ? '–' : plural(days, 'day'));
/** A share for a CSV: a fraction with up to four decimals, empty when there is none. */
export const shareCell = (share: number | null) => (share === null ? null : Math.round(share * 10_000) / 10_000);
/** '1 deal', '3 deals'. */
export const deals = (n: number) => plural(n, 'deal');
