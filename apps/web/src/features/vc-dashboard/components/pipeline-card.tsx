import { DECISION_TIME_HELP } from '@fitscore/contracts';
import { ArrowRight, Timer } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { useDecisionTime, useRecentDeals, useWeeklyDeals } from '../api/dashboard';

const WeeklyChart = lazy(() => import('./weekly-chart'));

const STATUS_TILES = [
  { key: 'new', label: 'New', className: 'bg-slate-50 text-slate-900' },
  { key: 'hot', label: 'Hot', className: 'bg-red-50 text-red-800' },
  { key: 'track', label: 'Track', className: 'bg-amber-50 text-amber-900' },
  { key: 'cold', label: 'Cold', className: 'bg-sky-50 text-sky-900' },
] as const;

const days = (n: number) => plural(n, 'day', { format: (d) => d.toLocaleString(undefined, { maximumFractionDigits: 1 }) });

/** The fund's median time from receipt to decision (ADR 0025), with what a decision is. */
function DecisionTime() {
  const query = useDecisionTime();
  const data = query.data;
  let text: string;
  if (data) {
    text =
      data.medianDays === null
        ? 'Median time to decision: no decisions yet. Move a New deal to Hot, Track or Cold to start it.'
        : `Median time to decision: ${days(data.medianDays)} (${plural(data.decisions, 'decision')})`;
  } else text = query.isError ? query.error.message : 'Median time to decision: loading…';
  return (
    <div className="flex gap-2 rounded-xl bg-slate-50 px-3 py-2" data-testid="decision-time">
      <Timer className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {text}
        </p>
        <p className="text-xs text-slate-500">{DECISION_TIME_HELP}</p>
      </div>
    </div>
  );
}

/** The chart's place while it loads, as tall as the chart, so 'Go to Pipeline' below it does not jump when it arrives. */
function ChartPlaceholder() {
  return (
    <div className="flex h-52 items-center justify-center text-slate-400">
      <Spinner label="Loading chart" />
    </div>
  );
}

/** 'Deal Pipeline': the fund's deals per status (the server's counts), the trial counter and arrivals per week. */
export function PipelineCard({ className }: { className?: string }) {
  const list = useRecentDeals();
  const weekly = useWeeklyDeals();
  const counts = list.data?.counts;
  const plan = list.data?.plan;
  const value = (key: (typeof STATUS_TILES)[number]['key']) =>
    counts ? (key === 'new' ? counts.all - counts.hot - counts.track - counts.cold : counts[key]) : null;

  return (
    <Card className={cn('flex flex-col', className)}>
      <CardHeader>
        <div>
          <CardTitle>Deal Pipeline</CardTitle>
          <p className="mt-1 text-sm text-slate-600">
            {counts ? `${plural(counts.all, 'deal')} in your pipeline` : 'Your deals by status'}
          </p>
        </div>
      </CardHeader>
      <CardBody className="flex flex-1 flex-col gap-5">
        <dl className="grid grid-cols-4 gap-2" aria-label="Deals per status">
          {STATUS_TILES.map((t) => (
            <div key={t.key} className={cn('rounded-xl px-2 py-3 text-center', t.className)}>
              <dt className="text-xs font-semibold">{t.label}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid={`pipeline-count-${t.key}`}>
                {value(t.key) ?? '–'}
              </dd>
            </div>
          ))}
        </dl>
        <DecisionTime />
        {weekly.data ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <WeeklyChart weeks={weekly.data.weeks} />
          </Suspense>
        ) : weekly.isError ? (
          <p role="alert" className="text-sm text-slate-600">
            {weekly.error.message}
          </p>
        ) : (
          <ChartPlaceholder />
        )}
        {plan?.name === 'trial' ? (
          <p className="text-sm text-slate-700" data-testid="dashboard-trial">
            Trial: {plan.trialRemaining}/{plan.trialLimit} scores remaining ·{' '}
            <Link to={paths.vc.billing} className="font-semibold text-brand-700 hover:underline">
              Upgrade to Pro
            </Link>
          </p>
        ) : null}
        <div className="mt-auto">
          <Button asChild variant="secondary">
            <Link to={paths.vc.pipeline}>
              Go to Pipeline
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
