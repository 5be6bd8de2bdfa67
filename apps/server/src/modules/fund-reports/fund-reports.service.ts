import {
  DEAL_SOURCES,
  FUND_REPORT_DEFAULT_DAYS,
  FUND_REPORT_MAX_DAYS,
  FUND_REPORT_SCORE_BAND,
  type FundMember,
  type FundReport,
  type FundReportQuery,
  type FundStage,
} from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { FundReportsRepository, ReportScope } from './fund-reports.repository.ts';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const dayOf = (s: string) => new Date(`${s}T00:00:00Z`);

/** Monday 00:00 UTC of the week `at` falls in. */
function mondayOf(at: Date): Date {
  return new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

/** Days as the screens show them: one decimal, never below zero (a clock step between servers). */
const days = (median: number | null) => (median === null ? null : Math.max(0, Math.round(median * 10) / 10));

/** The stage named `name` (any case), else the first one of `triage`: the defaults' names, whatever a fund renamed. */
function stageNamed(steps: readonly FundStage[], name: string, triage: FundStage['triage']): FundStage | null {
  return steps.find((s) => s.name.trim().toLowerCase() === name) ?? steps.find((s) => s.triage === triage) ?? null;
}

export interface FundReportsDeps {
  repo: FundReportsRepository;
  stages: { list(fundId: string): Promise<FundStage[]> };
  facets: (fundId: string) => Promise<{ facets: { sector: Record<string, number> } }>;
  members: (fundId: string) => Promise<{ members: FundMember[] }>;
  now?: () => Date;
}

/** The fund's Reports screen (issue 31 point 8): every figure from grouped reads of its deals. */
export function createFundReportsService({ repo, stages, facets, members, now = () => new Date() }: FundReportsDeps) {
  function period(query: FundReportQuery) {
    const to = query.to ?? isoDay(now());
    const from = query.from ?? isoDay(new Date(dayOf(to).getTime() - (FUND_REPORT_DEFAULT_DAYS - 1) * DAY_MS));
    if (from > to) throw new AppError('validation_failed', 'from must not be after to');
    if ((dayOf(to).getTime() - dayOf(from).getTime()) / DAY_MS >= FUND_REPORT_MAX_DAYS)
      throw new AppError('validation_failed', `A report covers at most ${FUND_REPORT_MAX_DAYS} days`);
    return { from, to };
  }

  return {
    async report(fundId: string | null, query: FundReportQuery): Promise<FundReport> {
      if (!fundId) throw new AppError('conflict', 'Please complete your fund profile first');
      const { from, to } = period(query);
      const scope: ReportScope = {
        fundId,
        from: dayOf(from),
        until: new Date(dayOf(to).getTime() + DAY_MS),
        sector: query.sector || undefined,
        owner: query.owner,
      };
      // The stages first: a fund's first read makes its default stages, which the reach query reads.
      const all = await stages.list(fundId);
      const [weekRows, reach, timing, sectorCounts, team] = await Promise.all([
        repo.weekly(scope),
        repo.reach(scope, FUND_REPORT_SCORE_BAND),
        repo.timing(scope),
        facets(fundId),
        members(fundId),
      ]);

      const weekly: FundReport['weekly'] = [];
      for (let w = mondayOf(dayOf(from)); w <= dayOf(to); w = new Date(w.getTime() + 7 * DAY_MS)) {
        const start = isoDay(w);
        const bySource = Object.fromEntries(DEAL_SOURCES.map((s) => [s, 0])) as Record<(typeof DEAL_SOURCES)[number], number>;
        for (const r of weekRows) if (r.week === start) bySource[r.source] += r.n;
        weekly.push({ start, total: Object.values(bySource).reduce((a, b) => a + b, 0), bySource });
      }

      const steps = all.filter((s) => s.triage !== 'cold');
      const reachedAtLeast = (position: number, rows = reach) =>
        rows.reduce((n, r) => (r.reached >= position ? n + r.n : n), 0);
      const funnelStages = steps.map((s) => ({ id: s.id, name: s.name, reached: reachedAtLeast(s.position) }));
      const partner = stageNamed(steps, 'partner meeting', 'hot');
      const screening = stageNamed(steps, 'screening', 'track');

      const bandCount = Math.ceil(100 / FUND_REPORT_SCORE_BAND);
      const bands = Array.from({ length: bandCount }, (_, i) => {
        const rows = reach.filter((r) => r.band === i);
        return {
          from: i * FUND_REPORT_SCORE_BAND,
          to: i === bandCount - 1 ? 100 : (i + 1) * FUND_REPORT_SCORE_BAND - 1,
          arrived: rows.reduce((n, r) => n + r.n, 0),
          reached: partner ? reachedAtLeast(partner.position, rows) : 0,
        };
      });

      const median = (m: number | null, count: number) => ({ medianDays: days(m), count });
      const overall = timing.find((t) => t.month === null);
      const months: FundReport['timing']['months'] = [];
      for (let m = dayOf(`${from.slice(0, 7)}-01`); m <= dayOf(to); m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))) {
        const month = isoDay(m).slice(0, 7);
        const row = timing.find((t) => t.month === month);
        months.push({ month, firstReview: median(row?.review ?? null, row?.reviews ?? 0), decision: median(row?.decision ?? null, row?.decisions ?? 0) });
      }

      return {
        period: { from, to },
        options: {
          sectors: Object.keys(sectorCounts.facets.sector).filter(Boolean).sort((a, b) => a.localeCompare(b)),
          owners: team.members.map((m) => ({ id: m.id, name: m.name })),
        },
        weekly,
        funnel: {
          stages: funnelStages.map((s, i) => {
            const before = funnelStages[i - 1]?.reached;
            return { ...s, conversion: before ? s.reached / before : null };
          }),
          passed: reach.reduce((n, r) => (r.cold ? n + r.n : n), 0),
        },
        timing: {
          firstReview: median(overall?.review ?? null, overall?.reviews ?? 0),
          decision: median(overall?.decision ?? null, overall?.decisions ?? 0),
          months,
        },
        scores: { stage: partner?.name ?? null, bands, unscored: reach.reduce((n, r) => (r.band === null ? n + r.n : n), 0) },
        channels: {
          screening: screening?.name ?? null,
          rows: DEAL_SOURCES.map((source) => {
            const rows = reach.filter((r) => r.source === source);
            const received = rows.reduce((n, r) => n + r.n, 0);
            const pastScreening = screening ? rows.reduce((n, r) => (r.reached > screening.position ? n + r.n : n), 0) : 0;
            return { source, received, pastScreening, share: received ? pastScreening / received : null };
          }),
        },
      };
    },
  };
}
export type FundReportsService = ReturnType<typeof createFundReportsService>;
