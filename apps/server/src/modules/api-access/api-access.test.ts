import { API_KEY_RATE_LIMIT_PER_MINUTE } from '@fitscore/contracts';
import { apiKeys, deals } from '@fitscore/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { setPlan } from '../../../test/plans.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function newFund(name: string) {
  const admin = await signUp(server, 'vc', { name: `${name} Admin` });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: admin.token,
    body: { fund_name: `${name} Capital`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: admin.token, userId: admin.user.id as string, fundId: res.body.profile.id as string };
}

async function newDeal(fundId: string, startupName: string) {
  const [deal] = await server.database.handle.db.insert(deals).values({ fundId, startupName, sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload' }).returning();
  return deal!.id;
}

const createKey = (token: string, body: unknown) => server.request('POST', '/api/vc/api-keys', { token, body });
const v1 = (method: string, path: string, key: string | null, body?: unknown) =>
  server.request(method, `/api/v1${path}`, { ...(key ? { headers: { authorization: `Bearer ${key}` } } : {}), ...(body === undefined ? {} : { body }) });

describe('API keys (Settings → API)', () => {
  it('are the Enterprise plan’s: 402 with the upgrade prompt on the trial and on Pro', async () => {
    const fund = await newFund('Trialco');
    const res = await createKey(fund.token, { name: 'Warehouse', scopes: ['deals:read'] });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/Enterprise plan/);
    await setPlan(server, { fund: fund.fundId }, 'pro');
    expect((await createKey(fund.token, { name: 'Warehouse', scopes: ['deals:read'] })).status).toBe(402);
    const list = await server.request('GET', '/api/vc/api-keys', { token: fund.token });
    expect(list.body).toEqual({ keys: [], allowed: false });
  });

  it('are shown once, stored hashed, listed with their scopes and last use, and only admins manage them', async () => {
    const fund = await newFund('Keyco');
    await setPlan(server, { fund: fund.fundId }, 'enterprise');
    const created = await createKey(fund.token, { name: 'CRM sync', scopes: ['deals:read', 'team:read'] });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^fsk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.apiKey).toMatchObject({ name: 'CRM sync', scopes: ['deals:read', 'team:read'], lastUsedAt: null, revokedAt: null, createdBy: 'Keyco Admin' });
    expect(created.body.apiKey.preview).toBe(`${key.slice(0, 10)}…`);

    const list = await server.request('GET', '/api/vc/api-keys', { token: fund.token });
    expect(list.body.allowed).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(key);
    const stored = await server.database.handle.db.select().from(apiKeys);
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(key);

    expect((await v1('GET', '/members', key)).status).toBe(200);
    const used = await server.request('GET', '/api/vc/api-keys', { token: fund.token });
    expect(used.body.keys[0].lastUsedAt).not.toBeNull();

    // A founder, an anonymous caller and a bad body: 403, 401, 400 (in that order of checks).
    const founder = await signUp(server, 'founder');
    expect((await createKey(founder.token, { name: 'x', scopes: ['deals:read'] })).status).toBe(403);
    expect((await server.request('POST', '/api/vc/api-keys', { body: {} })).status).toBe(401);
    expect((await createKey(fund.token, { name: '', scopes: [] })).status).toBe(400);
    expect((await createKey(fund.token, { name: 'x', scopes: ['deals:delete'] })).status).toBe(400);
  });
});

describe('the public API under /api/v1/', () => {
  let fund: Awaited<ReturnType<typeof newFund>>;
  let readKey: string;
  let writeKey: string;
  let dealId: string;

  beforeAll(async () => {
    fund = await newFund('Apico');
    await setPlan(server, { fund: fund.fundId }, 'enterprise');
    readKey = (await createKey(fund.token, { name: 'Read', scopes: ['deals:read', 'team:read'] })).body.key;
    writeKey = (await createKey(fund.token, { name: 'Write', scopes: ['deals:read', 'deals:write'] })).body.key;
    dealId = await newDeal(fund.fundId, 'Orbital Labs');
    await newDeal(fund.fundId, 'Quanta Health');
  });

  it('lists the fund’s deals with the pipeline’s filters and cursor, and reads one', async () => {
    const all = await v1('GET', '/deals?limit=1', readKey);
    expect(all.status).toBe(200);
    expect(all.body.deals).toHaveLength(1);
    expect(all.body.nextCursor).toEqual(expect.any(String));
    const next = await v1('GET', `/deals?limit=1&cursor=${encodeURIComponent(all.body.nextCursor)}`, readKey);
    expect(next.body.deals).toHaveLength(1);
    expect(next.body.deals[0].id).not.toBe(all.body.deals[0].id);
    const searched = await v1('GET', '/deals?q=Orbital', readKey);
    expect(searched.body.deals.map((d: { startupName: string }) => d.startupName)).toEqual(['Orbital Labs']);
    const one = await v1('GET', `/deals/${dealId}`, readKey);
    expect(one.status).toBe(200);
    expect(one.body.deal.startupName).toBe('Orbital Labs');
    const csv = await v1('GET', '/deals.csv', readKey);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Orbital Labs');
  });

  it('filters the list like the pipeline: status, sector, stage, region, confidence, source and owner', async () => {
    const filtered = await newFund('Filterco');
    await setPlan(server, { fund: filtered.fundId }, 'enterprise');
    const key = (await createKey(filtered.token, { name: 'Filters', scopes: ['deals:read'] })).body.key as string;
    await server.database.handle.db.insert(deals).values([
      { fundId: filtered.fundId, startupName: 'Alpha', sector: 'SaaS', stage: 'Seed', geography: 'US', region: 'US', source: 'upload', status: 'hot', confidence: 'High', ownerUserId: filtered.userId },
      { fundId: filtered.fundId, startupName: 'Beta', sector: 'Fintech', stage: 'Series A', geography: 'Germany', region: 'EUROPE', source: 'email', status: 'track', confidence: 'Low' },
      { fundId: filtered.fundId, startupName: 'Gamma', sector: 'SaaS', stage: 'Series A', geography: 'France', region: 'EUROPE', source: 'webhook', status: 'hot', confidence: 'Medium' },
    ]);
    const names = async (query: string) => {
      const res = await v1('GET', `/deals?${query}`, key);
      expect(res.status, query).toBe(200);
      return (res.body.deals as { startupName: string }[]).map((d) => d.startupName).sort();
    };
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('status=hot')).toEqual(['Alpha', 'Gamma']);
    expect(await names('sector=SaaS')).toEqual(['Alpha', 'Gamma']);
    expect(await names('stage=Series%20A')).toEqual(['Beta', 'Gamma']);
    expect(await names('region=EUROPE')).toEqual(['Beta', 'Gamma']);
    expect(await names('confidence=High&confidence=Low')).toEqual(['Alpha', 'Beta']);
    expect(await names('source=email&source=webhook')).toEqual(['Beta', 'Gamma']);
    expect(await names(`owner=${filtered.userId}`)).toEqual(['Alpha']);
    expect(await names('status=hot&region=EUROPE&sector=SaaS')).toEqual(['Gamma']);
    // A client's mistake in a filter is a 400 naming it, never a 500.
    const bad = await v1('GET', '/deals?source=fax', key);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/source must be one of/);
    expect((await v1('GET', '/deals?owner=someone', key)).status).toBe(400);
  });

  it('answers each call with the key’s rate limit in RateLimit-* headers', async () => {
    const res = await v1('GET', '/members', readKey);
    expect(res.headers.get('ratelimit-limit')).toBe(String(API_KEY_RATE_LIMIT_PER_MINUTE));
    expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(API_KEY_RATE_LIMIT_PER_MINUTE);
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(res.body.members.map((m: { name: string }) => m.name)).toEqual(['Apico Admin']);
  });

  it('changes status, assigns and comments with deals:write, acting as the key’s maker', async () => {
    const status = await v1('POST', `/deals/${dealId}/status`, writeKey, { status: 'hot', note: 'From our CRM' });
    expect(status.status).toBe(200);
    expect(status.body.deal.status).toBe('hot');
    const assigned = await v1('POST', `/deals/${dealId}/assign`, writeKey, { memberId: fund.userId });
    expect(assigned.status).toBe(200);
    const comment = await v1('POST', `/deals/${dealId}/comments`, writeKey, { body: 'Synced from the warehouse' });
    expect(comment.status).toBe(201);
    const comments = await v1('GET', `/deals/${dealId}/comments`, readKey);
    expect(JSON.stringify(comments.body)).toContain('Synced from the warehouse');
    // The web app sees the same deal changed.
    const seen = await server.request('GET', `/api/vc/deals/${dealId}`, { token: fund.token });
    expect(seen.body.deal.status).toBe('hot');
  });

  it('refuses before reading anything: 401 without or with a bad key, 403 without the scope, 404 for another fund’s deal', async () => {
    expect((await v1('POST', '/deals/not-a-uuid/status', null, { nonsense: true })).status).toBe(401);
    expect((await v1('POST', '/deals/not-a-uuid/status', 'fsk_nope', { nonsense: true })).status).toBe(401);
    const session = await server.request('GET', '/api/v1/deals', { token: fund.token });
    expect(session.status).toBe(401);
    const noScope = await v1('POST', '/deals/not-a-uuid/status', readKey, { nonsense: true });
    expect(noScope.status).toBe(403);
    expect(noScope.body.error).toMatch(/deals:write/);
    expect((await v1('GET', '/members', writeKey)).status).toBe(403);
    const other = await newFund('Otherco');
    const foreign = await newDeal(other.fundId, 'Not yours');
    expect((await v1('GET', `/deals/${foreign}`, readKey)).status).toBe(404);
    expect((await v1('POST', `/deals/${foreign}/status`, writeKey, { status: 'cold', note: '' })).status).toBe(404);
  });

  it('stops a revoked key at its next call, and an expired one', async () => {
    const made = await createKey(fund.token, { name: 'Temp', scopes: ['team:read'] });
    expect((await v1('GET', '/members', made.body.key)).status).toBe(200);
    expect((await server.request('DELETE', `/api/vc/api-keys/${made.body.apiKey.id}`, { token: fund.token })).status).toBe(200);
    expect((await v1('GET', '/members', made.body.key)).status).toBe(401);
    expect((await server.request('DELETE', `/api/vc/api-keys/${made.body.apiKey.id}`, { token: fund.token })).status).toBe(404);
    expect((await createKey(fund.token, { name: 'Past', scopes: ['team:read'], expiresAt: '2020-01-01T00:00:00Z' })).status).toBe(400);
  });

  it('answers 429 past the key’s limit with Retry-After; another key of the fund keeps its own', async () => {
    const limited = await startTestServer({ API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const admin = await signUp(limited, 'vc');
      const made = await limited.request('POST', '/vc/profile/step1/', {
        token: admin.token,
        body: { fund_name: 'Limitco', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
      });
      await setPlan(limited, { fund: made.body.profile.id }, 'enterprise');
      const keyOf = async () => (await limited.request('POST', '/api/vc/api-keys', { token: admin.token, body: { name: 'K', scopes: ['team:read'] } })).body.key as string;
      const [a, b] = [await keyOf(), await keyOf()];
      const call = (key: string) => limited.request('GET', '/api/v1/members', { headers: { authorization: `Bearer ${key}` } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(a)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await call(a);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect((await call(b)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('ends with the plan: a fund moved off Enterprise gets 402 on every key', async () => {
    const f = await newFund('Downgrade');
    await setPlan(server, { fund: f.fundId }, 'enterprise');
    const key = (await createKey(f.token, { name: 'K', scopes: ['team:read'] })).body.key;
    await setPlan(server, { fund: f.fundId }, 'pro');
    expect((await v1('GET', '/members', key)).status).toBe(402);
  });

  it('takes a deal into the intake with intake:write, once per Idempotency-Key, and it becomes a deal of the fund', async () => {
    const key = (await createKey(fund.token, { name: 'Sourcing bot', scopes: ['intake:write'] })).body.key as string;
    const deck = await makePdfDeck([['Lumen Grid', 'Grid batteries for rural clinics'], ['Problem', 'Clinics lose power daily'], ['Traction', '$40K MRR, 12 clinics']]);
    const body = JSON.stringify({ company_name: 'Lumen Grid', website: 'https://lumengrid.example', deck_base64: Buffer.from(deck).toString('base64'), deck_filename: 'lumen.pdf' });
    const send = (idempotencyKey: string, k = key) =>
      server.request('POST', '/api/v1/intake/items', { headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey }, raw: body });
    const first = await send('lumen-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ok: true, reference: expect.any(String) });
    const again = await send('lumen-1');
    expect(again.body.reference).toBe(first.body.reference);
    expect((await send('lumen-2', readKey)).status).toBe(403);
    const log = await pollUntil(async () => {
      const res = await v1('GET', '/intake/items', readKey);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      const items = res.body.items as { companyName: string | null; dealId: string | null; channel: string; repeats: number }[];
      const item = items.find((i) => i.companyName === 'Lumen Grid');
      if (item && (item as { outcome?: string }).outcome !== 'received' && !item.dealId) throw new Error(JSON.stringify(item));
      return item?.dealId ? item : null;
    }, { timeoutMs: 150_000, intervalMs: 500, what: 'the API item to become a deal' });
    expect(log.channel).toBe('webhook');
    expect(log.repeats).toBe(1);
    expect((await v1('GET', `/deals/${log.dealId}`, readKey)).body.deal.startupName).toBe('Lumen Grid');
  }, 180_000);

  it('publishes its own OpenAPI document with only /api/v1/ operations and the bearer scheme', async () => {
    const doc = await server.request('GET', '/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/deals', '/api/v1/deals/{id}', '/api/v1/deals/{id}/status', '/api/v1/deals/{id}/assign', '/api/v1/deals/{id}/comments', '/api/v1/deals.csv', '/api/v1/intake/items', '/api/v1/members']));
    expect(paths.every((p) => p.startsWith('/api/v1/'))).toBe(true);
    expect(doc.body.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.body.paths['/api/v1/deals'].get.security).toEqual([{ apiKey: [] }]);
  });

  it('is a document a client generator can consume: OpenAPI 3.0.3, every operation named once, every $ref resolvable', async () => {
    const doc = (await server.request('GET', '/api/v1/openapi.json')).body;
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const operations = Object.entries(doc.paths as Record<string, Record<string, { operationId?: string; responses?: object }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, ...op })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const op of operations) {
      expect(op.operationId, op.at).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(Object.keys(op.responses ?? {}).length, op.at).toBeGreaterThan(0);
    }
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/v1/deals/{id}/comments'].post.operationId).toBe('postDealsByIdComments');
    // Every reference points inside the document at something that is there.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(target, ref).toBeTypeOf('object');
    }
    // Path parameters are declared where the path names them (a generator makes them arguments).
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean }[] }>>)) {
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
        for (const [method, op] of Object.entries(ops)) expect(op.parameters, `${method} ${path}`).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
      }
    }
  });
});
