import { PAGE_SEEN_MS, type DeckLinkViewer } from '@fitscore/contracts';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { durationText } from '../lib/format';

/** Seconds a viewer spent on each page, page by page; skipped pages are drawn faint. */
export default function PageTimeChart({ viewer }: { viewer: DeckLinkViewer }) {
  const data = viewer.pages.map((p) => ({ page: `${p.page}`, seconds: Math.round(p.ms / 100) / 10, ms: p.ms }));
  const label = `Time on each page: ${viewer.pages.map((p) => `page ${p.page} ${durationText(p.ms)}`).join(', ')}`;
  return (
    <figure>
      <div className="h-48" role="img" aria-label={label}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 4, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="page" tick={{ fontSize: 11 }} label={{ value: 'Page', position: 'insideBottom', offset: -2, fontSize: 11 }} height={32} />
            <YAxis tick={{ fontSize: 11 }} width={44} unit=" s" />
            <Tooltip formatter={(value) => [`${String(value)} s`, 'Time on page']} labelFormatter={(page) => `Page ${String(page)}`} />
            <Bar dataKey="seconds" maxBarSize={36} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.page} fill={d.ms < PAGE_SEEN_MS ? '#cbd5e1' : '#4f46e5'} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
