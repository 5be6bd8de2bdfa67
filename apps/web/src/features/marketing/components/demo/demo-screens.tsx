import { Check, CloudUpload, FileText, Keyboard, Loader2, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ScoreBar, ScoreRing, SubScoreBars } from '../score-visuals';

/*
 * Drawn mock-ups of the product's real screens for the demo walkthrough: plain HTML and
 * CSS, no images. They are pictures, so they are hidden from screen readers; each slide's
 * title and caption say what the picture shows.
 */

function ScreenHeading({ title, meta }: { title: string; meta: string }) {
  return (
    <div className="flex items-end justify-between gap-3">
      <p className="text-sm font-bold text-slate-900">{title}</p>
      <p className="shrink-0 text-[11px] font-medium text-brand-700">{meta}</p>
    </div>
  );
}

function Progress({ value, className }: { value: number; className?: string }) {
  return (
    <div className={cn('h-1.5 overflow-hidden rounded-full bg-slate-200', className)}>
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${value}%` }} />
    </div>
  );
}

function MockField({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={className}>
      <p className="text-[10px] font-medium text-slate-500">{label}</p>
      <p className="mt-0.5 truncate rounded-md border border-slate-200 bg-white px-2 py-1.5 text-[11px] text-slate-800">
        {value}
      </p>
    </div>
  );
}

function Screen({ children }: { children: ReactNode }) {
  return <div className="flex h-full flex-col gap-3 overflow-hidden p-4 sm:p-5">{children}</div>;
}

export function ProfileScreen() {
  return (
    <Screen>
      <ScreenHeading title="Company details" meta="Step 1 of 2 · 50%" />
      <Progress value={50} />
      {/* Three rows on any width: phones drop the last two fields rather than scroll. */}
      <div className="grid grid-cols-2 gap-x-3 gap-y-2.5 sm:grid-cols-3">
        <MockField label="Startup name" value="Acme AI" />
        <MockField label="Stage" value="Seed" />
        <MockField label="Industry" value="AI/ML" className="hidden sm:block" />
        <MockField label="One-liner" value="AI copilots for procurement teams" className="col-span-2 sm:col-span-3" />
        <MockField label="HQ location" value="Austin, US" />
        <MockField label="Round target" value="$2.5M" />
        <MockField label="MRR" value="$42K" className="hidden sm:block" />
      </div>
      <div className="mt-auto flex justify-end">
        <span className="inline-flex items-center gap-1.5 rounded-md bg-brand-600 px-3 py-1.5 text-[11px] font-semibold text-white">
          <Save className="h-3 w-3" />
          Save and continue
        </span>
      </div>
    </Screen>
  );
}

export function UploadScreen() {
  return (
    <Screen>
      <ScreenHeading title="Upload your deck" meta="Step 2 of 2 · 75%" />
      <Progress value={75} />
      <div className="flex flex-1 flex-col items-center justify-center gap-1.5 rounded-lg border-2 border-dashed border-brand-300 bg-brand-50/60 px-3 py-4 text-center">
        <CloudUpload className="h-7 w-7 text-brand-600" />
        <p className="text-xs font-semibold text-slate-800">Drag and drop your deck, or choose a file</p>
        <p className="text-[10px] text-slate-500">PDF, PPT or PPTX · up to 10 MB</p>
      </div>
      <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2.5">
        <FileText className="h-5 w-5 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <div className="flex justify-between gap-2 text-[11px]">
            <span className="truncate font-medium text-slate-800">acme-ai-seed-deck.pdf</span>
            <span className="shrink-0 font-semibold text-emerald-700">Uploaded</span>
          </div>
          <Progress value={100} className="mt-1" />
        </div>
      </div>
      <div className="flex justify-end gap-2 text-[11px] font-semibold">
        <span className="rounded-md px-2.5 py-1.5 text-slate-600 ring-1 ring-slate-200">Upload Different File</span>
        <span className="rounded-md bg-brand-600 px-2.5 py-1.5 text-white">Continue to Scoring</span>
      </div>
    </Screen>
  );
}

const SCORING_STAGES = [
  { label: 'Reading every slide', state: 'done' },
  { label: 'Extracting metrics and facts', state: 'done' },
  { label: 'Scoring nine dimensions', state: 'active' },
  { label: 'Writing your Top 3 Do-Next', state: 'todo' },
] as const;

export function ScoringScreen() {
  return (
    <Screen>
      <ScreenHeading title="Calculating your FitScore" meta="In progress" />
      <Progress value={62} />
      <ol className="space-y-2">
        {SCORING_STAGES.map(({ label, state }) => (
          <li
            key={label}
            className="flex items-center gap-2.5 rounded-lg bg-white px-3 py-2 text-xs ring-1 ring-slate-200"
          >
            <span
              className={cn(
                'flex h-5 w-5 shrink-0 items-center justify-center rounded-full',
                state === 'done' && 'bg-emerald-500 text-white',
                state === 'active' && 'bg-brand-100 text-brand-700',
                state === 'todo' && 'bg-slate-100 text-slate-400',
              )}
            >
              {state === 'done' ? <Check className="h-3 w-3" /> : null}
              {state === 'active' ? <Loader2 className="h-3 w-3 motion-safe:animate-spin" /> : null}
            </span>
            <span className={cn('font-medium', state === 'todo' ? 'text-slate-500' : 'text-slate-800')}>{label}</span>
          </li>
        ))}
      </ol>
      <p className="mt-auto text-center text-[11px] text-slate-500">Usually done in seconds, a minute at most.</p>
    </Screen>
  );
}

export function DashboardScreen() {
  return (
    <Screen>
      <ScreenHeading title="Your FitScore" meta="Acme AI · Seed" />
      <div className="grid flex-1 gap-4 sm:grid-cols-[auto_1fr]">
        <div className="flex items-center gap-3 sm:flex-col sm:justify-center">
          <ScoreRing score={84} className="w-20 text-sm sm:w-24" />
          <div className="sm:text-center">
            <p className="text-xs font-bold text-emerald-700">Strong Match</p>
            <p className="text-[10px] font-medium text-slate-500">High confidence</p>
          </div>
        </div>
        <div className="space-y-3">
          <SubScoreBars
            className="space-y-1.5 [&_li>div:first-child]:text-[11px]"
            items={[
              { key: 'team', value: 9 },
              { key: 'traction', value: 7 },
              { key: 'financials', value: 5 },
            ]}
          />
          <div className="hidden rounded-lg bg-white p-2.5 ring-1 ring-slate-200 sm:block">
            <p className="text-[11px] font-semibold text-slate-900">Top 3 Do-Next</p>
            <ol className="mt-1 list-decimal space-y-0.5 pl-4 text-[11px] text-slate-600">
              <li>Add burn and runway to the financials slide</li>
              <li>Show month-over-month growth, not totals</li>
              <li>Name your first three target accounts</li>
            </ol>
          </div>
        </div>
      </div>
    </Screen>
  );
}

const PIPELINE_ROWS = [
  { name: 'Acme AI', meta: 'AI/ML · Seed', score: 86, status: 'Hot' },
  { name: 'Helio Grid', meta: 'Energy · Series A', score: 68, status: 'Track' },
  { name: 'Parcelwise', meta: 'Logistics · Pre-seed', score: 41, status: 'Cold' },
] as const;

const STATUS_STYLE = {
  Hot: 'bg-red-50 text-red-700 ring-red-200',
  Track: 'bg-amber-50 text-amber-800 ring-amber-200',
  Cold: 'bg-sky-50 text-sky-800 ring-sky-200',
} as const;

export function PipelineScreen() {
  return (
    <Screen>
      <ScreenHeading title="Deal Pipeline" meta="Investor view" />
      <div className="flex gap-1.5 text-[11px] font-semibold">
        <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-white">All</span>
        {(['Hot', 'Track', 'Cold'] as const).map((tab) => (
          <span key={tab} className="rounded-full bg-white px-2.5 py-0.5 text-slate-600 ring-1 ring-slate-200">
            {tab}
          </span>
        ))}
      </div>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
        {PIPELINE_ROWS.map((row) => (
          <li key={row.name} className="flex items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="truncate text-xs font-semibold text-slate-900">{row.name}</p>
              <p className="truncate text-[10px] text-slate-500">{row.meta}</p>
            </div>
            <div className="w-14 sm:w-20">
              <p className="text-right text-xs font-bold text-slate-900 tabular-nums sm:text-left">{row.score}</p>
              <ScoreBar score={row.score} className="mt-0.5" />
            </div>
            <span
              className={cn(
                'w-12 rounded-full py-0.5 text-center text-[10px] font-semibold ring-1 ring-inset',
                STATUS_STYLE[row.status],
              )}
            >
              {row.status}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-auto flex items-center justify-center gap-1.5 text-[11px] text-slate-500">
        <Keyboard className="h-3.5 w-3.5" />
        Press 1, 2 or 3 to move a deal to Hot, Track or Cold
      </p>
    </Screen>
  );
}
