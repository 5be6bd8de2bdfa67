import { FileSpreadsheet, ImageDown } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { useToast } from '@/components/ui/toast';
import { downloadCsv, downloadPng, type ChartTable, type LegendItem } from '../lib/export';

/** The file name of a chart's export: the chart and the period, e.g. funnel-2026-09-01-to-2026-11-23.csv. */
export const exportName = (chart: string, period: { from: string; to: string }, ext: 'csv' | 'png') =>
  `${chart}-${period.from}-to-${period.to}.${ext}`;

/**
 * A chart's legend across the card's width: the charts' negative left margin would otherwise
 * widen it past the card, and at 390 px its first items past the screen's edge.
 */
export const LEGEND_STYLE = { fontSize: 12, left: 0, width: '100%' } as const;

/**
 * One report: its title, what it shows, the chart, and its two exports: the drawing as a PNG and
 * its figures as a CSV. `summary` is what a screen reader is told the chart shows.
 */
export function ChartCard({
  id,
  title,
  description,
  summary,
  period,
  table,
  legend,
  children,
  footer,
}: {
  id: string;
  title: string;
  description: ReactNode;
  summary: string;
  period: { from: string; to: string };
  table: ChartTable;
  legend: LegendItem[];
  children: ReactNode;
  footer?: ReactNode;
}) {
  const chart = useRef<HTMLDivElement>(null);
  const toast = useToast();
  const headingId = `${id}-title`;

  async function png() {
    const svg = chart.current?.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
    if (!svg) return toast.error('This chart has nothing to draw yet.');
    try {
      await downloadPng(svg, { title, legend, filename: exportName(id, period, 'png') });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The chart could not be drawn as an image.');
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="flex-col gap-2 sm:flex-row">
        <div className="min-w-0">
          <CardTitle id={headingId}>{title}</CardTitle>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="secondary" onClick={() => void png()} aria-label={`Download ${title} as PNG`}>
            <ImageDown className="h-4 w-4" aria-hidden="true" />
            PNG
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => downloadCsv(table, exportName(id, period, 'csv'))}
            aria-label={`Download ${title} data as CSV`}
          >
            <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
            CSV
          </Button>
        </div>
      </CardHeader>
      <CardBody>
        <div ref={chart} className="h-64 w-full overflow-hidden" role="img" aria-label={summary}>
          {children}
        </div>
        {footer}
      </CardBody>
    </Card>
  );
}
