import type { FounderProgress } from '@fitscore/contracts';
import { Building2, Check, FileUp, Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

interface Step {
  title: string;
  text: string;
  to: string;
  icon: typeof Building2;
  done: boolean;
  enabled: boolean;
  action: string;
  doneLabel: string;
}

/** The three steps, each locked until the ones before it are done (spec section 4). */
export function OnboardingChecklist({ progress }: { progress: FounderProgress }) {
  const steps: Step[] = [
    {
      title: 'Complete company details',
      text: 'Your company, round, traction and team: what investors look at first.',
      to: paths.founder.profile,
      icon: Building2,
      done: progress.profile_complete,
      enabled: true,
      action: 'Start',
      doneLabel: 'Completed',
    },
    {
      title: 'Upload deck',
      text: 'PDF or PowerPoint, up to 10 MB. Image-only slides are read too.',
      to: paths.founder.upload,
      icon: FileUp,
      done: progress.deck_uploaded,
      enabled: progress.profile_complete,
      action: 'Upload',
      doneLabel: 'Uploaded',
    },
    {
      title: 'Get score',
      text: 'Nine dimensions scored from the evidence in your deck and profile.',
      to: paths.founder.scoring,
      icon: Gauge,
      done: progress.score_complete,
      enabled: progress.profile_complete && progress.deck_uploaded,
      action: 'Get score',
      doneLabel: 'Completed',
    },
  ];
  return (
    <ol className="space-y-3" aria-label="Getting started">
      {steps.map((step, i) => {
        const Icon = step.icon;
        return (
          <li
            key={step.title}
            className={cn(
              'flex flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm sm:flex-row sm:items-center',
              step.done ? 'border-emerald-200' : step.enabled ? 'border-brand-200' : 'border-slate-200 opacity-75',
            )}
          >
            <span
              className={cn(
                'flex h-11 w-11 shrink-0 items-center justify-center rounded-xl',
                step.done ? 'bg-emerald-100 text-emerald-700' : 'bg-brand-50 text-brand-700',
              )}
            >
              {step.done ? <Check className="h-5 w-5" aria-hidden="true" /> : <Icon className="h-5 w-5" aria-hidden="true" />}
            </span>
            <div className="flex-1">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Step {i + 1}</p>
              <h2 className="font-semibold text-slate-900">{step.title}</h2>
              <p className="text-sm text-slate-600">{step.text}</p>
            </div>
            {step.done ? (
              <Button variant="secondary" disabled aria-label={`${step.title}: ${step.doneLabel}`}>
                <Check className="h-4 w-4" aria-hidden="true" />
                {step.doneLabel}
              </Button>
            ) : step.enabled ? (
              <Button asChild>
                <Link to={step.to}>{step.action}</Link>
              </Button>
            ) : (
              <Button disabled title="Finish the steps above first">
                {step.action}
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
