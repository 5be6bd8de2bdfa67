import { FUND_PLANS, isPaidFundPlan, type FundSubscription } from '@fitscore/contracts';
import { Check, Crown, Download, ExternalLink, Lock, Receipt } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckoutReturnBanner, INVOICE_STATUS, OperatorPlanNote, type useCheckoutReturn } from '@/components/ui/billing';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useFundBillingPortal, useFundCheckout } from '../api/billing';
import { formatDay, formatMoney } from '../lib/labels';
import { AdminOnlyNote } from '@/components/ui/admin-only-note';
import { plural } from '@/lib/plural';

const STATUS_LABELS: Record<FundSubscription['status'], string> = { active: 'Active', past_due: 'Past due', canceled: 'Canceled' };

/** The trial counter as the pipeline shows it; absent on Pro. */
export function TrialBanner({ subscription }: { subscription: FundSubscription }) {
  if (isPaidFundPlan(subscription.plan)) return null;
  const { remaining, limit } = subscription.trial;
  return (
    <div
      role="status"
      data-testid="trial-banner"
      className={cn(
        'flex flex-col gap-2 rounded-xl px-4 py-3 text-sm ring-1 sm:flex-row sm:items-center sm:justify-between',
        remaining === 0 ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200',
      )}
    >
      <span className="font-semibold">
        Trial: {remaining}/{limit} scores remaining
      </span>
      {remaining === 0 ? <span>New scoring and CSV export are paused until you upgrade.</span> : null}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** Who set a paid plan (Pro or Enterprise), in words. */
function sourceLine(subscription: FundSubscription): string | null {
  if (!isPaidFundPlan(subscription.plan)) return null;
  return subscription.planSource === 'operator' ? 'Set by this server’s operator; no payment is taken.' : 'Paid through Stripe.';
}

/**
 * Plan, status, next billing date and amount; for admins, the way to change it: Stripe Checkout
 * ('Upgrade to Pro') and the Billing Portal ('Manage Billing') when this server takes payments,
 * else the operator's command. Members see the plan and who can change it.
 */
export function PlanCard({
  subscription,
  admins,
  actions = true,
  awaitingStripe = false,
}: {
  subscription: FundSubscription;
  /** The fund's admins, named to a member who cannot change the plan. */
  admins: string[];
  actions?: boolean;
  awaitingStripe?: boolean;
}) {
  const pro = isPaidFundPlan(subscription.plan);
  const checkout = useFundCheckout();
  const portal = useFundBillingPortal();
  const toast = useToast();
  const open = (mutation: typeof checkout) =>
    mutation.mutate(undefined, { onError: (err) => toast.error(errorMessage(err, 'Could not reach Stripe. Please try again.')) });
  const stripe = subscription.payments === 'stripe';
  return (
    <Card className={cn(pro && 'border-brand-200 ring-1 ring-brand-100')}>
      <CardHeader>
        <CardTitle>Current plan</CardTitle>
      </CardHeader>
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact label="Plan">
            <span className="inline-flex items-center gap-1.5">
              {pro ? <Crown className="h-4 w-4 text-amber-500" aria-hidden="true" /> : null}
              {FUND_PLANS[subscription.plan].name}
            </span>
          </Fact>
          <Fact label="Status">
            <Badge tone={subscription.status === 'active' ? 'green' : 'amber'}>{STATUS_LABELS[subscription.status]}</Badge>
          </Fact>
          <Fact label="Next billing date">{subscription.nextBillingDate ? formatDay(subscription.nextBillingDate) : 'None'}</Fact>
          <Fact label="Amount">
            {formatMoney(subscription.priceCents, subscription.currency)}
            <span className="text-sm font-medium text-slate-500"> / month</span>
          </Fact>
        </dl>
        {sourceLine(subscription) ? <p className="text-sm text-slate-600">{sourceLine(subscription)}</p> : null}
        {!subscription.canManage ? (
          <div className="border-t border-slate-100 pt-4">
            <AdminOnlyNote admins={admins} what="the plan or manage billing" />
          </div>
        ) : !actions ? null : !stripe ? (
          <div className="border-t border-slate-100 pt-4">
            <OperatorPlanNote command={subscription.operatorCommand} planName={pro ? 'the trial' : 'Pro'} manage />
          </div>
        ) : (
          <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              {pro
                ? 'Change your card, cancel or download invoices in Stripe’s billing portal.'
                : awaitingStripe
                  ? 'Pro starts as soon as Stripe confirms your payment.'
                  : `Pro: unlimited scoring, alerts and CSV exports, ${formatMoney(FUND_PLANS.pro.priceCents, 'usd')} a month through Stripe.`}
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              {subscription.canManageBilling ? (
                <Button variant="secondary" disabled={portal.isPending} onClick={() => open(portal)}>
                  <ExternalLink className="h-4 w-4" aria-hidden="true" />
                  Manage Billing
                </Button>
              ) : null}
              {pro || awaitingStripe ? null : (
                <Button disabled={checkout.isPending} onClick={() => open(checkout)}>
                  <Crown className="h-4 w-4" aria-hidden="true" />
                  {checkout.isPending ? 'Opening checkout…' : 'Upgrade to Pro'}
                </Button>
              )}
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

export function PlanFeatures({ subscription }: { subscription: FundSubscription }) {
  return (
    <ul aria-label="Plan features" className="space-y-2">
      {subscription.features.map((f) => (
        <li key={f.key} className={cn('flex items-center gap-2.5 text-sm', f.included ? 'text-slate-800' : 'text-slate-500')}>
          {f.included ? (
            <Check className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : (
            <Lock className="h-4 w-4 shrink-0 text-slate-400" aria-label="Locked: with Pro" />
          )}
          {f.label}
        </li>
      ))}
    </ul>
  );
}

function InvoicesCard({ subscription }: { subscription: FundSubscription }) {
  const { invoices } = subscription;
  return (
    <Card id="invoices">
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardBody>
        {invoices.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
            <Receipt className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            {subscription.payments === 'stripe'
              ? 'No invoices yet. Stripe issues one when your fund pays for Pro.'
              : 'No invoices: this server takes no payments, so nothing is ever invoiced.'}
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Invoices">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold text-slate-900">{invoice.number ?? 'Draft'}</p>
                  <p className="text-xs text-slate-500">
                    {invoice.description} · {formatDay(invoice.periodStart)} – {formatDay(invoice.periodEnd)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm font-semibold text-slate-900">{formatMoney(invoice.amountCents, invoice.currency)}</span>
                  <Badge tone={INVOICE_STATUS[invoice.status].tone}>{INVOICE_STATUS[invoice.status].label}</Badge>
                  {invoice.pdfUrl ? (
                    <Button size="sm" variant="secondary" asChild>
                      <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer" aria-label={`Download invoice ${invoice.number ?? ''} (PDF, from Stripe)`}>
                        <Download className="h-4 w-4" aria-hidden="true" />
                        PDF
                      </a>
                    </Button>
                  ) : null}
                  {invoice.hostedUrl ? (
                    <a href={invoice.hostedUrl} target="_blank" rel="noopener noreferrer" className="text-sm font-semibold text-brand-700 hover:underline">
                      View<span className="sr-only"> invoice {invoice.number} on Stripe</span>
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/** /vc/billing: the fund's plan, the trial counter, features, invoices, and Checkout or the operator's way. */
export function FundBillingPanel({
  subscription,
  admins,
  checkoutReturn,
}: {
  subscription: FundSubscription;
  admins: string[];
  checkoutReturn: ReturnType<typeof useCheckoutReturn>;
}) {
  const { hash } = useLocation();
  // 'Download Invoices' in Settings leads here: bring the invoices into view.
  useEffect(() => {
    if (hash === '#invoices') document.getElementById('invoices')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <div className="space-y-6">
      <CheckoutReturnBanner outcome={checkoutReturn.outcome} upgraded={isPaidFundPlan(subscription.plan)} timedOut={checkoutReturn.timedOut} planName="Pro" />
      <TrialBanner subscription={subscription} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <PlanCard subscription={subscription} admins={admins} awaitingStripe={checkoutReturn.poll} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Features</CardTitle>
          </CardHeader>
          <CardBody>
            <PlanFeatures subscription={subscription} />
          </CardBody>
        </Card>
      </div>
      <InvoicesCard subscription={subscription} />
    </div>
  );
}

/** Settings' 'Payment & Billing' tab: the plan at a glance, 'Manage Billing' (Stripe's portal, or /vc/billing) and 'Download Invoices'. */
export function BillingSummary({ subscription, admins }: { subscription: FundSubscription; admins: string[] }) {
  const portal = useFundBillingPortal();
  const toast = useToast();
  const portalOpens = subscription.payments === 'stripe' && subscription.canManage && subscription.canManageBilling;
  return (
    <div className="space-y-6">
      <TrialBanner subscription={subscription} />
      <PlanCard subscription={subscription} admins={admins} actions={false} />
      <Card>
        <CardHeader>
          <CardTitle>Plan features</CardTitle>
        </CardHeader>
        <CardBody className="space-y-5">
          <PlanFeatures subscription={subscription} />
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            {portalOpens ? (
              <Button
                disabled={portal.isPending}
                onClick={() => portal.mutate(undefined, { onError: (err) => toast.error(errorMessage(err, 'Could not reach Stripe. Please try again.')) })}
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                Manage Billing
              </Button>
            ) : (
              <Button asChild>
                <Link to={paths.vc.billing}>Manage Billing</Link>
              </Button>
            )}
            <Button asChild variant="secondary">
              <Link to={`${paths.vc.billing}#invoices`}>
                <Download className="h-4 w-4" aria-hidden="true" />
                Download Invoices
              </Link>
            </Button>
          </div>
          <p className="text-xs text-slate-500">
            {subscription.payments === 'none'
              ? 'This server takes no payments: its operator sets plans, and there are no invoices.'
              : subscription.invoices.length === 0
                ? 'No invoices yet. Stripe issues one when your fund pays for Pro.'
                : `${plural(subscription.invoices.length, 'invoice')} from Stripe, each as a PDF.`}
          </p>
        </CardBody>
      </Card>
    </div>
  );
}
