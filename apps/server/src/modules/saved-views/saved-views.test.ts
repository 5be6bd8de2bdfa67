import { fundMembers } from '@fitscore/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function newFund(name: string) {
  const vc = await signUp(server, 'vc', { name });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: `${name} Fund`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}
async function member(fundId: string, name: string) {
  const m = await signUp(server, 'vc', { name });
  await server.database.handle.db.insert(fundMembers).values({ fundId, userId: m.user.id, role: 'member' });
  return { token: m.token, userId: m.user.id as string };
}
const list = async (token: string) => {
  const res = await server.request('GET', '/api/vc/views', { token });
  expect(res.status).toBe(200);
  return res.body as { views: { id: string; name: string; shared: boolean; mine: boolean; builtIn: boolean; state: Record<string, unknown> }[]; defaultViewId: string | null };
};

describe('saved pipeline views (issue 31 point 2)', () => {
  it("gives every member 'My deals', keeps a private view to its author and shows a shared one to the fund", async () => {
    const a = await newFund('Vera');
    const mate = await member(a.fundId, 'Milo');
    const mine = await list(a.token);
    expect(mine.views).toEqual([expect.objectContaining({ id: 'my-deals', name: 'My deals', builtIn: true, state: expect.objectContaining({ owner: a.userId }) })]);
    expect(mine.defaultViewId).toBeNull();

    const state = { tab: 'hot', q: 'robot', sector: 'Fintech', sort: '-fitScore', columns: ['date', 'fitScore'], layout: 'board' };
    const created = await server.request('POST', '/api/vc/views', { token: a.token, body: { name: 'Hot fintech', state } });
    expect(created.status).toBe(201);
    const id = created.body.view.id as string;
    expect(created.body.view).toMatchObject({ name: 'Hot fintech', shared: false, mine: true, state: { ...state, owner: '', stage: '' } });
    expect((await list(mate.token)).views.map((v) => v.name)).toEqual(['My deals']);
    // Someone else's private view is not found, not even as a default.
    expect((await server.request('PUT', '/api/vc/views/default', { token: mate.token, body: { viewId: id } })).status).toBe(404);

    expect((await server.request('PATCH', `/api/vc/views/${id}`, { token: a.token, body: { shared: true } })).status).toBe(200);
    const seen = await list(mate.token);
    expect(seen.views.find((v) => v.id === id)).toMatchObject({ shared: true, mine: false, state: { sector: 'Fintech', layout: 'board' } });
    // The fund sees it; only its author changes or deletes it.
    expect((await server.request('PATCH', `/api/vc/views/${id}`, { token: mate.token, body: { name: 'Mine now' } })).status).toBe(403);
    expect((await server.request('DELETE', `/api/vc/views/${id}`, { token: mate.token })).status).toBe(403);

    // Each member has their own default; unsharing drops it for the others.
    expect((await server.request('PUT', '/api/vc/views/default', { token: mate.token, body: { viewId: id } })).body).toEqual({ defaultViewId: id });
    expect((await server.request('PUT', '/api/vc/views/default', { token: a.token, body: { viewId: 'my-deals' } })).status).toBe(200);
    expect((await list(mate.token)).defaultViewId).toBe(id);
    expect((await list(a.token)).defaultViewId).toBe('my-deals');
    await server.request('PATCH', `/api/vc/views/${id}`, { token: a.token, body: { shared: false } });
    expect((await list(mate.token)).defaultViewId).toBeNull();

    await server.request('PUT', '/api/vc/views/default', { token: a.token, body: { viewId: id } });
    expect((await server.request('DELETE', `/api/vc/views/${id}`, { token: a.token })).status).toBe(200);
    expect(await list(a.token)).toMatchObject({ defaultViewId: null, views: [{ id: 'my-deals' }] });
  });

  it('refuses a duplicate name, a bad body, another fund and no session', async () => {
    const a = await newFund('Rita');
    const b = await newFund('Rolf');
    const body = { name: 'Seed SaaS', state: { stage: 'Seed' } };
    const first = await server.request('POST', '/api/vc/views', { token: a.token, body });
    expect(first.status).toBe(201);
    expect((await server.request('POST', '/api/vc/views', { token: a.token, body: { ...body, name: 'seed saas' } })).status).toBe(409);
    expect((await server.request('POST', '/api/vc/views', { token: a.token, body: { name: '', state: {} } })).status).toBe(400);
    expect((await server.request('POST', '/api/vc/views', { token: a.token, body: { name: 'x', state: { sort: 'random' } } })).status).toBe(400);
    expect((await server.request('PATCH', `/api/vc/views/${first.body.view.id}`, { token: b.token, body: { shared: true } })).status).toBe(404);
    expect((await server.request('GET', '/api/vc/views')).status).toBe(401);
    expect((await server.request('POST', '/api/vc/views', { body })).status).toBe(401);
    expect((await server.request('PUT', '/api/vc/views/default', { body: { viewId: null } })).status).toBe(401);
  });
});
