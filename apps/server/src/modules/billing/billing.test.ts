import { decks, scoringRuns, subscriptions } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { setPlanCli } from '../../cli/set-plan.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createBillingService, startOfUtcMonth, type BillingService } from './billing.service.ts';
import { createPayments } from './payments.ts';
import { createDecksRepository } from '../decks/decks.repository.ts';
import { createScoringRepository } from '../scoring/scoring.repository.ts';

let server: TestServer;
/** The service as other founder modules get it, on the same database the HTTP server uses. */
let billing: BillingService;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.handle.db;
  const repo = createBillingRepository(db);
  // Usage counted exactly as app.ts wires it: by the scoring and deck modules.
  const usage = {
    scansThisMonth: (userId: string) => createScoringRepository(db).countThisMonth(founderOwner(userId)),
    versionsKept: (userId: string) => createDecksRepository(db).count(founderOwner(userId)),
  };
  billing = createBillingService({ repo, payments: createPayments({ repo, gateway: null, publicWebUrl: server.config.publicWebUrl }), usage });
});
afterAll(() => server.close());

const getSubscription = (token: string) => server.request('GET', '/founder/subscription/', { token });
const checkout = (token: string) => server.request('POST', '/founder/subscription/checkout/', { token });

/** Scoring runs as the scoring module records them; `createdAt` defaults to now. */
async function addScans(userId: string, count: number, values: Partial<typeof scoringRuns.$inferInsert> = {}) {
  const db = server.database.handle.db;
  for (let i = 0; i < count; i++) {
    // One run in flight per founder is allowed by a unique index, so record them as finished.
    await db.insert(scoringRuns).values({ userId, status: 'done', stage: 'done', progress: 1, ...values });
  }
}

async function addDeckVersions(userId: string, count: number) {
  const db = server.database.handle.db;
  for (let v = 1; v <= count; v++) {
    await db.insert(decks).values({
      userId,
      version: v,
      filename: `deck-v${v}.pdf`,
      format: 'pdf',
      sizeBytes: 1000,
      sha256: 'a'.repeat(64),
      blobKey: `test/${userId}/${v}`,
    });
  }
}

async function expectPlanLimit(promise: Promise<unknown>, message: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ code: 'plan_limit', message, statusCode: 402 });
}

describe('GET /founder/subscription/', () => {
  it('puts every founder on the free plan with its limits, usage and features', async () => {
    const { token, user } = await signUp(server, 'founder');
    await addScans(user.id, 2);
    await addScans(user.id, 1, { status: 'failed', stage: 'failed' });
    await addDeckVersions(user.id, 2);

    const res = await getSubscription(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'free',
      status: 'active',
      renew_at: null,
      seats: 1,
      price_cents: 0,
      currency: 'usd',
      usage: {
        scans_this_month: 2,
        scans_limit: 5,
        versions_kept: 2,
        versions_limit: 3,
        month_start: startOfUtcMonth(new Date()).toISOString(),
      },
      invoices: [],
    });
    const features = res.body.features as Array<{ key: string; label: string; included: boolean }>;
    expect(features.filter((f) => f.included).map((f) => f.label)).toEqual([
      '5 scans per month',
      'Basic FitScore analysis',
      'Feedback report',
      'Email support',
    ]);
    expect(features.filter((f) => !f.included).map((f) => f.label)).toEqual([
      'Unlimited scans',
      'Investor matches',
      'Financial dashboard',
      'Similar companies',
      'Priority support',
    ]);
  });

  it('counts only this calendar month’s scans (UTC)', async () => {
    const { token, user } = await signUp(server, 'founder');
    const lastMonth = new Date(startOfUtcMonth(new Date()).getTime() - 1000);
    await addScans(user.id, 3, { createdAt: lastMonth });
    await addScans(user.id, 1);
    expect((await getSubscription(token)).body.usage.scans_this_month).toBe(1);
  });

  it('is for founders only', async () => {
    const vc = await signUp(server, 'vc');
    expect((await getSubscription(vc.token)).status).toBe(403);
    expect((await checkout(vc.token)).status).toBe(403);
    expect((await server.request('GET', '/founder/subscription/')).status).toBe(401);
  });
});

describe('without Stripe (the embedded default): no payment exists', () => {
  it('Checkout and the Billing Portal answer 409 with the operator’s command; nothing changes and no invoice exists', async () => {
    const { token, email, user } = await signUp(server, 'founder');
    const res = await checkout(token);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `This FitScore server takes no payments. An operator sets plans with npm run plan:set. Ask your operator to run: npm run plan:set -- --founder ${email} --plan premium`,
    );
    const portal = await server.request('POST', '/founder/subscription/portal/', { token });
    expect(portal.status).toBe(409);
    expect(await billing.getPlan(user.id)).toBe('free');
    expect((await getSubscription(token)).body).toMatchObject({
      plan: 'free',
      invoices: [],
      payments: 'none',
      plan_source: null,
      can_manage_billing: false,
      operator_command: `npm run plan:set -- --founder ${email} --plan premium`,
    });
  });

  it('has no way to switch plan from the API: the old upgrade call is gone, and so is the webhook', async () => {
    const { token, user } = await signUp(server, 'founder');
    const res = await server.request('POST', '/founder/subscription/', { token, body: { plan: 'premium' } });
    expect(res.status).toBe(404);
    expect(await billing.getPlan(user.id)).toBe('free');
    expect((await server.request('POST', '/api/billing/stripe/webhook', { body: {}, headers: { 'stripe-signature': 't=1,v1=00' } })).status).toBe(404);
  });

  it('npm run plan:set puts a founder on Premium and back, with no payment, no renewal and no invoice', async () => {
    const { token, email, user } = await signUp(server, 'founder');
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
    const database = server.database.handle;
    expect(await setPlanCli(['--founder', email.toUpperCase(), '--plan', 'premium'], { database, out })).toBe(0);
    expect(lines.pop()).toBe(`${email.toUpperCase()} is on the Premium plan now (set by an operator, no payment).`);
    const premium = (await getSubscription(token)).body;
    expect(premium).toMatchObject({
      plan: 'premium',
      plan_source: 'operator',
      renew_at: null,
      current_period_end: null,
      price_cents: 0,
      invoices: [],
      usage: { scans_limit: null, versions_limit: null },
      operator_command: `npm run plan:set -- --founder ${email} --plan free`,
    });
    expect(premium.features.every((f: { included: boolean }) => f.included)).toBe(true);
    expect(await billing.getPlan(user.id)).toBe('premium');

    expect(await setPlanCli(['--founder', email, '--plan', 'free'], { database, out })).toBe(0);
    expect((await getSubscription(token)).body).toMatchObject({ plan: 'free', plan_source: null, usage: { scans_limit: 5 } });
  });

  it('plan:set refuses what it cannot do, with a clear line and exit code 1', async () => {
    const vc = await signUp(server, 'vc');
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
    const database = server.database.handle;
    expect(await setPlanCli(['--founder', 'nobody@example.com', '--plan', 'premium'], { database, out })).toBe(1);
    expect(lines.pop()).toBe('error: No account signs in with nobody@example.com.');
    expect(await setPlanCli(['--founder', vc.email, '--plan', 'premium'], { database, out })).toBe(1);
    expect(lines.pop()).toBe(`error: ${vc.email} is an investor account: set its fund's plan with --fund.`);
    expect(await setPlanCli(['--founder', vc.email, '--plan', 'platinum'], { database, out })).toBe(1);
    expect(lines.pop()).toBe("error: A founder's plan is one of: free, premium.");
    expect(await setPlanCli(['--plan', 'premium'], { database, out })).toBe(1);
    expect(lines.pop()).toMatch(/^error: Usage:/);
    expect(await setPlanCli(['--founder', vc.email, '--fund', 'x', '--plan', 'pro'], { database, out })).toBe(1);
    expect(await setPlanCli(['--bogus'], { database, out })).toBe(1);
  });
});

describe('limits enforced by the server', () => {
  it('limits(plan) says what each plan allows', () => {
    expect(billing.limits('free')).toEqual({ scansPerMonth: 5, versionsKept: 3 });
    expect(billing.limits('premium')).toEqual({ scansPerMonth: null, versionsKept: null });
  });

  it('assertCanScore refuses the 6th scan of the month on free and allows it on premium', async () => {
    const { token, user, email } = await signUp(server, 'founder');
    await addScans(user.id, 4);
    await addScans(user.id, 3, { status: 'failed', stage: 'failed' });
    await expect(billing.assertCanScore(user.id)).resolves.toBeUndefined();

    await addScans(user.id, 1);
    await expectPlanLimit(
      billing.assertCanScore(user.id),
      'Your free plan includes 5 scans per month. Upgrade to Premium for unlimited scans.',
    );
    expect((await getSubscription(token)).body.usage).toMatchObject({ scans_this_month: 5, scans_limit: 5 });

    await setPlan(server, { founder: email }, 'premium');
    await expect(billing.assertCanScore(user.id)).resolves.toBeUndefined();
    await addScans(user.id, 10);
    await expect(billing.assertCanScore(user.id)).resolves.toBeUndefined();

    await setPlan(server, { founder: email }, 'free');
    await expectPlanLimit(
      billing.assertCanScore(user.id),
      'Your free plan includes 5 scans per month. Upgrade to Premium for unlimited scans.',
    );
  });

  it('scans from last month do not count against this month', async () => {
    const { user } = await signUp(server, 'founder');
    await addScans(user.id, 5, { createdAt: sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '1 second'` as never });
    await expect(billing.assertCanScore(user.id)).resolves.toBeUndefined();
  });

  it('assertFeature refuses what the plan’s features (PLANS, as the tab lists them) leave out', async () => {
    const { token, user, email } = await signUp(server, 'founder');
    await expectPlanLimit(
      billing.assertFeature(user.id, 'investor_matches', 'Investor matches'),
      'Investor matches is a Premium feature. Upgrade to unlock it.',
    );
    // Every feature the tab shows locked is refused, every one shown included is allowed.
    for (const f of (await getSubscription(token)).body.features as Array<{ key: never; included: boolean }>) {
      expect(await billing.hasFeature(user.id, f.key)).toBe(f.included);
    }
    await setPlan(server, { founder: email }, 'premium');
    await expect(billing.assertFeature(user.id, 'investor_matches', 'Investor matches')).resolves.toBeUndefined();
    for (const f of (await getSubscription(token)).body.features as Array<{ key: never; included: boolean }>) {
      expect(await billing.hasFeature(user.id, f.key)).toBe(true);
    }
  });

  it('a canceled subscription row counts as free', async () => {
    const { token, user, email } = await signUp(server, 'founder');
    await setPlan(server, { founder: email }, 'premium');
    await server.database.handle.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, user.id));
    expect(await billing.getPlan(user.id)).toBe('free');
    expect((await getSubscription(token)).body.plan).toBe('free');
  });
});
