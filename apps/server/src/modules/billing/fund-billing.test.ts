import { TRIAL_EXPORT_REFUSED, TRIAL_SCORING_REFUSED } from '@fitscore/contracts';
import { fundMembers, funds, fundSubscriptions } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { addUtcMonths } from './billing-periods.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund() {
  const vc = await signUp(server, 'vc');
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: 'Northwind Ventures', website: 'https://northwind.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string };
}

const billing = (token: string) => server.request('GET', '/api/vc/billing', { token });
const changePlan = (token: string, plan: string) => server.request('POST', '/api/vc/billing/plan', { token, body: { plan } });

async function upload(token: string) {
  const form = new FormData();
  form.append('companyName', 'Acme');
  form.append('file', new Blob([await makePdfDeck([['Acme', 'We sell robots to warehouses']])]), 'acme.pdf');
  return server.request('POST', '/api/vc/deals/upload', { token, raw: form });
}

describe('a fund’s plan', () => {
  it('starts on the trial: 200 scores, nothing billed', async () => {
    const f = await newFund();
    const res = await billing(f.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'trial',
      status: 'active',
      nextBillingDate: null,
      priceCents: 0,
      trial: { used: 0, remaining: 200, limit: 200 },
      invoices: [],
      canManage: true,
    });
    expect(res.body.features.filter((f: { included: boolean }) => !f.included).map((f: { label: string }) => f.label)).toContain('Unlimited deal scoring');
  });

  it('upgrades to Pro at $299 with an invoice, which lifts the trial refusals; back to the trial brings them back', async () => {
    const f = await newFund();
    await db().update(funds).set({ trialScoresUsed: 200 }).where(eq(funds.id, f.fundId));
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).body.error).toBe(TRIAL_EXPORT_REFUSED);
    expect((await upload(f.token)).body.error).toBe(TRIAL_SCORING_REFUSED);

    const before = Date.now();
    const pro = await changePlan(f.token, 'pro');
    expect(pro.status).toBe(200);
    expect(pro.body).toMatchObject({ plan: 'pro', status: 'active', priceCents: 29_900, currency: 'usd' });
    const start = new Date(pro.body.currentPeriodStart);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(pro.body.nextBillingDate).toBe(addUtcMonths(start, 1).toISOString());
    expect(pro.body.invoices).toHaveLength(1);
    expect(pro.body.invoices[0]).toMatchObject({ amountCents: 29_900, status: 'paid', description: 'FitScore Pro, monthly' });
    expect(pro.body.features.every((x: { included: boolean }) => x.included)).toBe(true);

    const list = await server.request('GET', '/api/vc/deals?limit=1', { token: f.token });
    expect(list.body.plan.name).toBe('pro');
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).status).toBe(200);
    expect((await upload(f.token)).status).toBe(202);

    const back = await changePlan(f.token, 'trial');
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ plan: 'trial', nextBillingDate: null, priceCents: 0, trial: { remaining: 0 } });
    expect(back.body.invoices).toHaveLength(1);
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token: f.token })).body.plan.name).toBe('trial');
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).status).toBe(402);
    expect((await upload(f.token)).status).toBe(402);
  }, 60_000);

  it('refuses the plan the fund is on, an unknown plan, a member who is not admin, and founders', async () => {
    const f = await newFund();
    const same = await changePlan(f.token, 'trial');
    expect([same.status, same.body.error]).toEqual([409, 'Your fund is already on the Trial plan.']);
    const bad = await changePlan(f.token, 'gold');
    expect([bad.status, bad.body.error]).toEqual([400, 'Plan must be trial or pro']);

    const member = await signUp(server, 'vc');
    await db().insert(fundMembers).values({ fundId: f.fundId, userId: member.user.id, role: 'member' });
    expect((await billing(member.token)).body).toMatchObject({ plan: 'trial', canManage: false });
    expect((await changePlan(member.token, 'pro')).status).toBe(403);

    const founder = await signUp(server, 'founder');
    expect((await billing(founder.token)).status).toBe(403);
    expect((await changePlan(founder.token, 'pro')).status).toBe(403);
    expect((await billing(f.token)).body.plan).toBe('trial');
  });

  it('charges once when two upgrades race', async () => {
    const f = await newFund();
    const results = await Promise.all([changePlan(f.token, 'pro'), changePlan(f.token, 'pro')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await billing(f.token)).body.invoices).toHaveLength(1);
  });

  it('renews an ended Pro month with its invoice, once', async () => {
    const f = await newFund();
    await changePlan(f.token, 'pro');
    const ended = new Date(Date.now() - 60_000);
    await db()
      .update(fundSubscriptions)
      .set({ currentPeriodStart: addUtcMonths(ended, -1), currentPeriodEnd: ended, renewsAt: ended })
      .where(eq(fundSubscriptions.fundId, f.fundId));
    const res = await billing(f.token);
    expect(res.body.currentPeriodStart).toBe(ended.toISOString());
    expect(res.body.nextBillingDate).toBe(addUtcMonths(ended, 1).toISOString());
    expect(res.body.invoices).toHaveLength(2);
    expect((await billing(f.token)).body.invoices).toHaveLength(2);
  });
});

describe('invoice PDFs', () => {
  it('serves the fund’s own invoice as a PDF; another fund’s or an unknown one is 404', async () => {
    const a = await newFund();
    const b = await newFund();
    const id = (await changePlan(a.token, 'pro')).body.invoices[0].id as string;
    const res = await fetch(`${server.url}/api/vc/billing/invoices/${id}/pdf`, { headers: { authorization: `Token ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="FitScore-invoice-FS-\d{6}\.pdf"/);
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await server.request('GET', `/api/vc/billing/invoices/${id}/pdf`, { token: b.token })).status).toBe(404);
    expect((await server.request('GET', '/api/vc/billing/invoices/00000000-0000-4000-8000-000000000000/pdf', { token: a.token })).status).toBe(404);
    const founder = await signUp(server, 'founder');
    expect((await server.request('GET', `/api/vc/billing/invoices/${id}/pdf`, { token: founder.token })).status).toBe(403);
  });
});
