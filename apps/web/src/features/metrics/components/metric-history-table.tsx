import { formatMoney, type MetricPoint } from '@fitscore/contracts';

const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

export function MetricHistoryTable({ history }: { history: MetricPoint[] }) {
  if (history.length === 0) return <p className="text-sm text-slate-500">No updates recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Key metrics by date</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">Date</th>
            <th scope="col" className="py-2 pr-4 font-semibold">MRR</th>
            <th scope="col" className="py-2 pr-4 font-semibold">MoM growth</th>
            <th scope="col" className="py-2 pr-4 font-semibold">CAC</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Burn</th>
            <th scope="col" className="py-2 font-semibold">Cash</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[...history].reverse().map((h) => (
            <tr key={h.recorded_at}>
              <td className="py-2 pr-4 text-slate-700">{new Date(h.recorded_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</td>
              <td className="py-2 pr-4 font-medium text-slate-900">{money(h.mrr)}</td>
              <td className="py-2 pr-4">{h.mom_growth === null ? '—' : `${h.mom_growth}%`}</td>
              <td className="py-2 pr-4">{money(h.cac)}</td>
              <td className="py-2 pr-4">{money(h.burn)}</td>
              <td className="py-2">{money(h.cash)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
