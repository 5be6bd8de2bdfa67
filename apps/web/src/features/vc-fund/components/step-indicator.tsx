import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The three onboarding steps; the current one is marked for screen readers (aria-current="step"). */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <nav aria-label="Onboarding steps" className="mb-6">
      <p className="mb-3 text-sm font-semibold text-brand-700">
        Step {current + 1} of {steps.length}
      </p>
      <ol className="grid grid-cols-3 gap-2 sm:gap-4">
        {steps.map((title, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li key={title} aria-current={active ? 'step' : undefined} className="min-w-0">
              <div className={cn('mb-2 h-1.5 rounded-full', done || active ? 'bg-brand-600' : 'bg-slate-200')} />
              <div className="flex items-start gap-2">
                <span
                  className={cn(
                    'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                    done ? 'bg-brand-600 text-white' : active ? 'bg-brand-50 text-brand-700 ring-2 ring-brand-600' : 'bg-slate-100 text-slate-500',
                  )}
                  aria-hidden="true"
                >
                  {done ? <Check className="h-3.5 w-3.5" /> : i + 1}
                </span>
                <span className={cn('text-xs leading-tight font-medium sm:text-sm', active ? 'text-slate-900' : 'text-slate-500')}>
                  {title}
                  {done ? <span className="sr-only"> (done)</span> : null}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
