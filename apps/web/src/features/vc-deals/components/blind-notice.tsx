import { BLIND_NOTICE } from '@fitscore/contracts';
import { EyeOff } from 'lucide-react';
import { cn } from '@/lib/cn';

/**
 * Blind first look: in place of the score, the comments and the team's views until the member
 * records their own Hot/Track/Cold (the fund turned it on for this deal's stage).
 */
export function BlindNotice({ what, className }: { what: string; className?: string }) {
  return (
    <div role="note" className={cn('flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-left', className)}>
      <EyeOff className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">{BLIND_NOTICE}</p>
        <p className="mt-0.5 text-xs text-slate-600">
          Your fund screens this stage blind: {what} appear once you press Hot, Track or Cold.
        </p>
      </div>
    </div>
  );
}
