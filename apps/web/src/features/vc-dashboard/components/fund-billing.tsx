import { FUND_PLANS, type FundInvoice, type FundPlanId, type FundSubscription } from '@fitscore/contracts';
import { Check, Crown, Download, Lock, Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { PlanChangeDialog } from '@/components/ui/plan-change-dialog';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { downloadInvoice, useChangeFundPlan } from '../api/billing';
import { formatDay, formatMoney } from '../lib/labels';

const STATUS_LABELS: Record<FundSubscription['status'], string> = { active: 'Active', past_due: 'Past due', canceled: 'Canceled' };

function useInvoiceDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (invoice: FundInvoice) => {
    setBusy(invoice.id);
    try {
      await downloadInvoice(invoice.id, invoice.number);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not download the invoice. Please try again.'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/** The trial counter as the pipeline shows it; absent on Pro. */
export function TrialBanner({ subscription }: { subscription: FundSubscription }) {
  if (subscription.plan === 'pro') return null;
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

function ChangePlanDialog({ target, onClose }: { target: FundPlanId | null; onClose: () => void }) {
  const change = useChangeFundPlan();
  const upgrading = target === 'pro';
  return (
    <PlanChangeDialog
      target={target}
      upgrading={upgrading}
      title={upgrading ? 'Upgrade to Pro' : 'Switch back to the trial'}
      description={upgrading ? 'Pro starts right away.' : 'The switch takes effect immediately.'}
      confirmLabel={upgrading ? 'Confirm upgrade' : 'Switch to Trial'}
      doneMessage={upgrading ? 'Your fund is on Pro now' : 'Your fund is back on the trial'}
      pending={change.isPending}
      change={change.mutateAsync}
      onClose={onClose}
    >
      {upgrading ? (
        <p>
          Unlimited deal scoring and CSV exports from now on. An invoice for{' '}
          <strong>{formatMoney(FUND_PLANS.pro.priceCents, FUND_PLANS.pro.currency)}</strong> is issued today for the first month; the plan
          renews monthly until you switch back.
        </p>
      ) : (
        <p>
          The trial&apos;s limits apply again at once, with the trial scores your fund has left. The rest of the paid month is not refunded;
          your invoices stay available.
        </p>
      )}
    </PlanChangeDialog>
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

/** Plan, status, next billing date and amount; the plan change for admins. */
export function PlanCard({ subscription, onChange }: { subscription: FundSubscription; onChange?: (plan: FundPlanId) => void }) {
  const pro = subscription.plan === 'pro';
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
        {onChange && subscription.canManage ? (
          <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              {pro ? 'Unlimited scoring and CSV exports.' : `Pro: unlimited deal scoring and CSV exports for ${formatMoney(FUND_PLANS.pro.priceCents, 'usd')} a month.`}
            </p>
            {pro ? (
              <Button variant="secondary" className="shrink-0" onClick={() => onChange('trial')}>
                Switch to Trial
              </Button>
            ) : (
              <Button className="shrink-0" onClick={() => onChange('pro')}>
                <Crown className="h-4 w-4" aria-hidden="true" />
                Upgrade to Pro
              </Button>
            )}
          </div>
        ) : onChange ? (
          <p className="border-t border-slate-100 pt-4 text-sm text-slate-600">Only your fund&apos;s admins can change the plan.</p>
        ) : null}
      </CardBody>
    </Card>
  );
}

export function PlanFeatures({ subscription }: { subscription: FundSubscription }) {
  return (
    <ul aria-label="Plan features" className="space-y-2">
      {subscription.features.map((f) => (
        <li key={f.label} className={cn('flex items-center gap-2.5 text-sm', f.included ? 'text-slate-800' : 'text-slate-500')}>
          {f.included ? (
            <Check className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
          ) : (
            <Lock className="h-4 w-4 shrink-0 text-slate-400" aria-label="With Pro" />
          )}
          {f.label}
        </li>
      ))}
    </ul>
  );
}

function InvoicesCard({ invoices }: { invoices: FundInvoice[] }) {
  const { busy, download } = useInvoiceDownload();
  return (
    <Card id="invoices">
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardBody>
        {invoices.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
            <Receipt className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
            No invoices yet. Upgrading to Pro issues your first invoice.
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Invoices">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold text-slate-900">{invoice.number}</p>
                  <p className="text-xs text-slate-500">
                    {invoice.description} · {formatDay(invoice.periodStart)} – {formatDay(invoice.periodEnd)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm font-semibold text-slate-900">{formatMoney(invoice.amountCents, invoice.currency)}</span>
                  <Badge tone={invoice.status === 'paid' ? 'green' : 'amber'}>{invoice.status === 'paid' ? 'Paid' : invoice.status === 'open' ? 'Open' : 'Void'}</Badge>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy === invoice.id}
                    aria-label={`Download invoice ${invoice.number} (PDF)`}
                    onClick={() => void download(invoice)}
                  >
                    <Download className="h-4 w-4" aria-hidden="true" />
                    PDF
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/** /vc/billing: the fund's plan, the trial counter, features, invoices and the plan change. */
export function FundBillingPanel({ subscription }: { subscription: FundSubscription }) {
  const [target, setTarget] = useState<FundPlanId | null>(null);
  const { hash } = useLocation();
  // 'Download Invoices' in Settings leads here: bring the invoices into view.
  useEffect(() => {
    if (hash === '#invoices') document.getElementById('invoices')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <div className="space-y-6">
      <TrialBanner subscription={subscription} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <PlanCard subscription={subscription} onChange={setTarget} />
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
      <InvoicesCard invoices={subscription.invoices} />
      <ChangePlanDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

/** Settings' 'Payment & Billing' tab: the plan at a glance, 'Manage Billing' and 'Download Invoices' (both on /vc/billing). */
export function BillingSummary({ subscription }: { subscription: FundSubscription }) {
  return (
    <div className="space-y-6">
      <TrialBanner subscription={subscription} />
      <PlanCard subscription={subscription} />
      <Card>
        <CardHeader>
          <CardTitle>Plan features</CardTitle>
        </CardHeader>
        <CardBody className="space-y-5">
          <PlanFeatures subscription={subscription} />
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <Button asChild>
              <Link to={paths.vc.billing}>Manage Billing</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={`${paths.vc.billing}#invoices`}>
                <Download className="h-4 w-4" aria-hidden="true" />
                Download Invoices
              </Link>
            </Button>
          </div>
          <p className="text-xs text-slate-500">
            {subscription.invoices.length === 0
              ? 'No invoices yet. Upgrading to Pro issues your first invoice.'
              : `${subscription.invoices.length} invoice${subscription.invoices.length === 1 ? '' : 's'}, each as a PDF.`}
          </p>
        </CardBody>
      </Card>
    </div>
  );
}
