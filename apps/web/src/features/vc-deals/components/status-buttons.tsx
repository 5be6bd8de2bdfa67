import { DEAL_STATUSES, DEAL_STATUS_LABELS, type Deal, type DealStatus } from '@fitscore/contracts';
import { Eye, Flame, Snowflake, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export const STATUS_ICONS: Record<DealStatus, LucideIcon> = { hot: Flame, track: Eye, cold: Snowflake };
const ACTIVE: Record<DealStatus, string> = {
  hot: 'bg-orange-50 text-orange-700 ring-orange-300',
  track: 'bg-brand-50 text-brand-700 ring-brand-300',
  cold: 'bg-sky-50 text-sky-700 ring-sky-300',
};

/**
 * Hot, Track and Cold as toggle-looking buttons; the deal's current status is pressed, except while
 * the blind first look hides the team's views from this member (none is theirs yet).
 */
export function StatusButtons({
  deal,
  onSet,
  compact,
  className,
}: {
  deal: Pick<Deal, 'startupName' | 'status' | 'hidden'>;
  onSet: (status: DealStatus) => void;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex gap-1', className)} role="group" aria-label={`Status of ${deal.startupName}`}>
      {DEAL_STATUSES.map((status, i) => {
        const Icon = STATUS_ICONS[status];
        const pressed = !deal.hidden && deal.status === status;
        return (
          <button
            key={status}
            type="button"
            aria-pressed={pressed}
            title={`${DEAL_STATUS_LABELS[status]} (key ${i + 1})`}
            onClick={(e) => {
              e.stopPropagation();
              onSet(status);
            }}
            className={cn(
              'inline-flex items-center gap-1 rounded-lg text-xs font-semibold ring-1 ring-inset transition-colors',
              compact ? 'h-8 w-8 justify-center' : 'h-9 px-3',
              pressed ? ACTIVE[status] : 'bg-white text-slate-600 ring-slate-200 hover:bg-slate-50',
            )}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            <span className={compact ? 'sr-only' : undefined}>{DEAL_STATUS_LABELS[status]}</span>
          </button>
        );
      })}
    </div>
  );
}
