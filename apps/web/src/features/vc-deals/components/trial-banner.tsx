import type { EndpointResponse, dealsEndpoints } from '@fitscore/contracts';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

type Plan = EndpointResponse<typeof dealsEndpoints.list>['plan'];

/** Shown while the fund is not on Pro: the server's count of trial scores left. */
export function TrialBanner({ plan }: { plan: Plan }) {
  if (plan.name !== 'trial') return null;
  const spent = plan.trialRemaining === 0;
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col gap-3 rounded-xl border px-4 py-3 sm:flex-row sm:items-center sm:justify-between',
        spent ? 'border-red-200 bg-red-50' : 'border-brand-200 bg-brand-50',
      )}
    >
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <Sparkles className={cn('h-4 w-4', spent ? 'text-red-600' : 'text-brand-600')} aria-hidden="true" />
        Trial: {plan.trialRemaining}/{plan.trialLimit} scores remaining
      </p>
      <Button asChild size="sm">
        <Link to={paths.vc.billing}>Upgrade to Pro</Link>
      </Button>
    </div>
  );
}
