import { DEAL_SOURCES, type DealWeeks } from '@fitscore/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SOURCE_COLORS, SOURCE_LABELS } from '../lib/labels';
import { plural } from '@/lib/plural';

const week = (start: string) => new Date(`${start}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Deals received per week, stacked by source (only sources that sent something are drawn). */
export default function WeeklyChart({ weeks }: { weeks: DealWeeks['weeks'] }) {
  const data = weeks.map((w) => ({ week: week(w.start), ...w.bySource }));
  const sources = DEAL_SOURCES.filter((s) => weeks.some((w) => w.bySource[s] > 0));
  const total = weeks.reduce((n, w) => n + w.total, 0);
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-slate-700">Deals received per week</figcaption>
      <div className="h-44" role="img" aria-label={`${plural(total, 'deal')} received in the last ${weeks.length} weeks, by source`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -20 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="week" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
            <Tooltip />
            {sources.length > 1 ? <Legend iconSize={10} wrapperStyle={{ fontSize: 12 }} /> : null}
            {sources.map((s) => (
              <Bar key={s} dataKey={s} name={SOURCE_LABELS[s]} stackId="source" fill={SOURCE_COLORS[s]} maxBarSize={28} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      {total === 0 ? <p className="mt-1 text-xs text-slate-500">No deals received in the last {weeks.length} weeks.</p> : null}
    </figure>
  );
}
