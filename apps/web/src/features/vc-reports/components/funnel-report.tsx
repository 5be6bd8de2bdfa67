import type { FundReport } from '@fitscore/contracts';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { percent, shareCell } from '../lib/format';
import { ChartCard } from './chart-card';
import { plural } from '@/lib/plural';

const COLOR = '#4f46e5';

/** The fund's stages in order: how many deals of the period reached each, and the conversion from the stage before. */
export function FunnelReport({ report }: { report: FundReport }) {
  const { stages, passed } = report.funnel;
  const data = stages.map((s) => ({
    ...s,
    label: s.conversion === null ? `${s.reached}` : `${s.reached} · ${percent(s.conversion)}`,
  }));
  const first = stages[0]?.reached ?? 0;
  return (
    <ChartCard
      id="funnel"
      title="Funnel by stage"
      description="Deals that reached each stage of your process (or a later one), with the conversion from the stage before."
      summary={`Funnel: ${stages.map((s) => `${s.name} ${s.reached}`).join(', ')}`}
      period={report.period}
      legend={[{ label: 'Deals that reached the stage', color: COLOR }]}
      table={{
        header: ['Stage', 'Deals reached', 'Conversion from previous stage'],
        rows: stages.map((s) => [s.name, s.reached, shareCell(s.conversion)]),
      }}
      footer={
        <p className="mt-2 text-xs text-slate-500">
          {passed} of {plural(first, 'deal')} passed on (now in a Cold stage).
        </p>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 56, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11 }} interval={0} />
          <Tooltip
            formatter={(value, _name, item) => [
              `${String(value)} (${percent((item.payload as (typeof data)[number]).conversion)} of the stage before)`,
              'Reached',
            ]}
          />
          <Bar
            dataKey="reached"
            name="Deals that reached the stage"
            fill={COLOR}
            maxBarSize={22}
            minPointSize={2}
            isAnimationActive={false}
          >
            <LabelList dataKey="label" position="right" style={{ fontSize: 11, fill: '#334155' }} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
