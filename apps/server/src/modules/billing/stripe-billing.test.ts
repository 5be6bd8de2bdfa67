import { TRIAL_EXPORT_REFUSED } from '@fitscore/contracts';
import { billingEvents, funds } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanCli } from '../../cli/set-plan.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

/**
 * Billing with Stripe configured, against a local stand-in of the Stripe endpoints FitScore
 * calls (test/stripe-stand-in.ts), which also posts Stripe-signed events to the real webhook.
 */
const KEY = 'sk_test_standin_key';
const WEBHOOK_SECRET = 'whsec_standin_secret_for_tests';
const PRICES = { pro: 'price_vc_pro_test', premium: 'price_founder_premium_test' };

let stripe: StripeStandIn;
let server: TestServer;
const WEBHOOK = '/api/billing/stripe/webhook';

beforeAll(async () => {
  stripe = await startStripeStandIn({ secretKey: KEY, webhookSecret: WEBHOOK_SECRET, prices: { [PRICES.pro]: 29_900, [PRICES.premium]: 2_900 } });
  server = await startTestServer({
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_VC_PRO: PRICES.pro,
    STRIPE_PRICE_FOUNDER_PREMIUM: PRICES.premium,
    STRIPE_API_BASE: stripe.url,
    PUBLIC_WEB_URL: 'http://app.fitscore.test',
  });
  stripe.setWebhookUrl(server.url + WEBHOOK);
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

const db = () => server.database.handle.db;

async function newFund() {
  const vc = await signUp(server, 'vc');
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: 'Stripe Ventures', website: 'https://stripe-ventures.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { ...vc, fundId: res.body.profile.id as string };
}

const fundBilling = async (token: string) => (await server.request('GET', '/api/vc/billing', { token })).body;
const founderBilling = async (token: string) => (await server.request('GET', '/founder/subscription/', { token })).body;

/** Opens Checkout through the API; answers the stand-in's session. */
async function openCheckout(path: string, token: string) {
  const res = await server.request('POST', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_`));
  return stripe.sessionOf(res.body.url)!;
}

describe('a fund buys Pro through Stripe', () => {
  it('Checkout opens a subscription session for the Pro price and changes nothing; the verified webhook makes the fund Pro', async () => {
    const f = await newFund();
    await db().update(funds).set({ trialScoresUsed: 200 }).where(eq(funds.id, f.fundId));
    const before = stripe.requests.length;
    const session = await openCheckout('/api/vc/billing/checkout', f.token);

    // Stripe was asked for a customer (the fund) and a subscription-mode session for the Pro price.
    const calls = stripe.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
    expect(calls[0]!.params).toMatchObject({ email: f.email, name: 'Stripe Ventures', 'metadata[fitscore_fund]': f.fundId });
    expect(calls[1]!.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICES.pro,
      'line_items[0][quantity]': '1',
      client_reference_id: f.fundId,
      success_url: 'http://app.fitscore.test/vc/billing?checkout=success',
      cancel_url: 'http://app.fitscore.test/vc/billing?checkout=canceled',
    });

    // Opening Checkout is not paying: still the trial, still refused.
    expect(await fundBilling(f.token)).toMatchObject({ plan: 'trial', payments: 'stripe', invoices: [], canManageBilling: true });
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).body.error).toBe(TRIAL_EXPORT_REFUSED);

    // A second checkout reuses the fund's customer.
    const again = stripe.requests.length;
    await openCheckout('/api/vc/billing/checkout', f.token);
    expect(stripe.requests.slice(again).map((c) => c.path)).toEqual(['/v1/checkout/sessions']);

    // Paying: Stripe posts checkout.session.completed, customer.subscription.created and invoice.paid.
    const { subscription } = await stripe.completeCheckout(session.id);
    expect(stripe.delivered.slice(-3).map((d) => d.status)).toEqual([200, 200, 200]);
    const pro = await fundBilling(f.token);
    expect(pro).toMatchObject({ plan: 'pro', status: 'active', planSource: 'stripe', priceCents: 29_900 });
    expect(pro.nextBillingDate).not.toBeNull();
    // Everything Pro sells is open; API access, outgoing webhooks, white-label and single sign-on stay the Enterprise plan's.
    expect(pro.features.filter((x: { included: boolean }) => !x.included).map((x: { key: string }) => x.key)).toEqual(['api_access', 'webhooks_out', 'white_label', 'sso', 'audit_log', 'fund_data']);
    // The invoice is Stripe's, with Stripe's links.
    expect(pro.invoices).toEqual([
      expect.objectContaining({ number: expect.stringMatching(/^STANDIN-\d{4}$/), amountCents: 29_900, status: 'paid', hostedUrl: expect.stringContaining(stripe.url), pdfUrl: expect.stringMatching(/\.pdf$/) }),
    ]);
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).status).toBe(200);
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token: f.token })).body.plan.name).toBe('pro');

    // 'Manage Billing' is Stripe's portal for this customer, returning to /vc/billing.
    const portal = await server.request('POST', '/api/vc/billing/portal', { token: f.token });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.url}/portal/cus_`));
    expect(stripe.requests.at(-1)!.params.return_url).toBe('http://app.fitscore.test/vc/billing');
    // On Pro there is nothing to check out.
    expect((await server.request('POST', '/api/vc/billing/checkout', { token: f.token })).status).toBe(409);

    // Cancelling (in the portal) ends Pro when Stripe says so: back to the trial and its refusals.
    await stripe.cancelSubscription(subscription);
    expect(await fundBilling(f.token)).toMatchObject({ plan: 'trial', planSource: null, nextBillingDate: null });
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).body.error).toBe(TRIAL_EXPORT_REFUSED);
    // The paid invoice stays listed, from Stripe.
    expect((await fundBilling(f.token)).invoices).toHaveLength(1);
  }, 60_000);

  it('an operator cannot set a plan beside Stripe, nor override one Stripe holds once Stripe is off', async () => {
    const f = await newFund();
    const session = await openCheckout('/api/vc/billing/checkout', f.token);
    await stripe.completeCheckout(session.id);
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
    const database = server.database.handle;
    expect(await setPlanCli(['--fund', f.fundId, '--plan', 'trial'], { config: server.config, database, out })).toBe(1);
    expect(lines.pop()).toMatch(/^error: Stripe is configured on this server: plans change only through Stripe/);
    // The same database on a server whose Stripe was switched off: the live subscription is still Stripe's.
    expect(await setPlanCli(['--fund', f.fundId, '--plan', 'trial'], { config: { ...server.config, stripe: undefined }, database, out })).toBe(1);
    expect(lines.pop()).toMatch(/^error: This plan is paid through Stripe/);
    expect((await fundBilling(f.token)).plan).toBe('pro');
  });
});

describe('the webhook refuses what Stripe did not sign, now', () => {
  it('a bad signature, another secret, a stale timestamp and no signature are 401 and change nothing', async () => {
    const f = await newFund();
    const session = await openCheckout('/api/vc/billing/checkout', f.token);
    const { events } = await stripe.completeCheckout(session.id, { deliver: false });
    const created = events[1]!;

    expect((await stripe.deliver(created, { secret: 'whsec_someone_else' })).status).toBe(401);
    expect((await stripe.deliver(created, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 })).status).toBe(401);
    expect((await stripe.deliver(created, { signature: 't=1,v1=deadbeef' })).status).toBe(401);
    const none = await stripe.deliver(created, { signature: null });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: 'The Stripe signature is missing, not valid or too old.' });
    // A body changed after signing no longer matches its signature.
    const signed = await import('stripe').then(({ default: S }) => S.webhooks.generateTestHeaderString({ payload: JSON.stringify(created), secret: WEBHOOK_SECRET }));
    const tampered = await fetch(server.url + WEBHOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed },
      body: JSON.stringify({ ...created, id: 'evt_tampered' }),
    });
    expect(tampered.status).toBe(401);
    expect(await fundBilling(f.token)).toMatchObject({ plan: 'trial' });
    expect(await db().select().from(billingEvents).where(eq(billingEvents.id, created.id))).toEqual([]);

    // Signed now with the right secret: applied.
    expect((await stripe.deliver(created)).body).toEqual({ received: true, duplicate: false });
    expect((await fundBilling(f.token)).plan).toBe('pro');
  });

  it('a replayed event is acknowledged and ignored; a late event cannot bring back an old state', async () => {
    const f = await newFund();
    const session = await openCheckout('/api/vc/billing/checkout', f.token);
    const { subscription, events } = await stripe.completeCheckout(session.id);
    expect((await fundBilling(f.token)).plan).toBe('pro');
    const canceled = await stripe.cancelSubscription(subscription);
    expect((await fundBilling(f.token)).plan).toBe('trial');

    // The same 'created' event again, freshly signed: already applied, so nothing happens.
    expect((await stripe.deliver(events[1]!)).body).toEqual({ received: true, duplicate: true });
    expect((await fundBilling(f.token)).plan).toBe('trial');
    // The cancellation replayed: duplicate too.
    expect((await stripe.deliver(canceled)).body).toEqual({ received: true, duplicate: true });

    // A new event written while the subscription was active, arriving after it ended (out of order):
    // the server reads the subscription as Stripe holds it now, canceled, so the fund stays on the trial.
    const stale = stripe.event('customer.subscription.updated', { ...(events[1]!.data.object as Record<string, unknown>), status: 'active' });
    expect((await stripe.deliver(stale)).body).toEqual({ received: true, duplicate: false });
    expect((await fundBilling(f.token)).plan).toBe('trial');
  });

  it('past_due keeps Pro with its status; an event for a customer FitScore did not make changes nothing', async () => {
    const f = await newFund();
    const session = await openCheckout('/api/vc/billing/checkout', f.token);
    const { subscription } = await stripe.completeCheckout(session.id);
    await stripe.deliver(stripe.setStatus(subscription, 'past_due'));
    expect(await fundBilling(f.token)).toMatchObject({ plan: 'pro', status: 'past_due' });
    await stripe.deliver(stripe.setStatus(subscription, 'active'));
    expect(await fundBilling(f.token)).toMatchObject({ plan: 'pro', status: 'active' });

    const foreign = stripe.event('customer.subscription.created', { id: 'sub_unknown', object: 'subscription' });
    // The stand-in does not know sub_unknown: Stripe answering 404 for it is a 503 for Stripe to retry, never a 500.
    expect((await stripe.deliver(foreign)).status).toBe(503);
  });

  it('bounds the body while reading it and refuses it before reading when unsigned', async () => {
    const big = 'x'.repeat(300 * 1024);
    const tooBig = await fetch(server.url + WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, body: big });
    expect(tooBig.status).toBe(413);
    const unsigned = await fetch(server.url + WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(unsigned.status).toBe(401);
  });
});

describe('a founder buys Premium through Stripe', () => {
  it('the same way: Checkout changes nothing, the webhook makes Premium (features open), cancelling ends it', async () => {
    const founder = await signUp(server, 'founder');
    const session = await openCheckout('/founder/subscription/checkout/', founder.token);
    expect(stripe.requests.at(-1)!.params).toMatchObject({
      'line_items[0][price]': PRICES.premium,
      client_reference_id: founder.user.id,
      success_url: 'http://app.fitscore.test/founder/settings?tab=subscription&checkout=success',
    });
    expect(await founderBilling(founder.token)).toMatchObject({ plan: 'free', payments: 'stripe', invoices: [] });
    expect((await server.request('GET', '/founder/similar-companies/', { token: founder.token })).status).toBe(402);

    const { subscription } = await stripe.completeCheckout(session.id);
    const premium = await founderBilling(founder.token);
    expect(premium).toMatchObject({ plan: 'premium', plan_source: 'stripe', price_cents: 2_900, can_manage_billing: true, usage: { scans_limit: null } });
    expect(premium.renew_at).not.toBeNull();
    expect(premium.invoices).toEqual([expect.objectContaining({ amount_cents: 2_900, status: 'paid', hosted_url: expect.any(String), pdf_url: expect.any(String) })]);
    expect((await server.request('GET', '/founder/similar-companies/', { token: founder.token })).status).not.toBe(402);

    const portal = await server.request('POST', '/founder/subscription/portal/', { token: founder.token });
    expect(portal.body.url).toMatch(/\/portal\/cus_/);

    await stripe.cancelSubscription(subscription);
    expect(await founderBilling(founder.token)).toMatchObject({ plan: 'free', usage: { scans_limit: 5 } });
    expect((await server.request('GET', '/founder/similar-companies/', { token: founder.token })).status).toBe(402);
  });

  it('a fund’s price on a founder’s subscription (or the reverse) changes nothing', async () => {
    const founder = await signUp(server, 'founder');
    const session = await openCheckout('/founder/subscription/checkout/', founder.token);
    // Someone edits the session's price in Stripe to the fund's Pro price.
    session.price = PRICES.pro;
    await stripe.completeCheckout(session.id);
    expect((await founderBilling(founder.token)).plan).toBe('free');
  });
});
