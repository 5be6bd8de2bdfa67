import { formatMoney, KEY_METRIC_LABELS } from '@fitscore/contracts';
import { Lock, Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { plural } from '@/lib/plural';
import { useMetrics } from '../api/metrics';
import { EditMetricsDialog } from './edit-metrics-dialog';

// Recharts is large: it loads only when there is a history to draw.
const MetricCharts = lazy(() => import('./metric-charts'));

const show = (v: number | null, format: (n: number) => string) => (v === null ? 'N/A' : format(v));

export function KeyMetricsCard() {
  const metrics = useMetrics();
  const [editing, setEditing] = useState(false);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Key Metrics</CardTitle>
        {metrics.data ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <CardBody>
        {metrics.isPending ? (
          <Spinner label="Loading metrics" className="text-brand-600" />
        ) : metrics.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {metrics.error.message}
          </p>
        ) : (
          <div className="space-y-6">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {[
                { label: KEY_METRIC_LABELS.mrr, value: show(metrics.data.current.mrr, (n) => formatMoney(n)) },
                { label: KEY_METRIC_LABELS.momGrowth, value: show(metrics.data.current.mom_growth, (n) => `${n}%`) },
                { label: KEY_METRIC_LABELS.cac, value: show(metrics.data.current.cac, (n) => formatMoney(n)) },
                { label: KEY_METRIC_LABELS.burn, value: show(metrics.data.current.burn, (n) => formatMoney(n)) },
                { label: KEY_METRIC_LABELS.cash, value: show(metrics.data.current.cash, (n) => formatMoney(n)) },
                { label: KEY_METRIC_LABELS.runwayMonths, value: show(metrics.data.current.runway_display_months, (n) => plural(n, 'month')) },
              ].map((m) => (
                <div key={m.label} className="rounded-xl bg-slate-50 p-3">
                  <dt className="text-xs font-medium text-slate-500">{m.label}</dt>
                  <dd className="mt-0.5 text-lg font-semibold text-slate-900">{m.value}</dd>
                </div>
              ))}
            </dl>
            {metrics.data.history_locked ? (
              <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-brand-300 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="flex items-center gap-2 text-sm text-brand-900">
                  <Lock className="h-4 w-4 shrink-0" aria-hidden="true" />
                  MRR and burn charts over time are part of the Premium financial dashboard.
                </p>
                <Button asChild size="sm">
                  <Link to={`${paths.founder.settings}?tab=subscription`}>Upgrade to Premium</Link>
                </Button>
              </div>
            ) : metrics.data.history && metrics.data.history.length > 0 ? (
              <Suspense fallback={<Spinner label="Loading charts" className="text-brand-600" />}>
                <MetricCharts history={metrics.data.history} />
              </Suspense>
            ) : (
              <p className="text-sm text-slate-500">Your charts start with your first metrics update.</p>
            )}
          </div>
        )}
      </CardBody>
      {metrics.data ? (
        <EditMetricsDialog
          open={editing}
          onOpenChange={setEditing}
          values={{
            mrr: metrics.data.current.mrr,
            mom_growth: metrics.data.current.mom_growth,
            cac: metrics.data.current.cac,
            burn: metrics.data.current.burn,
            cash: metrics.data.current.cash,
          }}
        />
      ) : null}
    </Card>
  );
}
