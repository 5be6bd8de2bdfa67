import { ProgressBar } from '@/components/ui/progress-bar';

/** "Step N of 2" with the onboarding bar (spec: profile 50%, upload 75%). */
export function StepHeader({ step, percent, title, subtitle }: { step: number; percent: number; title: string; subtitle: string }) {
  return (
    <div className="mb-6">
      <div className="mb-2 flex items-center justify-between text-sm">
        <span className="font-semibold text-brand-700">Step {step} of 2</span>
        <span className="text-slate-600">{percent}% complete</span>
      </div>
      <ProgressBar value={percent} label="Onboarding progress" />
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-slate-600">{subtitle}</p>
    </div>
  );
}
