import { PLANS, type Invoice, type PlanId, type Subscription } from '@fitscore/contracts';
import { Check, Crown, Lock, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { PlanChangeDialog } from '@/components/ui/plan-change-dialog';
import { cn } from '@/lib/cn';
import { useChangePlan, useSubscription } from '../api/subscription';
import { formatDate, formatMoney } from '../lib/format';
import { QueryState } from './query-state';

const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', premium: 'Premium' };
const STATUS_LABELS: Record<Subscription['status'], string> = { active: 'Active', past_due: 'Past due', canceled: 'Canceled' };

function nextMonthStart(monthStartIso: string): string {
  const d = new Date(monthStartIso);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
}

function UsageMeter({ label, used, limit, hint }: { label: string; used: number; limit: number | null; hint: string }) {
  const ratio = limit ? Math.min(1, used / limit) : 0;
  const full = limit !== null && used >= limit;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <span className="text-sm font-semibold text-slate-900" data-testid={`usage-${label}`}>
          {limit === null ? `${used} · Unlimited` : `${used} of ${limit}`}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit ?? Math.max(used, 1)}
        aria-valuenow={used}
        aria-valuetext={limit === null ? `${used} used, unlimited` : `${used} of ${limit} used`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn('h-full rounded-full', limit === null ? 'bg-emerald-200' : full ? 'bg-red-500' : ratio >= 0.6 ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: limit === null ? '100%' : `${Math.max(ratio * 100, used > 0 ? 4 : 0)}%` }}
        />
      </div>
      <p className={cn('mt-1.5 text-xs', full ? 'font-medium text-red-700' : 'text-slate-500')}>{hint}</p>
    </div>
  );
}

function ChangePlanDialog({ target, onClose }: { target: PlanId | null; onClose: () => void }) {
  const changePlan = useChangePlan();
  const upgrading = target === 'premium';
  return (
    <PlanChangeDialog
      target={target}
      upgrading={upgrading}
      title={upgrading ? 'Upgrade to Premium' : 'Switch to Free'}
      description={upgrading ? 'Premium starts right away.' : 'The switch takes effect immediately.'}
      confirmLabel={upgrading ? 'Confirm upgrade' : 'Switch to Free'}
      doneMessage={upgrading ? 'You’re on Premium now' : 'You’re on the Free plan now'}
      pending={changePlan.isPending}
      change={changePlan.mutateAsync}
      onClose={onClose}
    >
      {upgrading ? (
        <>
          <p>
            You get unlimited scans, investor matches, the financial dashboard, similar companies and priority support
            from now on.
          </p>
          <p>
            An invoice for <strong>{formatMoney(PLANS.premium.priceCents, PLANS.premium.currency)}</strong> is issued today for your first
            month. The plan renews monthly until you switch back to Free.
          </p>
        </>
      ) : (
        <>
          <p>
            Premium features stop now, and the free limits apply straight away: 5 scans per month and 3 deck
            versions kept.
          </p>
          <p>The rest of the current paid month is not refunded. Your invoices stay available here.</p>
        </>
      )}
    </PlanChangeDialog>
  );
}

function PlanCard({ subscription, onChange }: { subscription: Subscription; onChange: (plan: PlanId) => void }) {
  const premium = subscription.plan === 'premium';
  return (
    <Card className={cn(premium && 'border-brand-200 ring-1 ring-brand-100')}>
      <CardHeader className="flex-col sm:flex-row">
        <div>
          <p className="text-sm font-medium text-slate-500">Current plan</p>
          <CardTitle className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold">
            {premium ? <Crown className="h-6 w-6 text-amber-500" aria-hidden="true" /> : null}
            {PLAN_NAMES[subscription.plan]}
            <Badge tone={subscription.status === 'active' ? 'green' : 'amber'}>{STATUS_LABELS[subscription.status]}</Badge>
          </CardTitle>
        </div>
        <div className="sm:text-right">
          <p className="text-2xl font-bold text-slate-900">
            {formatMoney(subscription.price_cents, subscription.currency)}
            <span className="text-base font-medium text-slate-500"> / month</span>
          </p>
          <p className="text-sm text-slate-600">
            {subscription.seats} seat
          </p>
        </div>
      </CardHeader>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {premium && subscription.renew_at ? (
            <>
              Renews on <strong className="text-slate-900">{formatDate(subscription.renew_at)}</strong>
            </>
          ) : (
            'No payment needed. Upgrade any time for unlimited scans and investor matches.'
          )}
        </p>
        {premium ? (
          <Button variant="secondary" onClick={() => onChange('free')} className="shrink-0">
            Switch to Free
          </Button>
        ) : (
          <Button onClick={() => onChange('premium')} className="shrink-0">
            <Crown className="h-4 w-4" aria-hidden="true" />
            Upgrade to Premium
          </Button>
        )}
      </CardBody>
    </Card>
  );
}

function UsageCard({ subscription }: { subscription: Subscription }) {
  const { usage } = subscription;
  const resets = formatDate(nextMonthStart(usage.month_start));
  const scansHint =
    usage.scans_limit === null
      ? 'Unlimited on Premium.'
      : usage.scans_this_month >= usage.scans_limit
        ? `You’ve used this month’s scans. More on ${resets}, or upgrade for unlimited.`
        : `Resets on ${resets}.`;
  const versionsHint =
    usage.versions_limit === null ? 'Every version is kept on Premium.' : `Your newest ${usage.versions_limit} deck versions are kept.`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage</CardTitle>
      </CardHeader>
      <CardBody className="grid gap-6 sm:grid-cols-2">
        <UsageMeter label="Scans this month" used={usage.scans_this_month} limit={usage.scans_limit} hint={scansHint} />
        <UsageMeter label="Deck versions kept" used={usage.versions_kept} limit={usage.versions_limit} hint={versionsHint} />
      </CardBody>
    </Card>
  );
}

function FeaturesCard({ subscription }: { subscription: Subscription }) {
  const locked = subscription.features.filter((f) => !f.included);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Features</CardTitle>
      </CardHeader>
      <CardBody className="space-y-5">
        <ul aria-label="Included in your plan" className="space-y-2.5">
          {subscription.features
            .filter((f) => f.included)
            .map((f) => (
              <li key={f.key} className="flex items-center gap-2.5 text-sm text-slate-800">
                <Check className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
                {f.label}
              </li>
            ))}
        </ul>
        {locked.length > 0 ? (
          <div>
            <p className="mb-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">With Premium</p>
            <ul aria-label="With Premium" className="space-y-2.5">
              {locked.map((f) => (
                <li key={f.key} className="flex items-center gap-2.5 text-sm text-slate-500">
                  <Lock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
                  {f.label}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}

const INVOICE_STATUS: Record<Invoice['status'], { label: string; tone: 'green' | 'amber' | 'neutral' }> = {
  paid: { label: 'Paid', tone: 'green' },
  open: { label: 'Open', tone: 'amber' },
  void: { label: 'Void', tone: 'neutral' },
};

function InvoicesCard({ invoices }: { invoices: Invoice[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoice history</CardTitle>
      </CardHeader>
      <CardBody>
        {invoices.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
            <Receipt className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            No invoices yet. Upgrading to Premium issues your first invoice.
          </div>
        ) : (
          <div className="-mx-5 overflow-x-auto sm:mx-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Invoices</caption>
              <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-2 sm:pl-0">Invoice</th>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">Date</th>
                  <th scope="col" className="hidden px-3 py-2 md:table-cell">Period</th>
                  <th scope="col" className="px-3 py-2 text-right">Amount</th>
                  <th scope="col" className="px-5 py-2 text-right sm:pr-0">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="px-5 py-3 sm:pl-0">
                      <span className="font-mono font-medium whitespace-nowrap text-slate-900">{invoice.number}</span>
                      <span className="block text-xs text-slate-500">{invoice.description}</span>
                      <span className="block text-xs text-slate-500 sm:hidden">{formatDate(invoice.created_at)}</span>
                    </td>
                    <td className="hidden px-3 py-3 whitespace-nowrap text-slate-700 sm:table-cell">
                      {formatDate(invoice.created_at)}
                    </td>
                    <td className="hidden px-3 py-3 whitespace-nowrap text-slate-700 md:table-cell">
                      {formatDate(invoice.period_start)} – {formatDate(invoice.period_end)}
                    </td>
                    <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-slate-900">
                      {formatMoney(invoice.amount_cents, invoice.currency)}
                    </td>
                    <td className="px-5 py-3 text-right sm:pr-0">
                      <Badge tone={INVOICE_STATUS[invoice.status].tone}>{INVOICE_STATUS[invoice.status].label}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

export function SubscriptionTab() {
  const subscription = useSubscription();
  const [target, setTarget] = useState<PlanId | null>(null);

  if (!subscription.data) {
    return (
      <Card>
        <CardBody>
          <QueryState error={subscription.error} onRetry={() => void subscription.refetch()} label="your plan" />
        </CardBody>
      </Card>
    );
  }
  const data = subscription.data;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <PlanCard subscription={data} onChange={setTarget} />
        <UsageCard subscription={data} />
      </div>
      <FeaturesCard subscription={data} />
      <div className="min-w-0 lg:col-span-3">
        <InvoicesCard invoices={data.invoices} />
      </div>
      <ChangePlanDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
