import { confidenceLevel, scoreTone } from '@fitscore/contracts';
import { Bookmark, Check, X } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { SAMPLE_DEALS, type SampleDeal, type SampleDecision } from '../content/samples';
import { BrowserFrame } from './browser-frame';
import { SampleLabel } from './sample-label';
import { SCORE_TEXT, ScoreBar } from './score-visuals';

const DECISION_STYLE: Record<SampleDecision, { variant: 'success' | 'secondary'; icon: typeof Check }> = {
  Yes: { variant: 'success', icon: Check },
  Pass: { variant: 'secondary', icon: X },
  Save: { variant: 'secondary', icon: Bookmark },
};

// On desktop the header and every deal row share one grid's columns (subgrid), so they
// line up as a table; below `md` each deal becomes a card and the header row is hidden.
const TABLE_GRID = 'md:grid md:grid-cols-[minmax(0,1.6fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] md:gap-x-4';
const ROW_GRID = 'md:col-span-4 md:grid md:grid-cols-subgrid md:items-center';

function DealRow({
  deal,
  onDecide,
}: {
  deal: SampleDeal;
  onDecide: (decision: SampleDecision, deal: SampleDeal) => void;
}) {
  const nameId = useId();
  const tone = scoreTone(deal.fitScore);
  return (
    <li
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-4 md:rounded-none md:border-0 md:border-t md:px-5 md:py-4',
        ROW_GRID,
      )}
    >
      <div className="flex min-w-0 items-center gap-3">
        <span
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-bold text-white"
          aria-hidden="true"
        >
          {deal.name.slice(0, 1)}
        </span>
        <div className="min-w-0">
          <p id={nameId} className="truncate font-semibold text-slate-900">
            {deal.name}
          </p>
          <p className="truncate text-xs text-slate-500">{deal.oneLiner}</p>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap gap-1.5 md:mt-0">
        {[deal.sector, deal.stage, deal.geography].map((chip) => (
          <span key={chip} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {chip}
          </span>
        ))}
        <Badge tone="brand" className="md:hidden">
          {deal.source}
        </Badge>
      </div>

      <div className="mt-3 md:mt-0">
        <div className="flex items-baseline gap-2">
          <span className={cn('text-lg font-bold tabular-nums', SCORE_TEXT[tone])}>{deal.fitScore}</span>
          <span className="text-xs font-medium text-slate-500">{confidenceLevel(deal.fitScore)} confidence</span>
        </div>
        <ScoreBar score={deal.fitScore} className="mt-1 max-w-40" />
        <p className="mt-1 hidden text-xs text-slate-500 md:block">
          via <span className="font-medium text-slate-700">{deal.source}</span> · {deal.received}
        </p>
      </div>

      <div className="mt-4 grid grid-cols-3 gap-2 md:mt-0 md:flex">
        {(Object.keys(DECISION_STYLE) as SampleDecision[]).map((decision) => {
          const { variant, icon: Icon } = DECISION_STYLE[decision];
          return (
            <Button
              key={decision}
              variant={variant}
              size="sm"
              // emerald-700 rather than the shared success green: white text on it passes AA.
              className={cn('h-10 md:h-8', variant === 'success' && 'bg-emerald-700 hover:bg-emerald-800')}
              aria-describedby={nameId}
              onClick={() => onDecide(decision, deal)}
            >
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
              {decision}
            </Button>
          );
        })}
      </div>
    </li>
  );
}

/**
 * The investor pipeline as a fund sees it, with two example deals. The decision buttons
 * only say what would happen: nothing is stored, because nothing here is real.
 */
export function SampleVcDashboard({ className }: { className?: string }) {
  const toast = useToast();
  const titleId = useId();
  const decide = (decision: SampleDecision, deal: SampleDeal) =>
    toast.success(`${decision} action taken for ${deal.name}`);

  return (
    <figure aria-labelledby={titleId} className={cn('rounded-2xl shadow-xl shadow-brand-900/10', className)}>
      <BrowserFrame url="fitscore.app/vc/pipeline" className="rounded-2xl">
        <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-4 md:px-5">
          <div>
            <p id={titleId} className="font-semibold text-slate-900">
              Sample VC dashboard
            </p>
            <p className="text-xs text-slate-500">Deal pipeline · review and triage incoming deals</p>
          </div>
          <SampleLabel />
        </div>

        <div className="flex gap-1.5 px-4 pt-4 text-xs font-semibold md:px-5" aria-hidden="true">
          <span className="rounded-full bg-brand-600 px-3 py-1 text-white">All 2</span>
          <span className="rounded-full bg-white px-3 py-1 text-slate-600 ring-1 ring-slate-200">Hot</span>
          <span className="rounded-full bg-white px-3 py-1 text-slate-600 ring-1 ring-slate-200">Track</span>
          <span className="rounded-full bg-white px-3 py-1 text-slate-600 ring-1 ring-slate-200">Cold</span>
        </div>

        <div className="p-4 md:p-5">
          <div className={cn('md:overflow-hidden md:rounded-xl md:border md:border-slate-200 md:bg-white', TABLE_GRID)}>
            <div
              className={cn(
                'hidden bg-slate-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase',
                ROW_GRID,
              )}
              aria-hidden="true"
            >
              <span>Startup</span>
              <span>Sector · Stage · Geo</span>
              <span>FitScore</span>
              <span>Decision</span>
            </div>
            <ul className={cn('space-y-3 md:space-y-0', ROW_GRID)} aria-label="Example deals">
              {SAMPLE_DEALS.map((deal) => (
                <DealRow key={deal.id} deal={deal} onDecide={decide} />
              ))}
            </ul>
          </div>
        </div>
      </BrowserFrame>
    </figure>
  );
}
