import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

/**
 * A local stand-in for exactly the Stripe endpoints FitScore calls, answering as Stripe does
 * (form-encoded requests, Bearer key, JSON objects with Stripe's field names):
 * POST /v1/customers, POST /v1/checkout/sessions, POST /v1/billing_portal/sessions,
 * GET /v1/invoices, GET /v1/subscriptions/:id. Its Checkout page (`/pay/:session`) has a
 * 'Pay and subscribe' button that does what paying on Stripe does: the subscription becomes
 * active, a paid invoice is issued, and signed events are posted to the FitScore webhook.
 * Tests drive the rest (cancellation, replays, bad signatures) through its methods, or from
 * another process through `POST /_standin/sessions/:id/hold|release` (keep a session's events back).
 */

export interface StandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** The FitScore webhook to post events to (settable later: the server may start after the stand-in). */
  webhookUrl?: string;
  /** Amounts per price id, in cents. */
  prices: Record<string, number>;
}

export interface StandInRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

interface Sub {
  id: string;
  customer: string;
  price: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  metadata: Record<string, string>;
}

interface Session {
  id: string;
  customer: string;
  price: string;
  successUrl: string;
  cancelUrl: string;
  reference: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  status: 'open' | 'complete';
  /** Events of this session kept back until released (a browser test watches the plan wait for them). */
  held: StripeEventBody[] | null;
}

export interface StripeEventBody {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 24 * 3600;

/** `metadata[fitscore_fund]=x` style keys into one object. */
function nested(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    const m = k.match(new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`));
    if (m) out[m[1]!] = v;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeStandIn(options: StandInOptions) {
  const customers = new Map<string, { id: string; email: string; name: string; metadata: Record<string, string> }>();
  const sessions = new Map<string, Session>();
  const subs = new Map<string, Sub>();
  const invoices = new Map<string, Record<string, unknown>[]>();
  const requests: StandInRequest[] = [];
  const delivered: { event: StripeEventBody; status: number }[] = [];
  let webhookUrl = options.webhookUrl;
  let invoiceNumber = 0;
  let base = '';

  const subscriptionObject = (s: Sub) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt,
    start_date: s.periodStart,
    metadata: s.metadata,
    items: {
      object: 'list',
      data: [{ id: `si_${s.id.slice(4)}`, object: 'subscription_item', quantity: 1, price: { id: s.price, object: 'price' }, current_period_start: s.periodStart, current_period_end: s.periodEnd }],
    },
  });

  const sessionObject = (s: Session) => ({
    id: s.id,
    object: 'checkout.session',
    mode: 'subscription',
    customer: s.customer,
    client_reference_id: s.reference,
    metadata: s.metadata,
    status: s.status,
    subscription: s.subscription,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    url: `${base}/pay/${s.id}`,
  });

  function issueInvoice(s: Sub) {
    invoiceNumber += 1;
    const inv = {
      id: id('in'),
      object: 'invoice',
      number: `STANDIN-${String(invoiceNumber).padStart(4, '0')}`,
      customer: s.customer,
      status: 'paid',
      amount_due: options.prices[s.price] ?? 0,
      amount_paid: options.prices[s.price] ?? 0,
      currency: 'usd',
      created: nowS(),
      period_start: s.periodStart,
      period_end: s.periodEnd,
      description: null,
      hosted_invoice_url: `${base}/invoices/${invoiceNumber}`,
      invoice_pdf: `${base}/invoices/${invoiceNumber}.pdf`,
      lines: { object: 'list', data: [{ description: `1 × FitScore subscription (at $${((options.prices[s.price] ?? 0) / 100).toFixed(2)} / month)`, period: { start: s.periodStart, end: s.periodEnd } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: s.id } },
    };
    invoices.set(s.customer, [inv, ...(invoices.get(s.customer) ?? [])]);
    return inv;
  }

  const event = (type: string, object: Record<string, unknown>): StripeEventBody => ({ id: id('evt'), object: 'event', type, created: nowS(), data: { object } });

  /** Posts an event signed as Stripe signs it (or as told: another secret, an old timestamp, a raw signature). */
  async function deliver(e: StripeEventBody, how: { secret?: string; timestamp?: number; signature?: string | null } = {}) {
    if (!webhookUrl) throw new Error('stand-in: no webhook url');
    const payload = JSON.stringify(e);
    const signature =
      how.signature !== undefined
        ? how.signature
        : Stripe.webhooks.generateTestHeaderString({ payload, secret: how.secret ?? options.webhookSecret, timestamp: how.timestamp ?? nowS() });
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    });
    const text = await res.text();
    delivered.push({ event: e, status: res.status });
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  /** What paying on Checkout does: an active subscription, a paid invoice, and (unless held) the events. */
  async function completeCheckout(sessionId: string, opts: { deliver?: boolean } = {}) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`stand-in: no session ${sessionId}`);
    const start = nowS();
    const sub: Sub = { id: id('sub'), customer: s.customer, price: s.price, status: 'active', periodStart: start, periodEnd: start + MONTH_S, cancelAtPeriodEnd: false, canceledAt: null, metadata: s.metadata };
    subs.set(sub.id, sub);
    s.subscription = sub.id;
    s.status = 'complete';
    const invoice = issueInvoice(sub);
    const events = [
      event('checkout.session.completed', sessionObject(s)),
      event('customer.subscription.created', subscriptionObject(sub)),
      event('invoice.paid', invoice),
    ];
    if (s.held) s.held.push(...events);
    else if (opts.deliver !== false) for (const e of events) await deliver(e);
    return { subscription: sub.id, events };
  }

  /** Ends a subscription as cancelling it in the Billing Portal does. */
  async function cancelSubscription(subId: string, opts: { deliver?: boolean } = {}) {
    const sub = subs.get(subId);
    if (!sub) throw new Error(`stand-in: no subscription ${subId}`);
    sub.status = 'canceled';
    sub.canceledAt = nowS();
    const e = event('customer.subscription.deleted', subscriptionObject(sub));
    if (opts.deliver !== false) await deliver(e);
    return e;
  }

  function setStatus(subId: string, status: Sub['status']) {
    const sub = subs.get(subId);
    if (!sub) throw new Error(`stand-in: no subscription ${subId}`);
    sub.status = status;
    return event('customer.subscription.updated', subscriptionObject(sub));
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const stripeError = (res: ServerResponse, status: number, message: string) => json(res, status, { error: { type: 'invalid_request_error', message } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    // The Checkout page a browser is sent to.
    const pay = path.match(/^\/pay\/(cs_[a-f0-9]+)$/);
    if (pay) {
      const s = sessions.get(pay[1]!);
      if (!s) return stripeError(res, 404, 'No such checkout session');
      if (req.method === 'POST') {
        await completeCheckout(s.id);
        res.writeHead(303, { location: s.successUrl });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><html lang="en"><head><title>Stripe Checkout (stand-in)</title></head><body><main><h1>Stripe Checkout (stand-in)</h1><p>Price ${s.price}</p><form method="post"><button type="submit">Pay and subscribe</button></form><a href="${s.cancelUrl}">Cancel</a></main></body></html>`,
      );
    }
    // Controls for a test in another process (not Stripe's API): hold a session's events, then release them.
    const control = path.match(/^\/_standin\/sessions\/(cs_[a-f0-9]+)\/(hold|release)$/);
    if (control && req.method === 'POST') {
      const s = sessions.get(control[1]!);
      if (!s) return stripeError(res, 404, 'No such checkout session');
      if (control[2] === 'hold') s.held = [];
      else {
        const queued = s.held ?? [];
        s.held = null;
        for (const e of queued) await deliver(e);
      }
      return json(res, 200, { ok: true });
    }
    const portal = path.match(/^\/portal\/(cus_[a-f0-9]+)$/);
    if (portal && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><title>Stripe billing portal (stand-in)</title></head><body><main><h1>Stripe billing portal (stand-in)</h1><p>Customer ${portal[1]}</p></main></body></html>`);
    }
    if (!path.startsWith('/v1/')) return stripeError(res, 404, 'Unrecognized request URL');
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) return stripeError(res, 401, 'Invalid API Key provided');
    const params: Record<string, string> = Object.fromEntries(req.method === 'GET' ? url.searchParams : new URLSearchParams(await readBody(req)));
    requests.push({ method: req.method ?? '', path, params });

    if (req.method === 'POST' && path === '/v1/customers') {
      const c = { id: id('cus'), email: params.email ?? '', name: params.name ?? '', metadata: nested(params, 'metadata') };
      customers.set(c.id, c);
      return json(res, 200, { ...c, object: 'customer' });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = params.customer;
      const price = params['line_items[0][price]'];
      if (!customer || !customers.has(customer)) return stripeError(res, 400, `No such customer: '${customer}'`);
      if (!price || !(price in options.prices)) return stripeError(res, 400, `No such price: '${price}'`);
      if (params.mode !== 'subscription' || !params.success_url || !params.cancel_url) return stripeError(res, 400, 'mode, success_url and cancel_url are required');
      const s: Session = {
        id: id('cs'),
        customer,
        price,
        successUrl: params.success_url,
        cancelUrl: params.cancel_url,
        reference: params.client_reference_id ?? null,
        metadata: nested(params, 'subscription_data[metadata]'),
        subscription: null,
        status: 'open',
        held: null,
      };
      sessions.set(s.id, s);
      return json(res, 200, sessionObject(s));
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!params.customer || !customers.has(params.customer)) return stripeError(res, 400, `No such customer: '${params.customer}'`);
      return json(res, 200, { id: id('bps'), object: 'billing_portal.session', customer: params.customer, return_url: params.return_url, url: `${base}/portal/${params.customer}` });
    }
    if (req.method === 'GET' && path === '/v1/invoices') {
      const list = params.customer ? (invoices.get(params.customer) ?? []) : [];
      return json(res, 200, { object: 'list', data: list.slice(0, Number(params.limit ?? 10)), has_more: false, url: '/v1/invoices' });
    }
    const sub = path.match(/^\/v1\/subscriptions\/(sub_[a-f0-9]+)$/);
    if (req.method === 'GET' && sub) {
      const s = subs.get(sub[1]!);
      return s ? json(res, 200, subscriptionObject(s)) : stripeError(res, 404, `No such subscription: '${sub[1]}'`);
    }
    return stripeError(res, 404, 'Unrecognized request URL');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => stripeError(res, 500, err.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url: base,
    requests,
    delivered,
    sessions,
    setWebhookUrl: (u: string) => {
      webhookUrl = u;
    },
    /** The checkout session a Checkout url names. */
    sessionOf: (checkoutUrl: string) => sessions.get(checkoutUrl.split('/').pop() ?? ''),
    completeCheckout,
    cancelSubscription,
    setStatus,
    deliver,
    event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
