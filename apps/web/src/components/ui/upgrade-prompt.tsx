import { Lock, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown instead of a paid feature: what it is, what it gives, and the way to the plan that has it. */
export function UpgradePrompt({ title, text, action, to, label }: { title: string; text: string; action: string; to: string; label?: string }) {
  return (
    <div className="rounded-xl bg-brand-50 p-5 text-center" role={label ? 'region' : undefined} aria-label={label}>
      <Lock className="mx-auto h-6 w-6 text-brand-600" aria-hidden="true" />
      <p className="mt-2 font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      <Button asChild className="mt-4">
        <Link to={to}>
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {action}
        </Link>
      </Button>
    </div>
  );
}
