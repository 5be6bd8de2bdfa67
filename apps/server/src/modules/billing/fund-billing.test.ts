import { TRIAL_EXPORT_REFUSED, TRIAL_SCORING_REFUSED } from '@fitscore/contracts';
import { fundMembers, funds } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { setPlanCli } from '../../cli/set-plan.ts';

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
const checkout = (token: string) => server.request('POST', '/api/vc/billing/checkout', { token });
const included = (body: { features: Array<{ key: string; included: boolean }> }) => Object.fromEntries(body.features.map((f) => [f.key, f.included]));

async function upload(token: string) {
  const form = new FormData();
  form.append('companyName', 'Acme');
  form.append('file', new Blob([await makePdfDeck([['Acme', 'We sell robots to warehouses']])]), 'acme.pdf');
  return server.request('POST', '/api/vc/deals/upload', { token, raw: form });
}

describe('a fund’s plan, without Stripe (the embedded default)', () => {
  it('starts on the trial: 200 scores, team and Slack/Teams included (the server allows both), nothing billed', async () => {
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
      payments: 'none',
      planSource: null,
      canManageBilling: false,
    });
    expect(res.body.features).toEqual([
      { key: 'scoring', label: '200 deal scores', included: true },
      { key: 'team', label: 'Team collaboration (3 seats)', included: true },
      { key: 'pipeline', label: 'Pipeline management', included: true },
      { key: 'csv_export', label: 'CSV exports while trial scores remain', included: true },
      { key: 'alerts', label: 'Slack/Teams alerts while trial scores remain', included: true },
      { key: 'api_access', label: 'API access (Enterprise)', included: false },
      { key: 'webhooks_out', label: 'Outgoing webhooks (Enterprise)', included: false },
      { key: 'white_label', label: 'White-label intake (Enterprise)', included: false },
      { key: 'sso', label: 'Single sign-on and SCIM (Enterprise)', included: false },
      { key: 'audit_log', label: 'Audit log (Enterprise)', included: false },
      { key: 'fund_data', label: 'Full data export and fund deletion (Enterprise)', included: false },
    ]);
    const slug = (await db().select({ slug: funds.slug }).from(funds).where(eq(funds.id, f.fundId)))[0]!.slug;
    expect(res.body.operatorCommand).toBe(`npm run plan:set -- --fund ${slug} --plan pro`);
  });

  it('shows locked exactly what the server refuses: at 0 trial scores, scoring, CSV and alerts; the team still works', async () => {
    const f = await newFund();
    await db().update(funds).set({ trialScoresUsed: 200 }).where(eq(funds.id, f.fundId));
    const locks = included((await billing(f.token)).body);
    expect(locks).toEqual({ scoring: false, team: true, pipeline: true, csv_export: false, alerts: false, api_access: false, webhooks_out: false, white_label: false, sso: false, audit_log: false, fund_data: false });

    // Each lock against what the server does.
    expect((await upload(f.token)).body.error).toBe(TRIAL_SCORING_REFUSED);
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).body.error).toBe(TRIAL_EXPORT_REFUSED);
    const alerts = await server.request('PUT', '/vc/integrations/', {
      token: f.token,
      body: { slackWebhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX', teamsWebhookUrl: null, events: ['match'], alertThreshold: 70 },
    });
    expect(alerts.status).toBe(402);
    expect((await server.request('POST', '/vc/team/invites/', { token: f.token, body: { email: null, role: 'member' } })).status).toBe(201);
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token: f.token })).status).toBe(200);

    // On Pro every lock opens, and so does the server.
    await setPlan(server, { fund: f.fundId }, 'pro');
    expect(included((await billing(f.token)).body)).toEqual({ scoring: true, team: true, pipeline: true, csv_export: true, alerts: true, api_access: false, webhooks_out: false, white_label: false, sso: false, audit_log: false, fund_data: false });
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).status).toBe(200);
    expect((await upload(f.token)).status).toBe(202);
  }, 60_000);

  it('has no payment to take: Checkout answers 409 with the operator’s command and the plan stays the trial', async () => {
    const f = await newFund();
    const res = await checkout(f.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/^This FitScore server takes no payments\. An operator sets plans with npm run plan:set\. Ask your operator to run: npm run plan:set -- --fund [a-f0-9]+ --plan pro$/);
    expect((await server.request('POST', '/api/vc/billing/portal', { token: f.token })).status).toBe(409);
    expect((await server.request('POST', '/api/vc/billing/plan', { token: f.token, body: { plan: 'pro' } })).status).toBe(404);
    expect((await billing(f.token)).body).toMatchObject({ plan: 'trial', invoices: [] });
  });

  it('npm run plan:set puts a fund on Pro by slug or id and back: the deals obey it, nothing is invoiced', async () => {
    const f = await newFund();
    await db().update(funds).set({ trialScoresUsed: 200 }).where(eq(funds.id, f.fundId));
    const slug = (await db().select({ slug: funds.slug }).from(funds).where(eq(funds.id, f.fundId)))[0]!.slug;
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`error: ${l}`) };
    expect(await setPlanCli(['--fund', slug, '--plan', 'pro'], { database: server.database.handle, out })).toBe(0);
    expect(lines.pop()).toBe('Northwind Ventures is on the Pro plan now (set by an operator, no payment).');
    expect((await billing(f.token)).body).toMatchObject({ plan: 'pro', planSource: 'operator', priceCents: 0, nextBillingDate: null, invoices: [], operatorCommand: `npm run plan:set -- --fund ${slug} --plan trial` });
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token: f.token })).body.plan.name).toBe('pro');

    expect(await setPlanCli(['--fund', f.fundId, '--plan', 'trial'], { database: server.database.handle, out })).toBe(0);
    expect((await billing(f.token)).body).toMatchObject({ plan: 'trial', trial: { remaining: 0 } });
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: f.token })).status).toBe(402);

    expect(await setPlanCli(['--fund', 'no-such-fund', '--plan', 'pro'], { database: server.database.handle, out })).toBe(1);
    expect(lines.pop()).toBe('error: No fund has the slug or id no-such-fund.');
    expect(await setPlanCli(['--fund', slug, '--plan', 'premium'], { database: server.database.handle, out })).toBe(1);
    expect(lines.pop()).toBe("error: A fund's plan is one of: trial, pro, enterprise.");
  }, 60_000);

  it('lets every member read the plan; Checkout and the portal are for admins; founders get 403', async () => {
    const f = await newFund();
    const member = await signUp(server, 'vc');
    await db().insert(fundMembers).values({ fundId: f.fundId, userId: member.user.id, role: 'member' });
    expect((await billing(member.token)).body).toMatchObject({ plan: 'trial', canManage: false });
    expect((await checkout(member.token)).status).toBe(403);
    expect((await server.request('POST', '/api/vc/billing/portal', { token: member.token })).status).toBe(403);

    const founder = await signUp(server, 'founder');
    expect((await billing(founder.token)).status).toBe(403);
    expect((await checkout(founder.token)).status).toBe(403);
    expect((await server.request('POST', '/api/vc/billing/checkout')).status).toBe(401);
  });
});
