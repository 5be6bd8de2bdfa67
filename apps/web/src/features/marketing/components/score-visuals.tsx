import { SUB_SCORE_LABELS, scoreTone, subScoreTone, type ScoreTone, type SubScoreKey } from '@fitscore/contracts';
import { cn } from '@/lib/cn';

// Full class names, so Tailwind finds them when it scans the source.
const RING_STROKE: Record<ScoreTone, string> = {
  green: 'stroke-emerald-500',
  amber: 'stroke-amber-500',
  orange: 'stroke-orange-500',
  red: 'stroke-red-500',
};
export const SCORE_TEXT: Record<ScoreTone, string> = {
  green: 'text-emerald-700',
  amber: 'text-amber-700',
  orange: 'text-orange-700',
  red: 'text-red-700',
};
export const SCORE_BAR: Record<ScoreTone, string> = {
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};
const SUB_SCORE_BAR: Record<ReturnType<typeof subScoreTone>, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-yellow-400',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The 0-100 FitScore as a ring coloured by the spec's score bands. */
export function ScoreRing({ score, className }: { score: number; className?: string }) {
  const tone = scoreTone(score);
  return (
    <div className={cn('relative aspect-square', className)} role="img" aria-label={`FitScore ${score} out of 100`}>
      <svg viewBox="0 0 100 100" className="h-full w-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="9" className="stroke-slate-100" />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          fill="none"
          strokeWidth="9"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - score / 100)}
          className={RING_STROKE[tone]}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden="true">
        <span className="text-[1.9em] leading-none font-bold tracking-tight text-slate-900 tabular-nums">{score}</span>
        <span className="mt-0.5 text-[0.7em] font-medium text-slate-500">/ 100</span>
      </div>
    </div>
  );
}

/** Sub-scores (1-10) as labelled bars coloured by the spec's sub-score bands. */
export function SubScoreBars({
  items,
  className,
}: {
  items: readonly { key: SubScoreKey; value: number }[];
  className?: string;
}) {
  return (
    <ul className={cn('space-y-3', className)}>
      {items.map(({ key, value }) => (
        <li key={key}>
          <div className="flex items-baseline justify-between text-sm">
            <span className="font-medium text-slate-700">{SUB_SCORE_LABELS[key]}</span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {value}
              <span className="font-normal text-slate-500">/10</span>
            </span>
          </div>
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div
              className={cn('h-full rounded-full', SUB_SCORE_BAR[subScoreTone(value)])}
              style={{ width: `${value * 10}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A compact 0-100 bar for table rows, coloured like the ring. */
export function ScoreBar({ score, className }: { score: number; className?: string }) {
  return (
    <div className={cn('h-1.5 overflow-hidden rounded-full bg-slate-100', className)} aria-hidden="true">
      <div className={cn('h-full rounded-full', SCORE_BAR[scoreTone(score)])} style={{ width: `${score}%` }} />
    </div>
  );
}
