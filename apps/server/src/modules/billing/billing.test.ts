import { decks, invoices, scoringRuns, subscriptions } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { addUtcMonths, startOfUtcMonth } from './billing-periods.ts';
import { createBillingRepository } from './billing.repository.ts';
import { createBillingService, type BillingService } from './billing.service.ts';
import { createLocalBillingProvider } from './local-billing.provider.ts';
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
  billing = createBillingService({ repo, provider: createLocalBillingProvider(repo), usage });
});
afterAll(() => server.close());

const getSubscription = (token: string) => server.request('GET', '/founder/subscription/', { token });
const changePlan = (token: string, plan: string) =>
  server.request('POST', '/founder/subscription/', { token, body: { plan } });

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
    expect((await changePlan(vc.token, 'premium')).status).toBe(403);
    expect((await server.request('GET', '/founder/subscription/')).status).toBe(401);
  });
});

describe('POST /founder/subscription/', () => {
  it('upgrades to premium at once: a $29.00 invoice for the month, limits lifted, renewal a month out', async () => {
    const { token, user } = await signUp(server, 'founder');
    const before = Date.now();
    const res = await changePlan(token, 'premium');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'premium',
      status: 'active',
      price_cents: 2900,
      usage: { scans_limit: null, versions_limit: null },
    });
    const start = new Date(res.body.current_period_start);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.renew_at).toBe(addUtcMonths(start, 1).toISOString());
    expect(res.body.current_period_end).toBe(res.body.renew_at);
    expect(res.body.features.every((f: { included: boolean }) => f.included)).toBe(true);
    expect(res.body.features.map((f: { label: string }) => f.label)).toEqual(
      expect.arrayContaining(['Unlimited scans', 'Investor matches', 'Financial dashboard', 'Similar companies', 'Priority support']),
    );

    expect(res.body.invoices).toHaveLength(1);
    const [invoice] = res.body.invoices;
    expect(invoice).toMatchObject({
      amount_cents: 2900,
      currency: 'usd',
      status: 'paid',
      description: 'FitScore Premium, monthly',
      period_start: res.body.current_period_start,
      period_end: res.body.renew_at,
    });
    expect(invoice.number).toMatch(/^FS-\d{6}$/);

    // What the server enforces follows.
    expect(await billing.getPlan(user.id)).toBe('premium');
    const again = await getSubscription(token);
    expect(again.body.plan).toBe('premium');
    expect(again.body.invoices).toEqual(res.body.invoices);
  });

  it('refuses a change to the plan the founder is on', async () => {
    const { token } = await signUp(server, 'founder');
    const res = await changePlan(token, 'free');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('You are already on the Free plan.');
    await changePlan(token, 'premium');
    const twice = await changePlan(token, 'premium');
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('You are already on the Premium plan.');
    expect((await getSubscription(token)).body.invoices).toHaveLength(1);
  });

  it('refuses an unknown plan', async () => {
    const { token } = await signUp(server, 'founder');
    const res = await changePlan(token, 'platinum');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Plan must be free or premium');
  });

  it('downgrades to free at once: limits return, nothing renews, invoices stay', async () => {
    const { token, user } = await signUp(server, 'founder');
    await changePlan(token, 'premium');
    const res = await changePlan(token, 'free');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'free',
      renew_at: null,
      price_cents: 0,
      usage: { scans_limit: 5, versions_limit: 3 },
    });
    expect(res.body.invoices).toHaveLength(1);
    expect(await billing.getPlan(user.id)).toBe('free');
    const [row] = await server.database.handle.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row!.canceledAt).not.toBeNull();
  });

  it('numbers invoices sequentially and keeps each founder’s own', async () => {
    const a = await signUp(server, 'founder');
    const b = await signUp(server, 'founder');
    const first = (await changePlan(a.token, 'premium')).body.invoices[0].number as string;
    const second = (await changePlan(b.token, 'premium')).body.invoices[0].number as string;
    expect(Number(second.slice(3))).toBe(Number(first.slice(3)) + 1);
    const bInvoices = (await getSubscription(b.token)).body.invoices as Array<{ number: string }>;
    expect(bInvoices.map((i) => i.number)).toEqual([second]);
  });

  it('two upgrades at once charge once', async () => {
    const { token, user } = await signUp(server, 'founder');
    const results = await Promise.all([changePlan(token, 'premium'), changePlan(token, 'premium')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await server.database.handle.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('renews a paid period that has ended, with its invoice', async () => {
    const { token, user } = await signUp(server, 'founder');
    await changePlan(token, 'premium');
    const ended = new Date(Date.now() - 60_000);
    const started = addUtcMonths(ended, -1);
    await server.database.handle.db
      .update(subscriptions)
      .set({ currentPeriodStart: started, currentPeriodEnd: ended, renewsAt: ended })
      .where(eq(subscriptions.userId, user.id));

    const res = await getSubscription(token);
    expect(res.body.plan).toBe('premium');
    expect(res.body.current_period_start).toBe(ended.toISOString());
    expect(res.body.renew_at).toBe(addUtcMonths(ended, 1).toISOString());
    expect(res.body.invoices).toHaveLength(2);
    expect(res.body.invoices[0]).toMatchObject({ period_start: ended.toISOString(), amount_cents: 2900 });
    // Reading again does not bill again.
    expect((await getSubscription(token)).body.invoices).toHaveLength(2);
  });
});

describe('limits enforced by the server', () => {
  it('limits(plan) says what each plan allows', () => {
    expect(billing.limits('free')).toEqual({ scansPerMonth: 5, versionsKept: 3, premiumFeatures: false });
    expect(billing.limits('premium')).toEqual({ scansPerMonth: null, versionsKept: null, premiumFeatures: true });
  });

  it('assertCanScore refuses the 6th scan of the month on free and allows it on premium', async () => {
    const { token, user } = await signUp(server, 'founder');
    await addScans(user.id, 4);
    await addScans(user.id, 3, { status: 'failed', stage: 'failed' });
    await expect(billing.assertCanScore(user.id)).resolves.toBeUndefined();

    await addScans(user.id, 1);
    await expectPlanLimit(
      billing.assertCanScore(user.id),
      'Your free plan includes 5 scans per month. Upgrade to Premium for unlimited scans.',
    );
    expect((await getSubscription(token)).body.usage).toMatchObject({ scans_this_month: 5, scans_limit: 5 });

    await changePlan(token, 'premium');
    await expect(billing.assertCanScore(user.id)).resolves.toBeUndefined();
    await addScans(user.id, 10);
    await expect(billing.assertCanScore(user.id)).resolves.toBeUndefined();

    await changePlan(token, 'free');
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

  it('assertPremium refuses premium features on free, allows them on premium', async () => {
    const { token, user } = await signUp(server, 'founder');
    await expectPlanLimit(
      billing.assertPremium(user.id, 'Investor matches'),
      'Investor matches is a Premium feature. Upgrade to unlock it.',
    );
    await changePlan(token, 'premium');
    await expect(billing.assertPremium(user.id, 'Investor matches')).resolves.toBeUndefined();
  });

  it('a canceled subscription row counts as free', async () => {
    const { token, user } = await signUp(server, 'founder');
    await changePlan(token, 'premium');
    await server.database.handle.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, user.id));
    expect(await billing.getPlan(user.id)).toBe('free');
    expect((await getSubscription(token)).body.plan).toBe('free');
  });
});

describe('plan periods', () => {
  it('adds calendar months in UTC, keeping to the end of shorter months', () => {
    expect(addUtcMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addUtcMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(startOfUtcMonth(new Date('2026-03-31T23:59:59Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
