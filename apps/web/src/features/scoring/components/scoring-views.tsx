import { matchLabel, SUB_SCORE_KEYS, SUB_SCORE_LABELS, type ScoringRun, type ScoringStage } from '@fitscore/contracts';
import { Check, Loader2, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Card, CardBody } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/cn';

const AREA_TEXT: Record<(typeof SUB_SCORE_KEYS)[number], string> = {
  team: 'Founders, relevant experience, prior exits',
  market: 'TAM, SAM, SOM and how they were sized',
  problemSolution: 'How sharp the problem is and how well you solve it',
  traction: 'Revenue, growth and customers against your stage',
  product: 'What is built, shipped and used',
  businessModel: 'How you make money, pricing, margins',
  financials: 'Burn, runway, unit economics, the raise',
  gtm: 'How you reach and win customers',
  risks: 'What could go wrong, and whether you say so',
};

export function ScoringIntro({ action }: { action: ReactNode }) {
  return (
    <Card>
      <CardBody className="space-y-6 py-8">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Ready to Calculate Your FitScore</h1>
          <p className="mt-2 text-slate-600">We read your deck and profile and score nine areas investors weigh, each from the evidence we find.</p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-3" aria-label="Analysis areas">
          {SUB_SCORE_KEYS.map((key) => (
            <li key={key} className="rounded-xl bg-slate-50 p-3">
              <p className="font-semibold text-slate-900">{SUB_SCORE_LABELS[key]}</p>
              <p className="text-xs text-slate-600">{AREA_TEXT[key]}</p>
            </li>
          ))}
        </ul>
        <div className="flex justify-center">{action}</div>
        <p className="text-center text-xs text-slate-500">Usually takes seconds; decks made of images take a little longer because we read each slide.</p>
      </CardBody>
    </Card>
  );
}

const STEPS: { stage: Exclude<ScoringStage, 'queued' | 'done' | 'failed'>; text: string }[] = [
  { stage: 'reading', text: 'Reading your deck' },
  { stage: 'ocr', text: 'Reading slides that are images' },
  { stage: 'understanding', text: 'Finding sections and facts' },
  { stage: 'scoring', text: 'Scoring nine dimensions' },
];
const ORDER: ScoringStage[] = ['queued', 'reading', 'ocr', 'understanding', 'scoring', 'done'];

export function ScoringProgress({ run }: { run: Pick<ScoringRun, 'stage' | 'progress'> }) {
  // The server's percentage can dip when OCR finds more pages to read; the bar never moves back.
  const [peak, setPeak] = useState(run.progress);
  if (run.stage === 'queued' ? peak !== run.progress : run.progress > peak) setPeak(run.progress);
  const progress = run.stage === 'queued' ? run.progress : Math.max(peak, run.progress);
  const at = ORDER.indexOf(run.stage);
  return (
    <Card>
      <CardBody className="space-y-6 py-10">
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Calculating your FitScore</h1>
          <p className="mt-1 text-slate-600">{run.stage === 'queued' ? 'Starting…' : 'You can leave this page; scoring continues and your result will be waiting.'}</p>
        </div>
        <div>
          <div className="mb-2 flex justify-end text-sm font-semibold text-brand-700">{progress}%</div>
          <ProgressBar value={progress} label="Scoring progress" className="h-3" />
        </div>
        <ol className="space-y-3" aria-live="polite">
          {STEPS.map((step) => {
            const index = ORDER.indexOf(step.stage);
            const state = at > index ? 'done' : at === index ? 'active' : 'waiting';
            return (
              <li key={step.stage} className={cn('flex items-center gap-3 text-sm', state === 'waiting' ? 'text-slate-400' : 'text-slate-800')}>
                {state === 'done' ? (
                  <Check className="h-5 w-5 text-emerald-600" aria-hidden="true" />
                ) : state === 'active' ? (
                  <Loader2 className="h-5 w-5 animate-spin text-brand-600" aria-hidden="true" />
                ) : (
                  <span className="h-5 w-5 rounded-full border-2 border-slate-300" aria-hidden="true" />
                )}
                <span className={state === 'active' ? 'font-semibold' : ''}>
                  {step.text}
                  {state === 'done' ? <span className="sr-only"> (done)</span> : null}
                </span>
              </li>
            );
          })}
        </ol>
      </CardBody>
    </Card>
  );
}

export function ScoringComplete({ score, ring, actions }: { score: number; ring: ReactNode; actions: ReactNode }) {
  return (
    <Card>
      <CardBody className="flex flex-col items-center gap-5 py-10 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Scoring Complete!</h1>
        {ring}
        <p className="font-semibold text-slate-700" data-testid="completion-label">
          {matchLabel(score)}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">{actions}</div>
      </CardBody>
    </Card>
  );
}

export function ScoringFailed({ reason, action }: { reason: string | null; action: ReactNode }) {
  return (
    <Card className="border-red-200">
      <CardBody className="flex flex-col items-center gap-4 py-10 text-center">
        <XCircle className="h-10 w-10 text-red-600" aria-hidden="true" />
        <h1 className="text-xl font-bold text-slate-900">Scoring failed. Please try again.</h1>
        {reason && reason !== 'Scoring failed. Please try again.' ? <p className="max-w-md text-slate-600">{reason}</p> : null}
        {action}
      </CardBody>
    </Card>
  );
}
