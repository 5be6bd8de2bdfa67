import type { InvoiceStatus } from '@fitscore/contracts';
import { CheckCircle2, Info, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BadgeTone } from './badge';
import { CopyField } from './copy-field';

/** Stripe's invoice statuses in words; only 'Paid' means money was received. */
export const INVOICE_STATUS: Record<InvoiceStatus, { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'green' },
  open: { label: 'Open', tone: 'amber' },
  draft: { label: 'Draft', tone: 'neutral' },
  uncollectible: { label: 'Uncollectible', tone: 'red' },
  void: { label: 'Void', tone: 'neutral' },
};

/** Sends the browser to a Stripe-hosted page (Checkout or the Billing Portal). */
export function goToStripe(url: string) {
  window.location.assign(url);
}

/**
 * With payments off (no Stripe on this server): nothing can be bought here, so say who sets plans
 * and give the exact command, ready to copy.
 */
export function OperatorPlanNote({ command, planName, manage }: { command: string; planName: string; manage: boolean }) {
  return (
    <div role="note" aria-label="How plans are set on this server" className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
      <p className="flex gap-2">
        <Info className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          <strong className="text-slate-900">This FitScore server takes no payments.</strong> Plans are set by its operator, and no invoice is
          issued. {manage ? `To move to ${planName}, ask your operator to run:` : `Your fund’s admins can ask the operator to move it to ${planName}.`}
        </span>
      </p>
      {manage ? <CopyField label="Operator command" value={command} copiedMessage="Command copied to clipboard" /> : null}
    </div>
  );
}

const WAIT_MS = 60_000;

/**
 * After Stripe Checkout sends the browser back (`?checkout=success|canceled`): says what happens
 * next, and keeps `poll` on (the caller refetches the plan) until the plan has changed or a
 * minute has passed. The plan changes only when Stripe's webhook confirms the payment.
 */
export function useCheckoutReturn(upgraded: boolean) {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const [timedOut, setTimedOut] = useState(false);
  const waiting = outcome === 'success' && !upgraded && !timedOut;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return { outcome, poll: waiting, timedOut };
}

export function CheckoutReturnBanner({ outcome, upgraded, timedOut, planName }: { outcome: string | null; upgraded: boolean; timedOut: boolean; planName: string }) {
  if (outcome !== 'success' && outcome !== 'canceled') return null;
  const [Icon, tone, text] =
    outcome === 'canceled'
      ? [XCircle, 'bg-slate-50 text-slate-700 ring-slate-200', 'Checkout was canceled. Nothing was charged.']
      : upgraded
        ? [CheckCircle2, 'bg-emerald-50 text-emerald-900 ring-emerald-200', `Stripe confirmed your payment: you are on ${planName} now.`]
        : timedOut
          ? [Info, 'bg-amber-50 text-amber-900 ring-amber-200', `Stripe has not confirmed the payment yet. ${planName} starts as soon as it does; reload this page in a few minutes.`]
          : [Loader2, 'bg-brand-50 text-brand-900 ring-brand-200', `Waiting for Stripe to confirm your payment. ${planName} starts as soon as it does.`];
  return (
    <div role="status" className={`flex items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium ring-1 ${tone}`}>
      <Icon className={`h-4 w-4 shrink-0 ${Icon === Loader2 ? 'animate-spin' : ''}`} aria-hidden="true" />
      {text}
    </div>
  );
}
