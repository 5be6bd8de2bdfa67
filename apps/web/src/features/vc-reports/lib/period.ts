import type { FundReportQuery } from '@fitscore/contracts';

/** The Period select: a few spans ending today, or the member's own dates. */
export const PERIODS = [
  { value: '4w', label: 'Last 4 weeks', days: 28 },
  { value: '12w', label: 'Last 12 weeks', days: 84 },
  { value: '6m', label: 'Last 6 months', days: 182 },
  { value: '12m', label: 'Last 12 months', days: 365 },
  { value: 'custom', label: 'Custom dates', days: 0 },
] as const;
export type PeriodValue = (typeof PERIODS)[number]['value'];
export const DEFAULT_PERIOD: PeriodValue = '12w';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export interface ReportFilters {
  period: PeriodValue;
  from: string;
  to: string;
  sector: string;
  owner: string;
}

/** What the server is asked for: a preset's days ending today (UTC), or the custom dates. */
export function toQuery(f: ReportFilters, today = new Date()): FundReportQuery {
  const preset = PERIODS.find((p) => p.value === f.period);
  const range =
    preset && preset.value !== 'custom'
      ? { from: isoDay(new Date(today.getTime() - (preset.days - 1) * 86_400_000)), to: isoDay(today) }
      : { from: f.from || undefined, to: f.to || undefined };
  return { ...range, sector: f.sector || undefined, owner: f.owner || undefined };
}

/** The filters kept in the address (so a report can be shared or bookmarked). */
export function filtersOf(params: URLSearchParams): ReportFilters {
  const period = PERIODS.find((p) => p.value === params.get('period'))?.value ?? DEFAULT_PERIOD;
  return {
    period,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    sector: params.get('sector') ?? '',
    owner: params.get('owner') ?? '',
  };
}

export function paramsOf(f: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.period !== DEFAULT_PERIOD) params.set('period', f.period);
  if (f.period === 'custom') {
    if (f.from) params.set('from', f.from);
    if (f.to) params.set('to', f.to);
  }
  if (f.sector) params.set('sector', f.sector);
  if (f.owner) params.set('owner', f.owner);
  return params;
}
