import { apiKeys, auditEvents, fundMembers } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { SSO_CALLBACK_PATH } from '@fitscore/contracts';
import { startTestIdentityProvider, type TestIdentityProvider } from '../sso/test-identity-provider.ts';
import { createAuditRepository } from './audit.repository.ts';
import { createAuditService } from './audit.service.ts';

let server: TestServer;
let idp: TestIdentityProvider;
let redirectUri: string;
beforeAll(async () => {
  server = await startTestServer({ ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' });
  redirectUri = `${server.config.publicApiUrl}${SSO_CALLBACK_PATH}`;
  idp = await startTestIdentityProvider({ redirectUri });
});
afterAll(async () => {
  await idp.close();
  await server.close();
});

async function newFund(name: string, plan: 'enterprise' | 'pro' | null = 'enterprise') {
  const admin = await signUp(server, 'vc', { name: `${name} Admin` });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: admin.token,
    body: { fund_name: `${name} Capital`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  const fundId = res.body.profile.id as string;
  if (plan) await setPlan(server, { fund: fundId }, plan);
  return { ...admin, userId: admin.user.id, fundId };
}

async function addMember(fundId: string, name: string) {
  const member = await signUp(server, 'vc', { name });
  await server.database.handle.db.insert(fundMembers).values({ fundId, userId: member.user.id, role: 'member' });
  return member;
}

type Fund = Awaited<ReturnType<typeof newFund>>;
const log = async (fund: Fund, query = '') => {
  const res = await server.request('GET', `/api/vc/audit${query}`, { token: fund.token });
  expect(res.status).toBe(200);
  return res.body.items as any[];
};
const entry = async (fund: Fund, action: string) => (await log(fund)).find((e) => e.action === action);

describe('the audit log records each security-relevant event with who, when and from where', () => {
  it('sign-ins with a password, and failed sign-ins of the fund’s members (not of strangers)', async () => {
    const fund = await newFund('Signco');
    expect((await server.request('POST', '/user/login/', { body: { email: fund.email, password: fund.password, type: 'vc' } })).status).toBe(200);
    const ok = await entry(fund, 'signin.password');
    expect(ok).toMatchObject({ actor: { id: fund.userId, name: 'Signco Admin', email: fund.email }, target: fund.email });
    expect(ok.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(Date.parse(ok.at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await server.request('POST', '/user/login/', { body: { email: fund.email, password: 'wrong-pass-9', type: 'vc' } })).status).toBe(401);
    const failed = await entry(fund, 'signin.failed');
    expect(failed).toMatchObject({ actor: { id: fund.userId, email: fund.email }, target: fund.email });
    expect(failed.ip).toBeTruthy();
    // An email nobody in a fund owns is recorded nowhere.
    await server.request('POST', '/user/login/', { body: { email: 'nobody-here@example.com', password: 'wrong-pass-9', type: 'vc' } });
    expect(await server.database.handle.db.select().from(auditEvents).where(eq(auditEvents.actorEmail, 'nobody-here@example.com'))).toHaveLength(0);
  });

  it('a sign-in with a second factor is recorded once the code is right, not at the password step', async () => {
    const fund = await newFund('Twofaco');
    const setup = await server.request('POST', '/user/2fa/setup/', { token: fund.token });
    const code = await generate({ secret: setup.body.secret as string, epoch: Math.floor(Date.now() / 1000) });
    const enabled = await server.request('POST', '/user/2fa/enable/', { token: fund.token, body: { code } });
    expect(enabled.status).toBe(200);
    const password = await server.request('POST', '/user/login/', { body: { email: fund.email, password: fund.password, type: 'vc' } });
    expect(password.body.two_factor_required).toBe(true);
    expect(await entry(fund, 'signin.password')).toBeUndefined();
    // A wrong code is a failed sign-in of the user whose password was right.
    expect((await server.request('POST', '/user/login/2fa/', { body: { challenge: password.body.challenge, code: '000000' } })).status).toBe(401);
    const wrongCode = await entry(fund, 'signin.failed');
    expect(wrongCode).toMatchObject({ actor: { id: fund.userId, email: fund.email }, target: `Twofaco Admin (${fund.email})`, details: { reason: 'wrong_code' } });
    expect(wrongCode.ip).toBeTruthy();
    const second = await server.request('POST', '/user/login/2fa/', { body: { challenge: password.body.challenge, code: enabled.body.recovery_codes[0] } });
    expect(second.status).toBe(200);
    expect(await entry(fund, 'signin.password')).toMatchObject({ actor: { id: fund.userId, email: fund.email } });
  });

  it('sign-ins with single sign-on, and the SSO settings change that made it possible', async () => {
    const domain = `audit-${process.pid}.test`;
    const admin = await signUp(server, 'vc', { name: 'Sso Admin', email: `admin@${domain}` });
    const made = await server.request('POST', '/vc/profile/step1/', {
      token: admin.token,
      body: { fund_name: 'Sso Capital', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
    });
    const fund = { ...admin, userId: admin.user.id, fundId: made.body.profile.id as string };
    await setPlan(server, { fund: fund.fundId }, 'enterprise');
    const body = { issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain], requireSso: false };
    expect((await server.request('PUT', '/api/vc/sso', { token: fund.token, body })).status).toBe(200);
    const email = `grace@${domain}`;
    idp.addAccount({ sub: `grace-${domain}`, email, given_name: 'Grace', family_name: 'Hopper' });
    idp.signInAs(`grace-${domain}`);
    const start = await fetch(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(email)}`, { redirect: 'manual' });
    const callbackUrl = await idp.browse(start.headers.get('location')!, redirectUri);
    const back = await fetch(`${server.url}${SSO_CALLBACK_PATH}${callbackUrl.search}`, { redirect: 'manual' });
    const code = new URLSearchParams(new URL(back.headers.get('location')!).hash.slice(1)).get('code');
    const session = await server.request('POST', '/api/auth/sso/exchange', { body: { code } });
    expect(session.status).toBe(200);
    const signIn = await entry(fund, 'signin.sso');
    expect(signIn).toMatchObject({ actor: { id: session.body.user.id, name: 'Grace Hopper', email } });
    expect(signIn.ip).toBeTruthy();
    expect((await log(fund, '?group=settings')).map((e) => e.details.setting)).toContain('sso');
    // Grace's first sign-in made her a member just in time.
    expect(await entry(fund, 'member.added')).toMatchObject({ actor: { id: session.body.user.id }, target: `Grace Hopper (${email})`, details: { via: 'sso' } });

    // Failed single sign-ins: each with the reason the sign-in page was given, and the address.
    const failures = async () => (await log(fund, '?group=signin')).filter((e) => e.action === 'signin.failed');
    const trip = async (tamper?: Parameters<TestIdentityProvider['reissueNextIdToken']>[0]) => {
      const started = await fetch(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(email)}`, { redirect: 'manual' });
      if (tamper) idp.reissueNextIdToken(tamper);
      const search = (await idp.browse(started.headers.get('location')!, redirectUri)).search;
      const landing = await fetch(`${server.url}${SSO_CALLBACK_PATH}${search}`, { redirect: 'manual' });
      return { search, error: new URL(landing.headers.get('location')!).searchParams.get('sso_error') };
    };
    expect((await trip((claims) => ({ ...claims, aud: 'another-client' }))).error).toBe('id_token_invalid');
    const now = Math.floor(Date.now() / 1000);
    expect((await trip((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }))).error).toBe('id_token_invalid');
    const used = await trip();
    expect(used.error).toBeNull();
    const replayed = await fetch(`${server.url}${SSO_CALLBACK_PATH}${used.search}`, { redirect: 'manual' });
    expect(new URL(replayed.headers.get('location')!).searchParams.get('sso_error')).toBe('state_invalid');
    idp.addAccount({ sub: `outsider-${domain}`, email: 'outsider@elsewhere.test' });
    idp.signInAs(`outsider-${domain}`);
    expect((await trip()).error).toBe('wrong_domain');
    const failed = await failures();
    expect(failed.map((e) => e.details.reason)).toEqual(['wrong_domain', 'state_invalid', 'id_token_invalid', 'id_token_invalid']);
    expect(failed[0]).toMatchObject({ actor: { email: 'outsider@elsewhere.test' }, target: 'outsider@elsewhere.test', details: { via: 'sso' } });
    expect(failed[1]).toMatchObject({ target: 'single sign-on', details: { via: 'sso' } });
    for (const e of failed) expect(e.ip).toMatch(/127\.0\.0\.1|::1/);
    // A state never issued names no fund: recorded nowhere.
    await fetch(`${server.url}${SSO_CALLBACK_PATH}?code=x&state=never-issued`, { redirect: 'manual' });
    expect(await failures()).toHaveLength(4);

    // Deactivated by the identity provider (SCIM): removed, then refused at the next sign-in.
    const scimToken = (await server.request('POST', '/api/vc/sso/scim-tokens', { token: fund.token })).body.token as string;
    const scimCall = (method: string, path: string, payload?: unknown) =>
      fetch(`${server.url}/scim/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${scimToken}`, 'content-type': 'application/scim+json' },
        body: payload === undefined ? null : JSON.stringify(payload),
      });
    const ada = await (await scimCall('POST', '/Users', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: `ada@${domain}`, name: { givenName: 'Ada', familyName: 'Lovelace' }, active: true })).json() as { id: string };
    const added = (await log(fund, '?group=member')).find((e) => e.action === 'member.added' && e.target.includes(`ada@${domain}`));
    expect(added).toMatchObject({ actor: { id: null, name: 'SCIM', email: null }, details: { via: 'scim' } });
    expect(added.ip).toBeTruthy();
    const grace = ((await (await scimCall('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)).json()) as { Resources: { id: string }[] }).Resources[0]!;
    expect((await scimCall('PATCH', `/Users/${grace.id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] })).status).toBe(200);
    expect((await scimCall('DELETE', `/Users/${ada.id}`)).status).toBe(204);
    const removed = (await log(fund, '?group=member')).filter((e) => e.action === 'member.removed');
    expect(removed.map((e) => e.target)).toEqual([`Ada Lovelace (ada@${domain})`, `Grace Hopper (${email})`]);
    for (const e of removed) {
      expect(e).toMatchObject({ actor: { id: null, name: 'SCIM' }, details: { via: 'scim' } });
      expect(e.ip).toBeTruthy();
    }
    idp.signInAs(`grace-${domain}`);
    expect((await trip()).error).toBe('deactivated');
    expect((await failures())[0]).toMatchObject({ actor: { email }, target: email, details: { via: 'sso', reason: 'deactivated' } });
  }, 60_000);

  it('a password sign-in refused because the fund requires single sign-on is a failed sign-in', async () => {
    const domain = `required-${process.pid}.test`;
    const admin = await signUp(server, 'vc', { name: 'Req Admin', email: `admin@${domain}` });
    const made = await server.request('POST', '/vc/profile/step1/', {
      token: admin.token,
      body: { fund_name: 'Req Capital', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
    });
    const fund = { ...admin, userId: admin.user.id, fundId: made.body.profile.id as string };
    await setPlan(server, { fund: fund.fundId }, 'enterprise');
    const body = { issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain], requireSso: true };
    expect((await server.request('PUT', '/api/vc/sso', { token: fund.token, body })).status).toBe(200);
    const refused = await server.request('POST', '/user/login/', { body: { email: fund.email, password: fund.password, type: 'vc' } });
    expect(refused.status).toBe(403);
    const failed = await entry(fund, 'signin.failed');
    expect(failed).toMatchObject({ actor: { id: fund.userId, email: fund.email }, target: fund.email, details: { reason: 'sso_required' } });
    expect(failed.ip).toBeTruthy();
  });

  it('invites, role changes and removals', async () => {
    const fund = await newFund('Teamco');
    const member = await addMember(fund.fundId, 'Mia Member');
    expect((await server.request('POST', '/vc/team/invites/', { token: fund.token, body: { email: 'new@example.com', role: 'member' } })).status).toBeLessThan(300);
    expect((await server.request('PATCH', `/vc/team/members/${member.user.id}/`, { token: fund.token, body: { role: 'admin' } })).status).toBe(200);
    expect((await server.request('DELETE', `/vc/team/members/${member.user.id}/`, { token: fund.token })).status).toBe(200);
    const items = await log(fund, '?group=member');
    expect(items.map((e) => e.action)).toEqual(['member.removed', 'member.role_changed', 'member.invited']);
    expect(items[0]).toMatchObject({ actor: { id: fund.userId }, target: `Mia Member (${member.email})`, details: { user_id: member.user.id } });
    expect(items[1]).toMatchObject({ target: `Mia Member (${member.email})`, details: { role: 'admin', user_id: member.user.id } });
    expect(items[2]).toMatchObject({ target: 'new@example.com' });
    for (const e of items) expect(e.ip).toBeTruthy();

    const invite = await server.request('POST', '/vc/team/invites/', { token: fund.token, body: { email: null, role: 'member' } });
    expect((await server.request('DELETE', `/vc/team/invites/${invite.body.invite.id}/`, { token: fund.token })).status).toBe(200);
    const revoked = await entry(fund, 'member.invite_revoked');
    expect(revoked).toMatchObject({ actor: { id: fund.userId }, target: invite.body.invite.id });
    expect(revoked.ip).toBeTruthy();
  });

  it('API keys created, used (once an hour however busy) and revoked', async () => {
    const fund = await newFund('Keyco');
    const created = await server.request('POST', '/api/vc/api-keys', { token: fund.token, body: { name: 'CRM sync', scopes: ['deals:read', 'team:read'] } });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    for (let i = 0; i < 3; i++) expect((await server.request('GET', '/api/v1/members', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    // A minute later the key's use is written again, but the log already heard of it this hour.
    await server.database.handle.db.update(apiKeys).set({ lastUsedAt: new Date(Date.now() - 5 * 60_000) }).where(eq(apiKeys.id, created.body.apiKey.id));
    expect((await server.request('GET', '/api/v1/members', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    const csv = await server.request('GET', '/api/v1/deals.csv', { headers: { authorization: `Bearer ${key}` } });
    expect(csv.status).toBe(200);
    expect((await server.request('DELETE', `/api/vc/api-keys/${created.body.apiKey.id}`, { token: fund.token })).status).toBe(200);
    const items = await log(fund);
    expect(items.filter((e) => e.action === 'api_key.used')).toHaveLength(1);
    expect(items.find((e) => e.action === 'api_key.used')).toMatchObject({ actor: { id: fund.userId }, target: created.body.apiKey.id });
    expect(items.find((e) => e.action === 'api_key.created')).toMatchObject({ target: 'CRM sync', details: { scopes: ['deals:read', 'team:read'] } });
    expect(items.find((e) => e.action === 'api_key.revoked')).toMatchObject({ target: created.body.apiKey.id });
    expect(items.find((e) => e.action === 'export.deals_csv')).toMatchObject({ details: { via: 'api', api_key: created.body.apiKey.id } });
  });

  it('the deals CSV export from the web app', async () => {
    const fund = await newFund('Exportco');
    expect((await server.request('GET', '/api/vc/deals/export.csv', { token: fund.token })).status).toBe(200);
    expect(await entry(fund, 'export.deals_csv')).toMatchObject({ actor: { id: fund.userId }, target: 'deals' });
  });

  it('settings changes, naming which settings', async () => {
    const fund = await newFund('Setco');
    expect((await server.request('PUT', '/api/vc/branding', { token: fund.token, body: { displayName: 'Setco', primaryColor: '', hidePoweredBy: false, customHost: '' } })).status).toBe(200);
    expect(
      (
        await server.request('PUT', '/vc/integrations/', {
          token: fund.token,
          body: { slackWebhookUrl: null, teamsWebhookUrl: null, events: ['match'], alertThreshold: 70 },
        })
      ).status,
    ).toBe(200);
    // The fund's own stages, renamed one.
    const stages = (await server.request('GET', '/api/vc/stages', { token: fund.token })).body.stages as { id: string; name: string; triage: string }[];
    const renamed = stages.map((st) => ({ id: st.id, name: st.name === 'Screening' ? 'Intro call' : st.name, triage: st.triage }));
    expect((await server.request('PUT', '/api/vc/stages', { token: fund.token, body: { stages: renamed } })).status).toBe(200);
    expect((await server.request('PUT', '/vc/founder-outreach/', { token: fund.token, body: { showUnderReview: false } })).status).toBe(200);
    expect((await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).status).toBe(200);
    expect((await server.request('POST', '/vc/intake/email-token/', { token: fund.token })).status).toBe(200);
    const entries = await log(fund, '?group=settings');
    // The fund profile (step 1 when the fund was made), branding, alerts, stages, what founders see and the intake secrets, newest first.
    expect(entries.map((e) => e.details.setting)).toEqual(['intake email address', 'intake webhook secret', 'what founders see', 'stages', 'alerts', 'branding', 'fund profile']);
    for (const e of entries) expect(e).toMatchObject({ actor: { id: fund.userId }, target: e.details.setting, ip: expect.stringMatching(/127\.0\.0\.1|::1/) });
  });

  it('webhook subscriptions created, updated, rotated and deleted', async () => {
    const fund = await newFund('Hookco');
    const created = await server.request('POST', '/api/vc/webhooks', { token: fund.token, body: { url: 'http://127.0.0.1:9/hook', events: ['deal.created'] } });
    expect(created.status).toBe(201);
    const id = (created.body.endpoint ?? created.body.webhook ?? created.body).id as string;
    expect((await server.request('PATCH', `/api/vc/webhooks/${id}`, { token: fund.token, body: { events: ['deal.created', 'deal.status_changed'] } })).status).toBe(200);
    expect((await server.request('POST', `/api/vc/webhooks/${id}/rotate-secret`, { token: fund.token })).status).toBeLessThan(300);
    expect((await server.request('DELETE', `/api/vc/webhooks/${id}`, { token: fund.token })).status).toBe(200);
    const items = await log(fund, '?group=webhook');
    expect(items.map((e) => e.action)).toEqual(['webhook.deleted', 'webhook.secret_rotated', 'webhook.updated', 'webhook.created']);
    expect(items[3]).toMatchObject({ target: 'http://127.0.0.1:9/hook', actor: { id: fund.userId } });
  });
});

describe('reading the audit log', () => {
  it('filters by group, actor and dates, pages with a cursor, and exports the same as CSV', async () => {
    const fund = await newFund('Filterco');
    const db = server.database.handle.db;
    const old = new Date(Date.now() - 10 * 86_400_000);
    await db.insert(auditEvents).values(
      Array.from({ length: 55 }, (_, i) => ({ fundId: fund.fundId, at: new Date(old.getTime() + i * 1000), action: 'export.deals_csv', target: `old ${i}`, ip: '203.0.113.7' })),
    );
    const day = old.toISOString().slice(0, 10);
    const first = await server.request('GET', `/api/vc/audit?group=export&from=${day}&to=${day}`, { token: fund.token });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0].target).toBe('old 54');
    const second = await server.request('GET', `/api/vc/audit?group=export&from=${day}&to=${day}&cursor=${first.body.next_cursor}`, { token: fund.token });
    expect(second.body.items.map((e: any) => e.target)).toEqual(['old 4', 'old 3', 'old 2', 'old 1', 'old 0']);
    expect(second.body.next_cursor).toBeNull();
    expect((await log(fund, `?actor=${fund.userId}`)).every((e) => e.actor.id === fund.userId)).toBe(true);
    expect((await log(fund, `?actor=${fund.userId}`)).length).toBeGreaterThan(0);
    expect(await log(fund, '?from=2020-01-01&to=2020-01-02')).toEqual([]);
    expect((await server.request('GET', '/api/vc/audit?group=nope', { token: fund.token })).status).toBe(400);
    expect((await server.request('GET', '/api/vc/audit?cursor=bad', { token: fund.token })).status).toBe(400);

    const csv = await server.request('GET', `/api/vc/audit.csv?group=export&from=${day}&to=${day}`, { token: fund.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/audit-log-/);
    const lines = String(csv.body).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Time \(UTC\),Actor,Actor email,Action,Action code,Target,Details,IP address/);
    expect(lines).toHaveLength(56);
    expect(lines[1]).toContain('Exported deals as CSV,export.deals_csv,old 54,,203.0.113.7');
    // The download is itself an export, with the filters it was made with.
    const exported = await entry(fund, 'export.audit_log');
    expect(exported).toMatchObject({ actor: { id: fund.userId }, target: 'audit log', details: { filters: { group: 'export', from: day, to: day } } });
    expect(exported.ip).toBeTruthy();
  });

  it('is the Enterprise plan’s (402), its admins’ (403) and needs a session (401)', async () => {
    const pro = await newFund('Proco', 'pro');
    const res = await server.request('GET', '/api/vc/audit', { token: pro.token });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/Enterprise plan/);
    expect((await server.request('GET', '/api/vc/audit.csv', { token: pro.token })).status).toBe(402);
    // Recorded on every plan: shown once the fund is on Enterprise.
    await setPlan(server, { fund: pro.fundId }, 'enterprise');
    expect((await log(pro)).map((e) => e.action)).toContain('settings.changed');

    const member = await addMember(pro.fundId, 'Max Member');
    expect((await server.request('GET', '/api/vc/audit', { token: member.token })).status).toBe(403);
    expect((await server.request('GET', '/api/vc/audit.csv', { token: member.token })).status).toBe(403);
    expect((await server.request('GET', '/api/vc/audit?group=nope')).status).toBe(401);
    expect((await server.request('GET', '/api/vc/audit.csv')).status).toBe(401);
  });

  it('keeps entries 400 days: the sweep deletes older ones', async () => {
    const fund = await newFund('Sweepco');
    const db = server.database.handle.db;
    await db.insert(auditEvents).values([
      { fundId: fund.fundId, at: new Date(Date.now() - 401 * 86_400_000), action: 'signin.password', target: 'too old' },
      { fundId: fund.fundId, at: new Date(Date.now() - 399 * 86_400_000), action: 'signin.password', target: 'still kept' },
    ]);
    const audit = createAuditService(createAuditRepository(db), server.app.log);
    expect(await audit.sweep()).toBeGreaterThanOrEqual(1);
    const targets = (await db.select().from(auditEvents).where(eq(auditEvents.fundId, fund.fundId))).map((r) => r.target);
    expect(targets).toContain('still kept');
    expect(targets).not.toContain('too old');
  });
});
