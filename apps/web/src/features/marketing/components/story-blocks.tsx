import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { FeatureItem, StoryItem } from '../content/product-story';

function IconTile({ icon: Icon, tone = 'brand' }: { icon: LucideIcon; tone?: 'brand' | 'emerald' | 'dark' }) {
  const tones = {
    brand: 'bg-brand-50 text-brand-700 ring-brand-100',
    emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
    dark: 'bg-white/10 text-white ring-white/15',
  } as const;
  return (
    <span className={cn('inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ring-1', tones[tone])}>
      <Icon className="h-5 w-5" aria-hidden="true" />
    </span>
  );
}

/** Numbered steps in a row on desktops (joined by a line), stacked on phones. */
export function StepList({ steps, className }: { steps: readonly StoryItem[]; className?: string }) {
  return (
    <ol className={cn('relative grid gap-8 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6', className)}>
      <span
        aria-hidden="true"
        className="absolute top-6 right-[12%] left-[12%] hidden h-px bg-gradient-to-r from-brand-200 via-brand-300 to-brand-200 lg:block"
      />
      {steps.map((step, i) => (
        <li key={step.title} className="relative flex gap-4 lg:flex-col lg:items-center lg:text-center">
          <span className="relative flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-brand-200">
            <step.icon className="h-5 w-5" aria-hidden="true" />
            <span className="absolute -top-1 -right-1 flex h-5 w-5 items-center justify-center rounded-full bg-brand-600 text-[11px] font-bold text-white">
              {i + 1}
            </span>
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** One feature: icon, title, text, and the paid plan it needs if any. */
export function FeatureCard({
  feature,
  audience,
  className,
}: {
  feature: FeatureItem;
  audience?: string;
  className?: string;
}) {
  return (
    <li
      className={cn(
        'flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <IconTile icon={feature.icon} />
        <div className="flex flex-wrap justify-end gap-1.5">
          {audience ? <Badge tone="neutral">{audience}</Badge> : null}
          {feature.plan ? <Badge tone="brand">{feature.plan}</Badge> : null}
        </div>
      </div>
      <h3 className="mt-5 font-semibold text-slate-900">{feature.title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.text}</p>
    </li>
  );
}

/** Icon-led points in a grid: benefits, security measures. */
export function PointGrid({
  points,
  columns = 3,
  tone = 'light',
  className,
}: {
  points: readonly StoryItem[];
  columns?: 3 | 4;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-8 sm:grid-cols-2', columns === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4', className)}>
      {points.map((point) => (
        <li key={point.title} className="flex flex-col gap-4">
          <IconTile icon={point.icon} tone={tone === 'dark' ? 'dark' : 'emerald'} />
          <div>
            <h3 className={cn('font-semibold', tone === 'dark' ? 'text-white' : 'text-slate-900')}>{point.title}</h3>
            <p className={cn('mt-2 text-sm leading-relaxed', tone === 'dark' ? 'text-slate-300' : 'text-slate-600')}>
              {point.text}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
