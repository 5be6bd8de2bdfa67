import type { FundReport } from '@fitscore/contracts';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SOURCE_COLORS, SOURCE_LABELS } from '@/lib/deal-sources';
import { percent, shareCell } from '../lib/format';
import { ChartCard } from './chart-card';

/** Per channel: the share of its deals that went past screening. */
export function ChannelsReport({ report }: { report: FundReport }) {
  const { rows, screening } = report.channels;
  const past = screening ? `past ${screening}` : 'past screening';
  const data = rows.map((r) => ({
    ...r,
    name: SOURCE_LABELS[r.source],
    percent: r.share === null ? 0 : Math.round(r.share * 100),
    label: r.received ? `${percent(r.share)} (${r.pastScreening}/${r.received})` : 'none received',
  }));
  return (
    <ChartCard
      id="channel-quality"
      title="Deals past screening by channel"
      description={`The share of each channel's deals that reached a stage after ${screening ?? 'screening'}.`}
      summary={rows.map((r) => `${SOURCE_LABELS[r.source]} ${percent(r.share)} ${past}`).join(', ')}
      period={report.period}
      legend={rows.map((r) => ({ label: SOURCE_LABELS[r.source], color: SOURCE_COLORS[r.source] }))}
      table={{
        header: ['Channel', 'Deals received', `Deals ${past}`, `Share ${past}`],
        rows: rows.map((r) => [SOURCE_LABELS[r.source], r.received, r.pastScreening, shareCell(r.share)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 96, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={72} tick={{ fontSize: 11 }} interval={0} />
          <Tooltip
            formatter={(_value, _name, item) => [(item.payload as (typeof data)[number]).label, `Share ${past}`]}
          />
          <Bar dataKey="percent" name={`Share ${past}`} maxBarSize={22} minPointSize={2} isAnimationActive={false}>
            {data.map((d) => (
              <Cell key={d.source} fill={SOURCE_COLORS[d.source]} />
            ))}
            <LabelList dataKey="label" position="right" style={{ fontSize: 11, fill: '#334155' }} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
