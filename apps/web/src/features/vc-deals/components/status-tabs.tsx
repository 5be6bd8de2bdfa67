import type { DealStatus } from '@fitscore/contracts';
import { cn } from '@/lib/cn';
import { countLabel } from '../lib/labels';

type Tab = DealStatus | 'all';
const TABS: { tab: Tab; label: string }[] = [
  { tab: 'all', label: 'All' },
  { tab: 'hot', label: 'Hot' },
  { tab: 'track', label: 'Track' },
  { tab: 'cold', label: 'Cold' },
];

/** All/Hot/Track/Cold pills with the server's counts (which follow the filters, not the tab; '100+' past a broad search's cap). */
export function StatusTabs({
  value,
  counts,
  countsCap,
  onChange,
}: {
  value: Tab;
  counts: Record<Tab, number> | undefined;
  countsCap: number | null;
  onChange: (tab: Tab) => void;
}) {
  return (
    <div role="tablist" aria-label="Deals by status" className="grid grid-cols-4 gap-1.5 sm:flex sm:flex-wrap sm:gap-2">
      {TABS.map(({ tab, label }) => {
        const selected = value === tab;
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={selected}
            onClick={() => onChange(tab)}
            className={cn(
              'inline-flex items-center justify-center gap-1 rounded-full px-1 py-1.5 text-sm font-semibold sm:gap-2 sm:px-4 ring-1 ring-inset transition-colors',
              selected
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
            )}
          >
            {label}
            <span
              className={cn(
                'rounded-full px-1.5 text-xs sm:px-2',
                selected ? 'bg-white/20' : 'bg-slate-100 text-slate-600',
              )}
            >
              {counts ? countLabel(counts[tab], countsCap) : '·'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
