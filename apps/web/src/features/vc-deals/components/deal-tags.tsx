import { STRONG_MATCH_TAG } from '@fitscore/contracts';
import { cn } from '@/lib/cn';

/** The deal's tags as chips; 'Strong match' (FitScore 70+) stands out. */
export function DealTags({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className={cn(
            'rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset',
            tag === STRONG_MATCH_TAG
              ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
              : 'bg-slate-50 text-slate-600 ring-slate-200',
          )}
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
