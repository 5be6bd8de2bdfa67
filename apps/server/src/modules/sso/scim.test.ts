import { SSO_CALLBACK_PATH, SSO_MESSAGES } from '@fitscore/contracts';
import { deals } from '@fitscore/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicket, openEventStream, openHeaderEventStream } from '../../../test/event-stream.ts';
import { setPlan } from '../../../test/plans.ts';
import { pollUntil } from '../../../test/poll-until.ts';
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
async function newFund(plan: 'pro' | 'enterprise' = 'enterprise') {
  funds += 1;
  const domain = `scim${funds}-${process.pid}.test`;
  const admin = await signUp(server, 'vc', { name: 'Ada Admin', email: `ada@${domain}` });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: admin.token,
    body: { fund_name: `SCIM Fund ${funds}`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  const fundId = res.body.profile.id as string;
  await setPlan(server, { fund: fundId }, plan);
  const [deal] = await server.database.handle.db.insert(deals).values({ fundId, startupName: 'Acme', source: 'upload' }).returning();
  return { ...admin, fundId, domain, dealId: deal!.id };
}

async function scimFund() {
  const fund = await newFund();
  const sso = await server.request('PUT', '/api/vc/sso', {
    token: fund.token,
    body: { issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [fund.domain], requireSso: false },
  });
  expect(sso.status).toBe(200);
  const created = await server.request('POST', '/api/vc/sso/scim-tokens', { token: fund.token });
  expect(created.status).toBe(201);
  return { ...fund, scimToken: created.body.token as string, scimTokenId: created.body.scimToken.id as string };
}

/** A SCIM call as an identity provider sends it: Bearer token, application/scim+json. */
async function scim(token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/scim/v2${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), body: text ? JSON.parse(text) : null };
}

/** The person signs in through the fund's identity provider: their FitScore session token. */
async function signInWithSso(email: string) {
  idp.addAccount({ sub: email, email });
  idp.signInAs(email);
  const start = await fetch(`${server.url}/api/auth/sso/start?email=${encodeURIComponent(email)}`, { redirect: 'manual' });
  const back = await idp.browse(start.headers.get('location')!, redirectUri);
  const landing = new URL((await fetch(`${server.url}${SSO_CALLBACK_PATH}${back.search}`, { redirect: 'manual' })).headers.get('location')!);
  const code = new URLSearchParams(landing.hash.slice(1)).get('code');
  if (!code) return { token: null, error: landing.searchParams.get('sso_error') };
  const res = await server.request('POST', '/api/auth/sso/exchange', { body: { code } });
  return { token: res.body.token as string, error: null };
}

const changes = (events: { event: string }[]) => events.filter((e) => e.event === 'deal.changed').length;
const filter = (userName: string) => `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`;

describe('SCIM 2.0 provisioning (/scim/v2/Users)', () => {
  it('follows Okta’s sequence: look up, create, look up, deactivate (sessions and event streams end at once)', async () => {
    const fund = await scimFund();
    const email = `okta.user@${fund.domain}`;

    const none = await scim(fund.scimToken, 'GET', filter(email));
    expect(none.status).toBe(200);
    expect(none.type).toMatch(/^application\/scim\+json/);
    expect(none.body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const created = await scim(fund.scimToken, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { givenName: 'Olive', familyName: 'Okta' },
      emails: [{ primary: true, value: email, type: 'work' }],
      displayName: 'Olive Okta',
      locale: 'en-US',
      externalId: '00u1abcd2EFGH3ijk4l5',
      groups: [],
      password: 'never-stored-1',
      active: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userName: email, active: true, externalId: '00u1abcd2EFGH3ijk4l5', name: { givenName: 'Olive', familyName: 'Okta' }, meta: { resourceType: 'User' } });
    const id = created.body.id as string;

    const found = await scim(fund.scimToken, 'GET', filter(email));
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].id).toBe(id);
    expect((await scim(fund.scimToken, 'GET', `/Users/${id}`)).body.userName).toBe(email);
    const team = (await server.request('GET', '/vc/team/', { token: fund.token })).body.members;
    expect(team.map((m: { email: string }) => m.email)).toContain(email);

    // The provisioned person signs in with SSO and listens to the fund's events.
    const person = await signInWithSso(email);
    expect(person.token).toBeTruthy();
    const token = person.token!;
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token })).status).toBe(200);
    const control = await openHeaderEventStream(server, fund.token);
    const byHeader = await openHeaderEventStream(server, token);
    const byTicket = await openEventStream(server, await eventTicket(server, token));
    await Promise.all([control.ready(), byHeader.ready(), byTicket.ready()]);

    const deactivated = await scim(fund.scimToken, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);

    // At once: the session is refused and the streams close on the fund's next event, having heard nothing.
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token })).status).toBe(401);
    expect((await server.request('POST', `/api/vc/deals/${fund.dealId}/status`, { token: fund.token, body: { status: 'hot', note: '' } })).status).toBe(200);
    await control.until((e) => changes(e) >= 1);
    await pollUntil(() => byHeader.ended() && byTicket.ended(), { what: 'the deactivated member’s streams to close' });
    expect([changes(byHeader.events), changes(byTicket.events)]).toEqual([0, 0]);
    [control, byHeader, byTicket].forEach((s) => s.close());

    const members = (await server.request('GET', '/vc/team/', { token: fund.token })).body.members;
    expect(members.map((m: { email: string }) => m.email)).not.toContain(email);
    expect((await scim(fund.scimToken, 'GET', filter(email))).body.Resources[0].active).toBe(false);
    // Deactivated: single sign-on refuses them too.
    expect((await signInWithSso(email)).error).toBe('deactivated');

    // Okta reactivates: a member again, and SSO lets them in.
    const reactivated = await scim(fund.scimToken, 'PATCH', `/Users/${id}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(reactivated.body.active).toBe(true);
    expect((await signInWithSso(email)).token).toBeTruthy();
  }, 90_000);

  it('follows Entra ID’s sequence: a probe filter, create, attribute patches, "False" as a string, delete', async () => {
    const fund = await scimFund();
    const email = `entra.user@${fund.domain}`;
    const probe = await scim(fund.scimToken, 'GET', `/Users?filter=${encodeURIComponent('userName eq "ea9d1a02-6a9e-4a5c-9f3c-0b0c2a7d8e11"')}`);
    expect(probe.body.totalResults).toBe(0);
    expect((await scim(fund.scimToken, 'GET', filter(email))).body.totalResults).toBe(0);

    const created = await scim(fund.scimToken, 'POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
      externalId: 'entra-ext-1',
      userName: email,
      active: true,
      emails: [{ primary: true, type: 'work', value: email }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Eli Entra', familyName: 'Entra', givenName: 'Eli' },
      roles: [],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const again = await scim(fund.scimToken, 'POST', '/Users', { userName: email, active: true });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '409', scimType: 'uniqueness' });

    const renamed = await scim(fund.scimToken, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Elias Entra' },
        { op: 'Add', path: 'name.givenName', value: 'Elias' },
        { op: 'Replace', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Investments' },
      ],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name.givenName).toBe('Elias');

    const person = await signInWithSso(email);
    const token = person.token!;
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token })).status).toBe(200);
    const off = await scim(fund.scimToken, 'PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await server.request('GET', '/api/vc/deals?limit=1', { token })).status).toBe(401);

    // PUT replaces; userName cannot change.
    const put = await scim(fund.scimToken, 'PUT', `/Users/${id}`, { userName: email, active: false, name: { givenName: 'Eli', familyName: 'Entra' }, externalId: 'entra-ext-1' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ active: false, name: { givenName: 'Eli', familyName: 'Entra' } });
    expect((await scim(fund.scimToken, 'PUT', `/Users/${id}`, { userName: `other@${fund.domain}`, active: true })).body).toMatchObject({ status: '400', scimType: 'mutability' });

    expect((await scim(fund.scimToken, 'DELETE', `/Users/${id}`)).status).toBe(204);
    const gone = await scim(fund.scimToken, 'GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404' });
  }, 90_000);

  it('answers 401 before reading the body, 402 off Enterprise, 404 for another fund’s user, and clear 400s', async () => {
    const fund = await scimFund();
    const other = await scimFund();
    const missing = await scim(null, 'POST', '/Users', { userName: 'x' });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    const bad = await fetch(`${server.url}/scim/v2/Users`, { method: 'POST', headers: { 'content-type': 'application/scim+json' }, body: '{not json' });
    expect(bad.status).toBe(401);
    expect((await scim('fss_not-a-real-token', 'GET', '/Users')).status).toBe(401);

    const theirs = await scim(other.scimToken, 'POST', '/Users', { userName: `someone@${other.domain}` });
    expect((await scim(fund.scimToken, 'GET', `/Users/${theirs.body.id}`)).status).toBe(404);
    expect((await scim(fund.scimToken, 'PATCH', `/Users/${theirs.body.id}`, { Operations: [{ op: 'replace', value: { active: false } }] })).status).toBe(404);
    expect((await scim(fund.scimToken, 'GET', '/Users?filter=displayName%20co%20%22x%22')).body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect((await scim(fund.scimToken, 'POST', '/Users', { userName: 'not an email' })).body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const founder = await signUp(server, 'founder');
    expect((await scim(fund.scimToken, 'POST', '/Users', { userName: founder.email })).status).toBe(409);
    expect((await scim(fund.scimToken, 'GET', '/ServiceProviderConfig')).body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    expect((await scim(fund.scimToken, 'GET', '/ResourceTypes')).body.Resources[0].endpoint).toBe('/Users');
    expect((await scim(fund.scimToken, 'GET', '/Schemas')).body.totalResults).toBe(1);

    // Paging: startIndex is 1-based.
    for (const n of [1, 2, 3]) expect((await scim(fund.scimToken, 'POST', '/Users', { userName: `p${n}@${fund.domain}` })).status).toBe(201);
    const page = await scim(fund.scimToken, 'GET', '/Users?startIndex=2&count=1');
    expect(page.body).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
    expect(page.body.Resources[0].userName).toBe(`p2@${fund.domain}`);

    // A revoked token is refused at once; a fund off Enterprise answers 402.
    expect((await server.request('DELETE', `/api/vc/sso/scim-tokens/${other.scimTokenId}`, { token: other.token })).status).toBe(200);
    expect((await scim(other.scimToken, 'GET', '/Users')).status).toBe(401);
    await setPlan(server, { fund: fund.fundId }, 'pro');
    const downgraded = await scim(fund.scimToken, 'GET', '/Users');
    expect(downgraded.status).toBe(402);
    expect(downgraded.body.detail).toBe(SSO_MESSAGES.enterpriseRequired);
  }, 90_000);
});

describe('SCIM as an input channel', () => {
  it('refuses a body over 64 KB while reading it (413), and writes nothing', async () => {
    const fund = await scimFund();
    const email = `big@${fund.domain}`;
    const res = await scim(fund.scimToken, 'POST', '/Users', { userName: email, active: true, title: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '413' });
    expect((await scim(fund.scimToken, 'GET', filter(email))).body.totalResults).toBe(0);
  });

  it('limits each fund’s calls per minute (429) before anything is read or written', async () => {
    const limited = await startTestServer({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const admin = await signUp(limited, 'vc');
      const step1 = await limited.request('POST', '/vc/profile/step1/', {
        token: admin.token,
        body: { fund_name: 'Limited Fund', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
      });
      await setPlan(limited, { fund: step1.body.profile.id }, 'enterprise');
      const token = (await limited.request('POST', '/api/vc/sso/scim-tokens', { token: admin.token })).body.token as string;
      const call = (body?: unknown) =>
        fetch(`${limited.url}/scim/v2/Users`, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      for (let i = 0; i < 3; i += 1) expect((await call()).status).toBe(200);
      const refused = await call({ userName: 'late@limited.test' });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ status: '429' });
      const listed = await fetch(`${limited.url}/vc/team/`, { headers: { authorization: `Token ${admin.token}` } });
      expect(((await listed.json()) as { members: { email: string }[] }).members.map((m) => m.email)).not.toContain('late@limited.test');
    } finally {
      await limited.close();
    }
  }, 60_000);
});
