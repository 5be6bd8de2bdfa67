import { SSO_CALLBACK_PATH, SSO_MESSAGES, ssoSignInErrorMessage } from '@fitscore/contracts';
import { fundMembers, ssoConnections } from '@fitscore/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from './test-identity-provider.ts';

let server: TestServer;
let idp: TestIdentityProvider;
let redirectUri: string;

beforeAll(async () => {
  server = await startTestServer();
  redirectUri = `${server.config.publicApiUrl}${SSO_CALLBACK_PATH}`;
  idp = await startTestIdentityProvider({ redirectUri });
});
afterAll(async () => {
  await idp.close();
  await server.close();
});

let funds = 0;
async function newFund(plan: 'trial' | 'pro' | 'enterprise' = 'enterprise') {
  funds += 1;
  const domain = `fund${funds}-${process.pid}.test`;
  const admin = await signUp(server, 'vc', { name: 'Ada Admin', email: `ada@${domain}` });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: admin.token,
    body: { fund_name: `SSO Fund ${funds}`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  const fundId = res.body.profile.id as string;
  if (plan !== 'trial') await setPlan(server, { fund: fundId }, plan);
  return { ...admin, fundId, domain };
}

const connectionBody = (domain: string, extra: object = {}) => ({ issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain], requireSso: false, ...extra });

async function connect(fund: { token: string; domain: string }, extra: object = {}) {
  const res = await server.request('PUT', '/api/vc/sso', { token: fund.token, body: connectionBody(fund.domain, extra) });
  expect(res.status).toBe(200);
  return res.body;
}

/** The browser's trip: start at FitScore, through the provider's login, back to FitScore's callback. */
async function ssoTrip(email: string, tamper?: Parameters<TestIdentityProvider['reissueNextIdToken']>[0]) {
  const start = await fetch(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(email)}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const toIdp = start.headers.get('location')!;
  if (!toIdp.startsWith(idp.issuer)) return { toIdp, callbackUrl: null, landing: new URL(toIdp) };
  if (tamper) idp.reissueNextIdToken(tamper);
  const callbackUrl = await idp.browse(toIdp, redirectUri);
  const landing = await callback(callbackUrl.search);
  return { toIdp, callbackUrl, landing };
}

async function callback(search: string) {
  const res = await fetch(`${server.url}${SSO_CALLBACK_PATH}${search}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

const handoffCode = (landing: URL) => new URLSearchParams(landing.hash.slice(1)).get('code');
const ssoError = (landing: URL) => landing.searchParams.get('sso_error');

async function exchange(landing: URL) {
  expect(landing.pathname).toBe('/sso/callback');
  return server.request('POST', '/api/auth/sso/exchange', { body: { code: handoffCode(landing) } });
}

describe('single sign-on with OpenID Connect against a real provider', () => {
  it('a first sign-in creates the account as a member of the fund; the second reuses it', async () => {
    const fund = await newFund();
    const settings = await connect(fund);
    expect(settings.redirectUri).toBe(redirectUri);
    expect(JSON.stringify(settings)).not.toContain(idp.clientSecret);
    expect(settings.connection).toMatchObject({ issuerUrl: idp.issuer, clientId: idp.clientId, hasClientSecret: true, domains: [fund.domain], requireSso: false });
    // The secret is sealed at rest.
    const [stored] = await server.database.handle.db.select().from(ssoConnections);
    expect(JSON.stringify(stored)).not.toContain(idp.clientSecret);

    const email = `grace@${fund.domain}`;
    expect((await server.request('GET', `/api/auth/sso/discover?email=${encodeURIComponent(email)}`)).body).toEqual({ sso: true, required: false });
    expect((await server.request('GET', '/api/auth/sso/discover?email=someone%40elsewhere.test')).body).toEqual({ sso: false, required: false });

    idp.addAccount({ sub: `grace-${fund.domain}`, email, given_name: 'Grace', family_name: 'Hopper' });
    idp.signInAs(`grace-${fund.domain}`);
    const first = await ssoTrip(email);
    const authUrl = new URL(first.toIdp);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    const session = await exchange(first.landing);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email, name: 'Grace Hopper', type: 'vc' });
    // The one-time code works once.
    expect((await exchange(first.landing)).status).toBe(401);

    const team = await server.request('GET', '/vc/team/', { token: fund.token });
    expect(team.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual([email, 'member']);
    const me = await server.request('GET', '/api/vc/deals?limit=1', { token: session.body.token });
    expect(me.status).toBe(200);

    const second = await ssoTrip(email);
    const again = await exchange(second.landing);
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(session.body.user.id);
    const members = (await server.request('GET', '/vc/team/', { token: fund.token })).body.members;
    expect(members.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  }, 60_000);

  it('refuses an ID token for another audience, an expired one and a replayed state, with a message on the sign-in page', async () => {
    const fund = await newFund();
    await connect(fund);
    const email = `mallory@${fund.domain}`;
    idp.addAccount({ sub: `mallory-${fund.domain}`, email });
    idp.signInAs(`mallory-${fund.domain}`);

    // The provider's token re-issued unchanged is accepted: what follows is refused for its claims alone.
    const control = await ssoTrip(email, (claims) => claims);
    expect((await exchange(control.landing)).status).toBe(200);

    const wrongAudience = await ssoTrip(email, (claims) => ({ ...claims, aud: 'another-client' }));
    expect(wrongAudience.landing.pathname).toBe('/signin');
    expect(ssoError(wrongAudience.landing)).toBe('id_token_invalid');

    const now = Math.floor(Date.now() / 1000);
    const expired = await ssoTrip(email, (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }));
    expect(ssoError(expired.landing)).toBe('id_token_invalid');

    const good = await ssoTrip(email);
    expect((await exchange(good.landing)).status).toBe(200);
    const nonceSwapped = await ssoTrip(email, (claims) => ({ ...claims, nonce: 'another-sign-in' }));
    expect(ssoError(nonceSwapped.landing)).toBe('id_token_invalid');
    // The same state (and code) again: refused before the provider is asked.
    const replayed = await callback(good.callbackUrl!.search);
    expect(ssoError(replayed)).toBe('state_invalid');
    expect(ssoError(await callback('?code=x&state=never-issued'))).toBe('state_invalid');

    // One membership, however many sign-ins.
    const members = (await server.request('GET', '/vc/team/', { token: fund.token })).body.members;
    expect(members.filter((m: { email: string }) => m.email === email)).toHaveLength(1);
  }, 60_000);

  it('says why when the person cancels at the provider, and when the email is outside the fund’s domains', async () => {
    const fund = await newFund();
    await connect(fund);
    idp.signInAs(null);
    const cancelled = await ssoTrip(`bob@${fund.domain}`);
    expect(ssoError(cancelled.landing)).toBe('idp_refused');
    expect(cancelled.landing.searchParams.get('sso_reason')).toBe('access_denied');
    expect(ssoSignInErrorMessage('idp_refused', 'access_denied')).toBe('Your identity provider refused the sign-in (access_denied).');

    idp.addAccount({ sub: `eve-${fund.domain}`, email: 'eve@not-the-fund.test' });
    idp.signInAs(`eve-${fund.domain}`);
    const outside = await ssoTrip(`eve@${fund.domain}`);
    expect(ssoError(outside.landing)).toBe('wrong_domain');

    const unknown = await ssoTrip('someone@no-sso.test');
    expect(unknown.landing.pathname).toBe('/signin');
    expect(ssoError(unknown.landing)).toBe('no_connection');
  }, 60_000);

  it('Require SSO refuses password sign-in for the fund’s members and the fund’s domain', async () => {
    const fund = await newFund();
    const colleague = await signUp(server, 'vc', { email: `pat@${fund.domain}` });
    // A member whose email is outside the fund's domains.
    const outsideMember = await signUp(server, 'vc', { email: `olive-${fund.domain}@gmail.test` });
    await server.database.handle.db.insert(fundMembers).values({ fundId: fund.fundId, userId: outsideMember.user.id, role: 'member' });
    const password = (who: { email: string; password: string }) => server.request('POST', '/user/login/', { body: { email: who.email, password: who.password, type: 'vc' } });
    expect((await password(colleague)).status).toBe(200);
    expect((await password(outsideMember)).status).toBe(200);
    await connect(fund, { requireSso: true });
    const refused = await password(colleague);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(SSO_MESSAGES.ssoRequired);
    expect((await password(fund)).status).toBe(403);
    const member = await password(outsideMember);
    expect(member.status).toBe(403);
    expect(member.body.error).toBe(SSO_MESSAGES.ssoRequired);
    expect((await server.request('GET', `/api/auth/sso/discover?email=${encodeURIComponent(colleague.email)}`)).body).toEqual({ sso: true, required: true });
    // Other domains keep their passwords.
    const outsider = await signUp(server, 'vc');
    expect((await password(outsider)).status).toBe(200);
    // Off again (saving without a new secret keeps the stored one): passwords work again.
    const res = await server.request('PUT', '/api/vc/sso', { token: fund.token, body: { ...connectionBody(fund.domain), clientSecret: undefined, requireSso: false } });
    expect(res.status).toBe(200);
    expect((await password(colleague)).status).toBe(200);
    expect((await password(outsideMember)).status).toBe(200);
  }, 60_000);

  it('an admin cannot switch Require SSO on when single sign-on would not serve their own email (no lock-out)', async () => {
    const fund = await newFund();
    const elsewhere = `elsewhere-${fund.domain}`;
    const refused = await server.request('PUT', '/api/vc/sso', { token: fund.token, body: connectionBody(elsewhere, { requireSso: true }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(SSO_MESSAGES.requireSsoLockout(fund.domain));
    expect(refused.body.details).toEqual([{ path: 'requireSso', message: SSO_MESSAGES.requireSsoLockout(fund.domain) }]);
    expect((await server.request('GET', '/api/vc/sso', { token: fund.token })).body.connection).toBeNull();
    // Their password still works; without Require SSO the same domains save, and with their own domain Require SSO does.
    expect((await server.request('POST', '/user/login/', { body: { email: fund.email, password: fund.password, type: 'vc' } })).status).toBe(200);
    expect((await server.request('PUT', '/api/vc/sso', { token: fund.token, body: connectionBody(elsewhere) })).status).toBe(200);
    expect((await server.request('PUT', '/api/vc/sso', { token: fund.token, body: connectionBody(elsewhere, { domains: [elsewhere, fund.domain], requireSso: true }) })).status).toBe(200);
  }, 60_000);

  it('is the Enterprise plan’s (402 with the upgrade prompt), admins only (403), anonymous 401, a domain belongs to one fund', async () => {
    for (const plan of ['trial', 'pro'] as const) {
      const fund = await newFund(plan);
      const res = await server.request('PUT', '/api/vc/sso', { token: fund.token, body: connectionBody(fund.domain) });
      expect(res.status).toBe(402);
      expect(res.body.error).toBe(SSO_MESSAGES.enterpriseRequired);
      expect((await server.request('POST', '/api/vc/sso/scim-tokens', { token: fund.token })).status).toBe(402);
      expect((await server.request('GET', '/api/vc/sso', { token: fund.token })).body).toMatchObject({ allowed: false, connection: null });
    }
    const fund = await newFund();
    expect((await server.request('PUT', '/api/vc/sso', { body: {} })).status).toBe(401);
    const founder = await signUp(server, 'founder');
    expect((await server.request('GET', '/api/vc/sso', { token: founder.token })).status).toBe(403);
    // A member (joined by single sign-on) cannot change the settings.
    await connect(fund);
    const email = `mo@${fund.domain}`;
    idp.addAccount({ sub: `mo-${fund.domain}`, email });
    idp.signInAs(`mo-${fund.domain}`);
    const member = await exchange((await ssoTrip(email)).landing);
    expect((await server.request('PUT', '/api/vc/sso', { token: member.body.token, body: connectionBody(fund.domain) })).status).toBe(403);
    expect((await server.request('GET', '/api/vc/sso', { token: member.body.token })).status).toBe(403);

    const other = await newFund();
    const taken = await server.request('PUT', '/api/vc/sso', { token: other.token, body: connectionBody(fund.domain) });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(SSO_MESSAGES.domainTaken(fund.domain));
    const unreachable = await server.request('PUT', '/api/vc/sso', { token: other.token, body: { ...connectionBody(other.domain), issuerUrl: 'http://127.0.0.1:9/nothing' } });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error).toBe(SSO_MESSAGES.discoveryFailed('http://127.0.0.1:9/nothing'));
    const noSecret = await server.request('PUT', '/api/vc/sso', { token: other.token, body: { ...connectionBody(other.domain), clientSecret: '' } });
    expect(noSecret.status).toBe(400);

    // The plan ends: single sign-on stops, and Require SSO no longer locks anyone out.
    await connect(fund, { requireSso: true });
    await setPlan(server, { fund: fund.fundId }, 'pro');
    expect(ssoError((await ssoTrip(email)).landing)).toBe('enterprise_required');
    expect((await server.request('POST', '/user/login/', { body: { email: fund.email, password: fund.password, type: 'vc' } })).status).toBe(200);
  }, 60_000);
});
