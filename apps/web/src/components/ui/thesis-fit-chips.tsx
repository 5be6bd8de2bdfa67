import type { ThesisFit } from '@fitscore/contracts';
import { Check, CircleHelp, X } from 'lucide-react';
import { cn } from '@/lib/cn';

const PARTS = [
  ['sector', 'Sector'],
  ['stage', 'Stage'],
  ['geography', 'Geography'],
  ['ticket', 'Ticket size'],
] as const;

const LOOKS = {
  fits: { Icon: Check, words: 'fits', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  outside: { Icon: X, words: 'outside thesis', className: 'bg-slate-50 text-slate-500 ring-slate-200' },
  unknown: { Icon: CircleHelp, words: 'unknown', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
} as const;

/**
 * Which parts of a fund's thesis a company matches, the same chips on the fund's deal page and on
 * the founder's matches: a stage or place that could not be read is 'unknown', never 'outside'.
 * The ticket size shows only when the fund gives a range.
 */
export function ThesisFitChips({ fit, className }: { fit: ThesisFit; className?: string }) {
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Thesis fit">
      {PARTS.filter(([key]) => key !== 'ticket' || fit.ticket !== null).map(([key, label]) => {
        const value = fit[key];
        const look = LOOKS[value === true ? 'fits' : value === false ? 'outside' : 'unknown'];
        return (
          <li key={key} className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', look.className)}>
            <look.Icon className="h-3.5 w-3.5" aria-hidden="true" />
            {label} {look.words}
          </li>
        );
      })}
    </ul>
  );
}
