import { matchLabel, scoreTone } from '@fitscore/contracts';
import { ListChecks } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { SAMPLE_SCORE } from '../content/samples';
import { SampleLabel } from './sample-label';
import { SCORE_TEXT, ScoreRing, SubScoreBars } from './score-visuals';

/** A founder's FitScore as the dashboard shows it, filled with example data and labelled so. */
export function SampleFitScoreCard({ className }: { className?: string }) {
  const titleId = useId();
  const sample = SAMPLE_SCORE;
  const label = matchLabel(sample.fitScore);
  return (
    <figure
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-900/10 sm:p-6', className)}
    >
      <figcaption className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <p id={titleId} className="text-sm font-semibold text-slate-900">
            Sample FitScore card
          </p>
          <p className="text-xs text-slate-500">
            {sample.company} · {sample.stage} deck
          </p>
        </div>
        <SampleLabel />
      </figcaption>

      <div className="mt-5 flex items-center gap-5">
        <ScoreRing score={sample.fitScore} className="w-24 shrink-0 text-base sm:w-28 sm:text-lg" />
        <div className="min-w-0 space-y-2">
          <p className={cn('text-lg font-bold', SCORE_TEXT[scoreTone(sample.fitScore)])}>{label}</p>
          <Badge tone="green">{sample.confidence} confidence</Badge>
          <p className="text-xs leading-relaxed text-slate-500">
            Nine dimensions, each backed by the slides it was read from.
          </p>
        </div>
      </div>

      <SubScoreBars items={sample.subScores} className="mt-6" />

      <div className="mt-5 flex items-start gap-3 rounded-xl bg-brand-50 p-3 text-sm">
        <ListChecks className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
        <p className="text-slate-700">
          <span className="font-semibold text-brand-800">Do next: </span>
          {sample.doNext}
        </p>
      </div>
    </figure>
  );
}
