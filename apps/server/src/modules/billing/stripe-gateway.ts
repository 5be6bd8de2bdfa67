import type { InvoiceStatus } from '@fitscore/contracts';
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';

/** A subscription as Stripe holds it now: what a webhook's plan change is read from. */
export interface StripeSubscriptionState {
  id: string;
  customer: string;
  status: Stripe.Subscription.Status;
  priceIds: string[];
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
}

export interface StripeInvoice {
  id: string;
  number: string | null;
  description: string;
  amountCents: number;
  currency: string;
  status: InvoiceStatus;
  createdAt: Date;
  periodStart: Date;
  periodEnd: Date;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

export interface VerifiedEvent {
  id: string;
  type: string;
  /** The subscription the event is about, when it is about one. */
  subscriptionId: string | null;
}

const BAD_SIGNATURE = 'The Stripe signature is missing, not valid or too old.';
const UNREACHABLE = 'Stripe did not answer. Please try again in a moment.';

const seconds = (s: number) => new Date(s * 1000);
const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

/** Which subscription an event concerns: the object itself, a finished checkout's, or an invoice's. */
function subscriptionOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (object.object === 'subscription') return String(object.id);
  if (object.object === 'checkout.session') return idOf(object.subscription as string | null);
  if (object.object === 'invoice') {
    const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | null | undefined;
    return idOf(parent?.subscription_details?.subscription ?? (object.subscription as string | null | undefined));
  }
  return null;
}

function stateOf(sub: Stripe.Subscription): StripeSubscriptionState {
  // Since API version 2025-03-31 the period is the items'; older versions kept it on the subscription.
  const item = sub.items.data[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? null;
  return {
    id: sub.id,
    customer: idOf(sub.customer)!,
    status: sub.status,
    priceIds: sub.items.data.map((i) => i.price.id),
    currentPeriodStart: seconds(start),
    currentPeriodEnd: end ? seconds(end) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: sub.canceled_at ? seconds(sub.canceled_at) : null,
  };
}

function invoiceOf(i: Stripe.Invoice): StripeInvoice {
  const line = i.lines?.data?.[0];
  return {
    id: i.id!,
    number: i.number ?? null,
    description: i.description ?? line?.description ?? 'FitScore subscription',
    amountCents: i.status === 'paid' ? i.amount_paid : i.amount_due,
    currency: i.currency,
    status: (i.status ?? 'draft') as InvoiceStatus,
    createdAt: seconds(i.created),
    periodStart: seconds(line?.period?.start ?? i.period_start),
    periodEnd: seconds(line?.period?.end ?? i.period_end),
    hostedUrl: i.hosted_invoice_url ?? null,
    pdfUrl: i.invoice_pdf ?? null,
  };
}

/** Stripe's errors become ours: a network or server failure is 503, never a 500 with Stripe's text. */
async function call<T>(what: string, log: { error(obj: unknown, msg: string): void }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    log.error({ err }, `stripe: ${what} failed`);
    throw new AppError('unavailable', UNREACHABLE);
  }
}

/**
 * The Stripe calls FitScore makes, through the official `stripe` client (pointed at another
 * host by STRIPE_API_BASE, as the tests' stand-in is): customers, Checkout, the Billing Portal,
 * invoices, a subscription's current state, and webhook signatures.
 */
export function createStripeGateway(config: StripeConfig, log: { error(obj: unknown, msg: string): void }) {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  // Loaded on first use: a server without Stripe never pays for the client's import.
  let client: Promise<Stripe> | null = null;
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(config.secretKey, {
          maxNetworkRetries: 1,
          timeout: 15_000,
          appInfo: { name: 'FitScore' },
          ...(base
            ? {
                host: base.hostname,
                port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80),
                protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
              }
            : {}),
        }),
    ));

  return {
    prices: config.prices,

    createCustomer: (input: { email: string; name: string; metadata: Record<string, string> }) =>
      call('customers.create', log, async () => (await (await stripe()).customers.create(input)).id),

    /** A subscription-mode Checkout page for one price; its metadata says whose it is. */
    createCheckout: (input: { customer: string; price: string; successUrl: string; cancelUrl: string; reference: string; metadata: Record<string, string> }) =>
      call('checkout.sessions.create', log, async () => {
        const session = await (await stripe()).checkout.sessions.create({
          mode: 'subscription',
          customer: input.customer,
          line_items: [{ price: input.price, quantity: 1 }],
          client_reference_id: input.reference,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: input.metadata,
          subscription_data: { metadata: input.metadata },
        });
        if (!session.url) throw new Error('Checkout session without a url');
        return session.url;
      }),

    createPortal: (input: { customer: string; returnUrl: string }) =>
      call('billingPortal.sessions.create', log, async () => (await (await stripe()).billingPortal.sessions.create({ customer: input.customer, return_url: input.returnUrl })).url),

    /** The customer's invoices, newest first (Stripe's order), up to the last 24. */
    listInvoices: (customer: string) =>
      call('invoices.list', log, async () => (await (await stripe()).invoices.list({ customer, limit: 24 })).data.map(invoiceOf)),

    subscription: (id: string) => call('subscriptions.retrieve', log, async () => stateOf(await (await stripe()).subscriptions.retrieve(id))),

    /**
     * The event in a webhook body, after its `Stripe-Signature` (HMAC-SHA256 over the timestamp and
     * the raw bytes) checks out against the endpoint secret within the tolerance; else 401.
     */
    async verify(rawBody: Buffer, signature: string | undefined): Promise<VerifiedEvent> {
      if (!signature) throw new AppError('unauthenticated', BAD_SIGNATURE);
      const { webhooks } = await stripe();
      let event: Stripe.Event;
      try {
        event = webhooks.constructEvent(rawBody, signature, config.webhookSecret, config.webhookToleranceSeconds);
      } catch {
        throw new AppError('unauthenticated', BAD_SIGNATURE);
      }
      return { id: event.id, type: event.type, subscriptionId: subscriptionOf(event) };
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
