import { Check, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { PLANS, type Plan } from '../content/plans';

export interface PricingGridProps {
  /** Opens the Contact Sales form; the Enterprise plan's button calls it. */
  onContactSales: () => void;
  /** The heading level of each plan's name, so the page outline stays in order. */
  planHeading?: 'h2' | 'h3';
  className?: string;
}

function PlanCard({
  plan,
  onContactSales,
  planHeading: Heading = 'h3',
}: { plan: Plan } & Omit<PricingGridProps, 'className'>) {
  const nameId = useId();
  const { action, popular } = plan;
  const buttonVariant = popular ? 'primary' : 'secondary';
  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        'relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200',
        popular && 'shadow-xl shadow-brand-900/10 ring-2 ring-brand-600',
      )}
    >
      {popular ? (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-sm">
          <Sparkles className="h-3 w-3" aria-hidden="true" />
          Popular
        </span>
      ) : null}
      <Heading id={nameId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </Heading>
      <p className="text-sm text-slate-500">{plan.audience}</p>

      <p className="mt-5 flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>{' '}
        <span className="text-sm font-medium text-slate-500">{plan.period ?? 'pricing'}</span>
      </p>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">{plan.summary}</p>

      <ul className="mt-6 flex-1 space-y-3 border-t border-slate-100 pt-6 text-sm" aria-label={`${plan.name} includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-slate-700">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>

      {action.kind === 'link' ? (
        <Button asChild variant={buttonVariant} className="mt-8 w-full">
          <Link to={action.to}>{action.label}</Link>
        </Button>
      ) : (
        <Button variant={buttonVariant} className="mt-8 w-full" onClick={onContactSales}>
          {action.label}
        </Button>
      )}
    </article>
  );
}

/** The four plans side by side (one column on phones, two on tablets, four on desktops). */
export function PricingGrid({ onContactSales, planHeading, className }: PricingGridProps) {
  return (
    <div className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {PLANS.map((plan) => (
        <PlanCard key={plan.id} plan={plan} onContactSales={onContactSales} planHeading={planHeading} />
      ))}
    </div>
  );
}
