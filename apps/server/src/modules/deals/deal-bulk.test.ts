import { dealDeclines, deals, dealStatusHistory, fundMembers } from '@fitscore/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund(name: string) {
  const vc = await signUp(server, 'vc', { name });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: `${name} Fund`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}

/** `n` deals of the fund in one statement, named `${prefix} 1…n`, of the sector given. */
async function newDeals(fundId: string, n: number, prefix: string, sector = 'SaaS') {
  const rows = await db()
    .insert(deals)
    .values(Array.from({ length: n }, (_, i) => ({ fundId, startupName: `${prefix} ${i + 1}`, sector, stage: 'Seed', geography: 'US', source: 'upload' as const })))
    .returning({ id: deals.id });
  return rows.map((r) => r.id);
}

const bulk = (token: string, body: unknown) => server.request('POST', '/api/vc/deals/bulk', { token, body });
const undo = (token: string, batchId: string) => server.request('POST', `/api/vc/deals/bulk/${batchId}/undo`, { token });
const statuses = async (ids: string[]) => {
  const rows = await db().select({ id: deals.id, status: deals.status, owner: deals.ownerUserId, tags: deals.tags }).from(deals).where(inArray(deals.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
};
const activityTexts = async (token: string, dealId: string) => {
  const res = await server.request('GET', `/api/vc/deals/${dealId}/activity`, { token });
  expect(res.status).toBe(200);
  return (res.body.activity as { text: string; note: string | null }[]).map((a) => `${a.text}${a.note ? ` (${a.note})` : ''}`);
};

describe('bulk actions on the pipeline (issue 31 point 3)', () => {
  it('moves every deal matching the filter (1,000) to Hot in one action, logs each, and one Undo restores them', async () => {
    const a = await newFund('Bulka');
    const fintech = await newDeals(a.fundId, 1000, 'Fin', 'Fintech');
    const others = await newDeals(a.fundId, 5, 'Saas');
    // Some were already Track: Undo gives them Track back, not 'new'.
    await server.request('POST', `/api/vc/deals/${fintech[0]}/status`, { token: a.token, body: { status: 'track' } });

    const res = await bulk(a.token, { selection: { filters: { sector: ['Fintech'] } }, action: { kind: 'status', status: 'hot' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ selected: 1000, changed: 1000 });
    const after = await statuses([...fintech, ...others]);
    expect(fintech.every((id) => after.get(id)!.status === 'hot')).toBe(true);
    expect(others.every((id) => after.get(id)!.status === 'new')).toBe(true);
    const list = await server.request('GET', '/api/vc/deals?status=hot&limit=1', { token: a.token });
    expect(list.body.counts).toMatchObject({ hot: 1000, track: 0 });
    // Each deal's activity says who moved it, from what.
    expect(await activityTexts(a.token, fintech[0]!)).toContain('Moved from Track to Hot');
    expect(await activityTexts(a.token, fintech[999]!)).toContain('Moved from New to Hot');

    const undone = await undo(a.token, res.body.batchId);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ ok: true, restored: 1000 });
    const back = await statuses(fintech);
    expect(back.get(fintech[0]!)!.status).toBe('track');
    expect(fintech.slice(1).every((id) => back.get(id)!.status === 'new')).toBe(true);
    expect(await activityTexts(a.token, fintech[0]!)).toContain('Moved from Hot to Track (Undo of a bulk change)');
    // One Undo per batch.
    expect((await undo(a.token, res.body.batchId)).status).toBe(409);
  }, 300_000);

  it('assigns, tags, declines with reasons and moves picked rows; each Undo puts back what each deal had', async () => {
    const a = await newFund('Picka');
    const mate = await signUp(server, 'vc', { name: 'Mara Mate' });
    await db().insert(fundMembers).values({ fundId: a.fundId, userId: mate.user.id, role: 'member' });
    const ids = await newDeals(a.fundId, 4, 'Pick');
    await server.request('POST', `/api/vc/deals/${ids[0]}/assign`, { token: a.token, body: { ownerId: a.userId } });

    const assigned = await bulk(a.token, { selection: { ids }, action: { kind: 'assign', ownerId: mate.user.id } });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ selected: 4, changed: 4 });
    expect([...(await statuses(ids)).values()].every((d) => d.owner === mate.user.id)).toBe(true);
    expect(await activityTexts(a.token, ids[1]!)).toContain('Assigned to Mara Mate');
    expect((await undo(a.token, assigned.body.batchId)).status).toBe(200);
    const owners = await statuses(ids);
    expect(owners.get(ids[0]!)!.owner).toBe(a.userId);
    expect(owners.get(ids[1]!)!.owner).toBeNull();

    await bulk(a.token, { selection: { ids: [ids[0]] }, action: { kind: 'tag', tag: 'Climate' } });
    const tagged = await bulk(a.token, { selection: { ids }, action: { kind: 'tag', tag: 'Climate' } });
    expect(tagged.body).toMatchObject({ selected: 4, changed: 3 });
    expect([...(await statuses(ids)).values()].every((d) => d.tags.includes('Climate'))).toBe(true);
    expect((await activityTexts(a.token, ids[2]!)).some((t) => t.includes('Tagged Climate'))).toBe(true);
    await undo(a.token, tagged.body.batchId);
    const tags = await statuses(ids);
    expect(tags.get(ids[0]!)!.tags).toContain('Climate');
    expect(tags.get(ids[1]!)!.tags).not.toContain('Climate');

    const declined = await bulk(a.token, { selection: { ids: ids.slice(0, 2) }, action: { kind: 'decline', reasons: ['Outside our thesis'], note: 'internal' } });
    expect(declined.status).toBe(200);
    const reasons = await db().select().from(dealDeclines).where(inArray(dealDeclines.dealId, ids));
    expect(reasons.map((r) => r.reasons)).toEqual([['Outside our thesis'], ['Outside our thesis']]);
    expect([...(await statuses(ids.slice(0, 2))).values()].every((d) => d.status === 'cold')).toBe(true);
    await undo(a.token, declined.body.batchId);
    expect(await db().select().from(dealDeclines).where(inArray(dealDeclines.dealId, ids))).toEqual([]);

    const stages = (await server.request('GET', '/api/vc/stages', { token: a.token })).body.stages as { id: string; name: string; triage: string }[];
    const track = stages.find((s) => s.triage === 'track')!;
    const moved = await bulk(a.token, { selection: { ids }, action: { kind: 'stage', stageId: track.id } });
    expect(moved.status).toBe(200);
    const placed = await db().select({ stage: deals.pipelineStageId, status: deals.status }).from(deals).where(inArray(deals.id, ids));
    expect(placed.every((d) => d.stage === track.id && d.status === 'track')).toBe(true);
    const cold = stages.find((s) => s.triage === 'cold')!;
    const refused = await bulk(a.token, { selection: { ids }, action: { kind: 'stage', stageId: cold.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/Give at least one reason/);
  });

  it("refuses another fund's deals, another member's Undo, a bad body and no session", async () => {
    const a = await newFund('Ownera');
    const b = await newFund('Ownerb');
    const theirs = await newDeals(b.fundId, 2, 'Theirs');
    const foreign = await bulk(a.token, { selection: { ids: theirs }, action: { kind: 'status', status: 'hot' } });
    expect(foreign.status).toBe(404);
    expect([...(await statuses(theirs)).values()].every((d) => d.status === 'new')).toBe(true);

    const mine = await newDeals(a.fundId, 2, 'Mine');
    const mate = await signUp(server, 'vc', { name: 'Otto Other' });
    await db().insert(fundMembers).values({ fundId: a.fundId, userId: mate.user.id, role: 'member' });
    const done = await bulk(a.token, { selection: { ids: mine }, action: { kind: 'status', status: 'cold' } });
    expect((await undo(mate.token, done.body.batchId)).status).toBe(403);
    expect((await undo(b.token, done.body.batchId)).status).toBe(404);
    // Not a member of the fund: the owner is refused before anything changes.
    expect((await bulk(a.token, { selection: { ids: mine }, action: { kind: 'assign', ownerId: b.userId } })).status).toBe(400);

    expect((await bulk(a.token, { selection: { ids: [] }, action: { kind: 'status', status: 'hot' } })).status).toBe(400);
    expect((await bulk(a.token, { selection: { ids: mine }, action: { kind: 'archive' } })).status).toBe(400);
    expect((await bulk(a.token, { selection: { ids: mine }, action: { kind: 'tag', tag: '' } })).status).toBe(400);
    expect((await server.request('POST', '/api/vc/deals/bulk', { body: {} })).status).toBe(401);
    expect((await server.request('POST', `/api/vc/deals/bulk/${done.body.batchId}/undo`)).status).toBe(401);
    const history = await db().select().from(dealStatusHistory).where(and(inArray(dealStatusHistory.dealId, mine), eq(dealStatusHistory.toStatus, 'cold')));
    expect(history).toHaveLength(2);
  });

  it('exports the selection as CSV: picked rows only, or the filter without its exceptions', async () => {
    const a = await newFund('Csva');
    await db().execute(sql`update funds set plan = 'pro' where id = ${a.fundId}`);
    const ids = await newDeals(a.fundId, 3, 'Row');
    const picked = await server.request('POST', '/api/vc/deals/bulk/export.csv', { token: a.token, body: { selection: { ids: [ids[0], ids[2]] } } });
    expect(picked.status).toBe(200);
    const names = (text: string) => text.split('\n').slice(1).filter(Boolean).map((line) => line.split(',')[1]).sort();
    expect(names(picked.body as string)).toEqual(['Row 1', 'Row 3']);
    const filtered = await server.request('POST', '/api/vc/deals/bulk/export.csv', { token: a.token, body: { selection: { filters: { q: 'Row' }, except: [ids[1]] } } });
    expect(names(filtered.body as string)).toEqual(['Row 1', 'Row 3']);
  });
});
