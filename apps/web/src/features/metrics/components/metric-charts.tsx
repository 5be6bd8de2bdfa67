import { formatMoney, type MetricPoint } from '@fitscore/contracts';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { plural } from '@/lib/plural';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** MRR trend and monthly burn from the recorded history: one point per update, nothing invented. */
export default function MetricCharts({ history }: { history: MetricPoint[] }) {
  const data = history.map((h) => ({ date: day(h.recorded_at), mrr: h.mrr, burn: h.burn }));
  const money = (v: unknown) => (typeof v === 'number' ? formatMoney(v) : '');
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <figure>
        <figcaption className="mb-2 text-sm font-semibold text-slate-700">MRR trend</figcaption>
        <div className="h-48" role="img" aria-label={`MRR over ${plural(data.length, 'recorded update')}`}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={money} tick={{ fontSize: 12 }} width={56} />
              <Tooltip formatter={(v) => money(v)} />
              <Line type="monotone" dataKey="mrr" name="MRR" stroke="#4f46e5" strokeWidth={2} dot={{ r: 4 }} connectNulls isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure>
        <figcaption className="mb-2 text-sm font-semibold text-slate-700">Monthly burn</figcaption>
        <div className="h-48" role="img" aria-label={`Burn over ${plural(data.length, 'recorded update')}`}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={money} tick={{ fontSize: 12 }} width={56} />
              <Tooltip formatter={(v) => money(v)} />
              <Bar dataKey="burn" name="Burn" fill="#f97316" radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
