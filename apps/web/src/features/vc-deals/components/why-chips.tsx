import { TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { WhyChip } from '../lib/why';

/** Chips of the sub-scores that explain the FitScore; a chip with a page can open it in the deck viewer. */
export function WhyChips({ chips, onPage }: { chips: WhyChip[]; onPage?: (page: number) => void }) {
  if (chips.length === 0)
    return <p className="text-sm text-slate-500">No dimension stands out: every sub-score is between 5 and 7.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Why This Score">
      {chips.map((chip) => {
        const Icon = chip.kind === 'strong' ? TrendingUp : TrendingDown;
        const page = chip.evidence?.page ?? null;
        return (
          <li
            key={chip.key}
            title={chip.evidence ? `“${chip.evidence.quote}”${page ? ` (page ${page})` : ''}` : undefined}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset',
              chip.kind === 'strong'
                ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                : 'bg-red-50 text-red-800 ring-red-200',
            )}
          >
            <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            {chip.text}
            {page && onPage ? (
              <button
                type="button"
                className="underline underline-offset-2"
                onClick={() => onPage(page)}
                aria-label={`${chip.text}: open page ${page}`}
              >
                p.{page}
              </button>
            ) : page ? (
              <span className="text-slate-500">p.{page}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
