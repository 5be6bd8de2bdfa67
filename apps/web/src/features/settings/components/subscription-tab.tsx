import type { Invoice, PlanId, Subscription } from '@fitscore/contracts';
import { Check, Crown, ExternalLink, Lock, Receipt } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckoutReturnBanner, INVOICE_STATUS, OperatorPlanNote, useCheckoutReturn } from '@/components/ui/billing';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useBillingPortal, useCheckout, useSubscription } from '../api/subscription';
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

function PlanCard({ subscription, awaitingStripe }: { subscription: Subscription; awaitingStripe: boolean }) {
  const premium = subscription.plan === 'premium';
  const checkout = useCheckout();
  const portal = useBillingPortal();
  const toast = useToast();
  const open = (mutation: typeof checkout) =>
    mutation.mutate(undefined, { onError: (err) => toast.error(errorMessage(err, 'Could not reach Stripe. Please try again.')) });
  const stripe = subscription.payments === 'stripe';
  const line = premium
    ? subscription.plan_source === 'operator'
      ? 'Set by this server’s operator; no payment is taken.'
      : null
    : stripe
      ? 'No payment needed. Upgrade any time for unlimited scans and investor matches, paid through Stripe.'
      : 'No payment needed.';
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
          <p className="text-sm text-slate-600">{subscription.seats} seat</p>
        </div>
      </CardHeader>
      <CardBody className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            {premium && subscription.renew_at ? (
              <>
                Renews on <strong className="text-slate-900">{formatDate(subscription.renew_at)}</strong> through Stripe
              </>
            ) : premium && subscription.plan_source === 'stripe' ? (
              'Ends at the close of the paid period; nothing renews.'
            ) : (
              line
            )}
          </p>
          {stripe ? (
            <div className="flex shrink-0 flex-wrap gap-2">
              {subscription.can_manage_billing ? (
                <Button variant="secondary" disabled={portal.isPending} onClick={() => open(portal)}>
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                  Manage Billing
                </Button>
              ) : null}
              {premium || awaitingStripe ? null : (
                <Button disabled={checkout.isPending} onClick={() => open(checkout)}>
                  <Crown className="h-4 w-4" aria-hidden="true" />
                  {checkout.isPending ? 'Opening checkout…' : 'Upgrade to Premium'}
                </Button>
              )}
            </div>
          ) : null}
        </div>
        {stripe ? null : <OperatorPlanNote command={subscription.operator_command} planName={premium ? 'Free' : 'Premium'} manage />}
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

function InvoicesCard({ invoices, payments }: { invoices: Invoice[]; payments: Subscription['payments'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoice history</CardTitle>
      </CardHeader>
      <CardBody>
        {invoices.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
            <Receipt className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            {payments === 'stripe'
              ? 'No invoices yet. Stripe issues one when you pay for Premium.'
              : 'No invoices: this server takes no payments, so nothing is ever invoiced.'}
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
                  <th scope="col" className="px-3 py-2 text-right">Status</th>
                  <th scope="col" className="hidden px-5 py-2 text-right sm:table-cell sm:pr-0">
                    <span className="sr-only">Invoice files</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {invoices.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="px-5 py-3 sm:pl-0">
                      <span className="font-mono font-medium whitespace-nowrap text-slate-900">{invoice.number ?? 'Draft'}</span>
                      <span className="block text-xs text-slate-500">{invoice.description}</span>
                      <span className="block text-xs text-slate-500 sm:hidden">{formatDate(invoice.created_at)}</span>
                      {invoice.pdf_url ? (
                        <a href={invoice.pdf_url} target="_blank" rel="noopener noreferrer" className="text-xs font-semibold text-brand-700 hover:underline sm:hidden">
                          PDF<span className="sr-only"> of invoice {invoice.number} (from Stripe)</span>
                        </a>
                      ) : null}
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
                    <td className="px-3 py-3 text-right">
                      <Badge tone={INVOICE_STATUS[invoice.status].tone}>{INVOICE_STATUS[invoice.status].label}</Badge>
                    </td>
                    <td className="hidden px-5 py-3 text-right whitespace-nowrap sm:table-cell sm:pr-0">
                      {invoice.pdf_url ? (
                        <a href={invoice.pdf_url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
                          PDF<span className="sr-only"> of invoice {invoice.number} (from Stripe)</span>
                        </a>
                      ) : null}
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
  const first = useSubscription();
  const checkoutReturn = useCheckoutReturn(first.data?.plan === 'premium');
  // Back from Stripe Checkout: read the plan again until Stripe's webhook has changed it.
  const subscription = useSubscription({ poll: checkoutReturn.poll });

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
      <div className="min-w-0 lg:col-span-3">
        <CheckoutReturnBanner outcome={checkoutReturn.outcome} upgraded={data.plan === 'premium'} timedOut={checkoutReturn.timedOut} planName="Premium" />
      </div>
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <PlanCard subscription={data} awaitingStripe={checkoutReturn.poll} />
        <UsageCard subscription={data} />
      </div>
      <FeaturesCard subscription={data} />
      <div className="min-w-0 lg:col-span-3">
        <InvoicesCard invoices={data.invoices} payments={data.payments} />
      </div>
    </div>
  );
}
