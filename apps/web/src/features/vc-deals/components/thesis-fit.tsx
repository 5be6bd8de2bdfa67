import type { Deal } from '@fitscore/contracts';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';

const PARTS = [
  ['sector', 'Sector'],
  ['stage', 'Stage'],
  ['geography', 'Geography'],
  ['ticket', 'Ticket size'],
] as const;

/** Which parts of the fund's thesis the deal matches (ticket size only when it is known). */
export function ThesisFit({ fit }: { fit: Deal['thesisFit'] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Thesis fit">
      {PARTS.filter(([key]) => fit[key] !== null).map(([key, label]) => {
        const ok = fit[key] === true;
        const Icon = ok ? Check : X;
        return (
          <li
            key={key}
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
              ok ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-slate-50 text-slate-500 ring-slate-200',
            )}
          >
            <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            {label} {ok ? 'fits' : 'outside thesis'}
          </li>
        );
      })}
    </ul>
  );
}
