import { QueryState } from '@/components/layout/query-state';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';
import { useFundReport } from '../api/reports';
import { filtersOf, paramsOf, toQuery } from '../lib/period';
import { ChannelsReport } from './channels-report';
import { FunnelReport } from './funnel-report';
import { ReportFiltersBar } from './report-filters';
import { ScoresReport } from './scores-report';
import { TimingReport } from './timing-report';
import { WeeklyReport } from './weekly-report';

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dayLabel = (iso: string) => day.format(new Date(`${iso}T00:00:00Z`));

/** The fund's reports over the deals received in the chosen period, sector and owner. */
export function ReportsScreen() {
  const [params, updateParams] = useSearchParamsUpdate();
  const filters = filtersOf(params);
  const query = useFundReport(toQuery(filters));
  return (
    <>
      <ReportFiltersBar
        filters={filters}
        onChange={(patch) =>
          updateParams((current) => paramsOf({ ...filtersOf(current), ...patch }), { replace: true })
        }
        report={query.data}
      />
      <QueryState query={query} label="Loading reports">
        {(report) => (
          <div aria-busy={query.isFetching} className="space-y-6">
            <p className="text-sm text-slate-600" aria-live="polite">
              Deals received from {dayLabel(report.period.from)} to {dayLabel(report.period.to)}:{' '}
              <strong className="text-slate-900">{report.funnel.stages[0]?.reached ?? 0}</strong>
            </p>
            <WeeklyReport report={report} />
            <div className="grid gap-6 lg:grid-cols-2">
              <FunnelReport report={report} />
              <ChannelsReport report={report} />
              <TimingReport report={report} />
              <ScoresReport report={report} />
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
