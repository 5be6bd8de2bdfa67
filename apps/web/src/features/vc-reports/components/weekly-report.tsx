import { DEAL_SOURCES, type FundReport } from '@fitscore/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SOURCE_COLORS, SOURCE_LABELS } from '@/lib/deal-sources';
import { deals, weekLabel } from '../lib/format';
import { ChartCard, LEGEND_STYLE } from './chart-card';

/** Deals received per week, stacked by channel. */
export function WeeklyReport({ report }: { report: FundReport }) {
  const data = report.weekly.map((w) => ({ week: weekLabel(w.start), ...w.bySource }));
  const total = report.weekly.reduce((n, w) => n + w.total, 0);
  return (
    <ChartCard
      id="deals-per-week"
      title="Deals received per week"
      description="By channel; weeks start on Monday (UTC)."
      summary={`${deals(total)} received over ${report.weekly.length} weeks, by channel`}
      period={report.period}
      legend={DEAL_SOURCES.map((s) => ({ label: SOURCE_LABELS[s], color: SOURCE_COLORS[s] }))}
      table={{
        header: ['Week starting', ...DEAL_SOURCES.map((s) => SOURCE_LABELS[s]), 'Total'],
        rows: report.weekly.map((w) => [w.start, ...DEAL_SOURCES.map((s) => w.bySource[s]), w.total]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="week" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <Tooltip />
          <Legend iconSize={10} wrapperStyle={LEGEND_STYLE} />
          {DEAL_SOURCES.map((s) => (
            <Bar
              key={s}
              dataKey={s}
              name={SOURCE_LABELS[s]}
              stackId="source"
              fill={SOURCE_COLORS[s]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
