import { HIDDEN_UNTIL_VOTE, scoreTone, type Deal } from '@fitscore/contracts';
import { Lock } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Pipeline bar colours (spec section 9: thresholds 80, 60, 40). */
const BAR: Record<ReturnType<typeof scoreTone>, string> = {
  green: 'bg-emerald-500',
  amber: 'bg-amber-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};
const CONFIDENCE: Record<NonNullable<Deal['confidence']>, string> = {
  High: 'text-emerald-700',
  Medium: 'text-amber-700',
  Low: 'text-red-700',
};

const SCORING_TEXT: Record<Deal['scoring']['state'], string> = {
  queued: 'Queued for scoring',
  running: 'Scoring...',
  done: 'Not scored',
  failed: 'Scoring failed',
  deck_link: 'Deck link, not downloaded',
  no_deck: 'No deck yet',
};

/**
 * The FitScore as a number and a coloured bar, with its confidence; the scoring state until there
 * is one; a lock while the blind first look hides it from this member.
 */
export function FitScoreBar({
  deal,
  className,
  showScore = true,
}: {
  deal: Pick<Deal, 'fitScore' | 'confidence' | 'scoring' | 'hidden'>;
  className?: string;
  showScore?: boolean;
}) {
  if (deal.hidden) {
    return (
      <span className={cn('inline-flex items-center gap-1 text-xs font-medium text-slate-500', className)}>
        <Lock className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {HIDDEN_UNTIL_VOTE}
      </span>
    );
  }
  if (deal.fitScore === null) {
    return (
      <span
        className={cn(
          'text-xs font-medium',
          deal.scoring.state === 'failed' ? 'text-red-700' : 'text-slate-500',
          className,
        )}
      >
        {SCORING_TEXT[deal.scoring.state]}
      </span>
    );
  }
  const score = deal.fitScore;
  return (
    <div className={cn('min-w-28', className)}>
      <div className="flex items-baseline justify-between gap-2">
        {showScore ? (
          <span className="text-sm font-bold text-slate-900" aria-label={`FitScore ${score}`}>
            {score}
          </span>
        ) : (
          <span />
        )}
        {deal.confidence ? (
          <span className={cn('text-xs font-medium', CONFIDENCE[deal.confidence])}>{deal.confidence} confidence</span>
        ) : null}
      </div>
      <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn('h-full rounded-full', BAR[scoreTone(score)])}
          style={{ width: `${Math.max(2, Math.min(100, score))}%` }}
        />
      </div>
    </div>
  );
}
