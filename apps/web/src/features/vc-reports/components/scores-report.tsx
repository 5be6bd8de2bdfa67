import type { FundReport } from '@fitscore/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard, LEGEND_STYLE } from './chart-card';
import { plural } from '@/lib/plural';

const ARRIVED = '#cbd5e1';
const REACHED = '#4f46e5';

/** FitScores of what arrived against what reached a partner meeting, in bands of ten. */
export function ScoresReport({ report }: { report: FundReport }) {
  const { bands, stage, unscored } = report.scores;
  const reachedName = stage ? `Reached ${stage}` : 'Reached a partner meeting';
  const data = bands.map((b) => ({ band: `${b.from}–${b.to}`, arrived: b.arrived, reached: b.reached }));
  const arrived = bands.reduce((n, b) => n + b.arrived, 0);
  const reached = bands.reduce((n, b) => n + b.reached, 0);
  return (
    <ChartCard
      id="fitscore-distribution"
      title="FitScore distribution"
      description={`FitScores of the deals that arrived, against those that ${stage ? `reached ${stage}` : 'reached a partner meeting'}.`}
      summary={`${arrived} scored deals arrived, ${reached} of them ${reachedName.toLowerCase()}`}
      period={report.period}
      legend={[
        { label: 'Arrived', color: ARRIVED },
        { label: reachedName, color: REACHED },
      ]}
      table={{ header: ['FitScore', 'Arrived', reachedName], rows: data.map((d) => [d.band, d.arrived, d.reached]) }}
      footer={
        unscored ? (
          <p className="mt-2 text-xs text-slate-500">
            {plural(unscored, 'deal')} without a FitScore yet {unscored === 1 ? 'is' : 'are'} not shown.
          </p>
        ) : null
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -20 }} barGap={1}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="band" tick={{ fontSize: 10 }} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <Tooltip />
          <Legend iconSize={10} wrapperStyle={LEGEND_STYLE} />
          <Bar dataKey="arrived" name="Arrived" fill={ARRIVED} maxBarSize={24} isAnimationActive={false} />
          <Bar dataKey="reached" name={reachedName} fill={REACHED} maxBarSize={24} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
