import { DEFAULT_FUND_STAGES, type FundStage } from '@fitscore/contracts';
import { dealDeclines, deals, fundMembers } from '@fitscore/db';
import { eq } from 'drizzle-orm';
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
    body: {
      fund_name: `${name} Fund`,
      website: '',
      sectors: ['SaaS', 'Fintech'],
      stages: ['Seed'],
      geography: ['US'],
      ticket_size_min: null,
      ticket_size_max: null,
    },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}

async function newDeal(fundId: string, name: string, sector = 'SaaS') {
  const [deal] = await db()
    .insert(deals)
    .values({ fundId, startupName: name, sector, stage: 'Seed', geography: 'US', source: 'upload' })
    .returning();
  return deal!.id;
}

const stagesOf = async (token: string) => {
  const res = await server.request('GET', '/api/vc/stages', { token });
  expect(res.status).toBe(200);
  return res.body.stages as FundStage[];
};
const named = (stages: FundStage[], name: string) => stages.find((s) => s.name === name)!;
const move = (token: string, dealId: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/vc/deals/${dealId}/stage`, { token, body });
type Column = {
  stage: FundStage;
  count: number;
  deals: { id: string; startupName: string }[];
  nextCursor: string | null;
};
const board = async (token: string, query = '') => {
  const res = await server.request('GET', `/api/vc/deals/board${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.columns as Column[];
};

describe("the fund's own stages and the board (issue 31 point 1)", () => {
  it('gives a new fund the default stages, each mapped to the triage', async () => {
    const a = await newFund('Ada');
    const stages = await stagesOf(a.token);
    expect(stages.map((s) => [s.name, s.triage])).toEqual(DEFAULT_FUND_STAGES.map((s) => [s.name, s.triage]));
    // Read again: the same stages, not a second set.
    expect((await stagesOf(a.token)).map((s) => s.id)).toEqual(stages.map((s) => s.id));
  });

  it('answers 401 without a session and 403 to a member who edits', async () => {
    expect((await server.request('GET', '/api/vc/stages')).status).toBe(401);
    expect((await server.request('PUT', '/api/vc/stages', { body: { stages: [] } })).status).toBe(401);
    expect(
      (await server.request('POST', '/api/vc/deals/00000000-0000-4000-8000-000000000000/stage', { body: {} })).status,
    ).toBe(401);
    expect((await server.request('GET', '/api/vc/deals/board')).status).toBe(401);
    const a = await newFund('Ana');
    const member = await signUp(server, 'vc', { name: 'Milo Member' });
    await db().insert(fundMembers).values({ fundId: a.fundId, userId: member.user.id, role: 'member' });
    const stages = await stagesOf(member.token);
    expect(stages).toHaveLength(DEFAULT_FUND_STAGES.length);
    // Refused before the body is read: even an invalid body is a 403.
    const res = await server.request('PUT', '/api/vc/stages', { token: member.token, body: { nonsense: true } });
    expect(res.status).toBe(403);
  });

  it('lets an admin rename, reorder, add and remove stages, asking where a removed stage’s deals go', async () => {
    const a = await newFund('Ari');
    const stages = await stagesOf(a.token);
    const dealId = await newDeal(a.fundId, 'Orbit');
    expect((await move(a.token, dealId, { stageId: named(stages, 'First call').id })).status).toBe(200);
    const body = (list: FundStage[]) => list.map((s) => ({ id: s.id, name: s.name, triage: s.triage }));
    const without = stages.filter((s) => s.name !== 'First call');
    const renamed = body(without).map((s) => (s.name === 'Screening' ? { ...s, name: 'Intro call' } : s));
    const next = [...renamed.slice(0, 2), { name: 'Reference checks', triage: 'hot' as const }, ...renamed.slice(2)];
    const refused = await server.request('PUT', '/api/vc/stages', { token: a.token, body: { stages: next } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('First call holds 1 deals: choose the stage they go to');
    const wrongTriage = await server.request('PUT', '/api/vc/stages', {
      token: a.token,
      body: { stages: next, moves: { [named(stages, 'First call').id]: named(stages, 'IC').id } },
    });
    expect(wrongTriage.status).toBe(400);
    const saved = await server.request('PUT', '/api/vc/stages', {
      token: a.token,
      body: { stages: next, moves: { [named(stages, 'First call').id]: named(stages, 'Screening').id } },
    });
    expect(saved.status).toBe(200);
    const after = await stagesOf(a.token);
    expect(after.map((s) => s.name)).toEqual([
      'New',
      'Intro call',
      'Reference checks',
      'Partner meeting',
      'Diligence',
      'IC',
      'Term sheet',
      'Invested',
      'Passed',
    ]);
    const [row] = await db().select().from(deals).where(eq(deals.id, dealId));
    expect(row!.pipelineStageId).toBe(named(after, 'Intro call').id);
    // Every triage keeps a stage.
    const noCold = await server.request('PUT', '/api/vc/stages', {
      token: a.token,
      body: { stages: body(after).filter((s) => s.triage !== 'cold') },
    });
    expect(noCold.status).toBe(400);
    expect(noCold.body.error).toContain('Keep a stage for Cold');
  });

  it('moves a deal: its triage follows the stage, the move is in its activity, and Hot/Track/Cold keeps or resets the stage', async () => {
    const a = await newFund('Bea');
    const stages = await stagesOf(a.token);
    const dealId = await newDeal(a.fundId, 'Lumen');
    const res = await move(a.token, dealId, { stageId: named(stages, 'Diligence').id });
    expect(res.status).toBe(200);
    expect(res.body.deal).toMatchObject({ status: 'hot', pipelineStageId: named(stages, 'Diligence').id });
    const activity = await server.request('GET', `/api/vc/deals/${dealId}/activity`, { token: a.token });
    expect(activity.body.activity.map((e: { text: string }) => e.text)).toContain('Moved from New to Hot');
    // Hot again from the row buttons: still in Diligence. Track: the first Track stage.
    await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: a.token, body: { status: 'hot' } });
    expect((await board(a.token)).find((c) => c.stage.name === 'Diligence')!.deals.map((d) => d.id)).toEqual([dealId]);
    const tracked = await server.request('POST', `/api/vc/deals/${dealId}/status`, {
      token: a.token,
      body: { status: 'track' },
    });
    expect(tracked.body.deal.pipelineStageId).toBeNull();
    const columns = await board(a.token);
    expect(columns.find((c) => c.stage.name === 'Screening')!.deals.map((d) => d.id)).toEqual([dealId]);
    expect(columns.find((c) => c.stage.name === 'Diligence')!.count).toBe(0);
  });

  it('needs the decline reasons to move a deal to Passed, as the Cold dialog does', async () => {
    const a = await newFund('Cy');
    const passed = named(await stagesOf(a.token), 'Passed');
    const dealId = await newDeal(a.fundId, 'Nimbus');
    const refused = await move(a.token, dealId, { stageId: passed.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Give at least one reason: moving to Passed declines the deal');
    expect((await db().select().from(deals).where(eq(deals.id, dealId)))[0]!.status).toBe('new');
    const ok = await move(a.token, dealId, { stageId: passed.id, reasons: ['Outside our thesis'], note: 'too early' });
    expect(ok.status).toBe(200);
    expect(ok.body.deal).toMatchObject({ status: 'cold', pipelineStageId: passed.id });
    const [decline] = await db().select().from(dealDeclines).where(eq(dealDeclines.dealId, dealId));
    expect(decline!.reasons).toEqual(['Outside our thesis']);
  });

  it('answers 404 for another fund’s deal or stage', async () => {
    const a = await newFund('Dee');
    const b = await newFund('Eve');
    const theirs = await newDeal(b.fundId, 'Theirs');
    const mine = await newDeal(a.fundId, 'Mine');
    const aStage = named(await stagesOf(a.token), 'IC');
    const bStage = named(await stagesOf(b.token), 'IC');
    expect((await move(a.token, theirs, { stageId: aStage.id })).status).toBe(404);
    expect((await move(a.token, mine, { stageId: bStage.id })).status).toBe(404);
    const res = await server.request('PUT', '/api/vc/stages', {
      token: a.token,
      body: { stages: [{ id: bStage.id, name: 'X', triage: 'hot' }] },
    });
    expect(res.status).toBe(404);
  });

  it('applies the table’s filters and search to the board, with a count and a cursor per column', async () => {
    const a = await newFund('Fay');
    const stages = await stagesOf(a.token);
    const fintech = await newDeal(a.fundId, 'Ledgerly', 'Fintech');
    await newDeal(a.fundId, 'Cloudly', 'SaaS');
    for (let i = 0; i < 32; i += 1) await newDeal(a.fundId, `Bulk ${i}`, 'SaaS');
    await move(a.token, fintech, { stageId: named(stages, 'IC').id });
    const all = await board(a.token);
    expect(all.map((c) => c.stage.name)).toEqual(DEFAULT_FUND_STAGES.map((s) => s.name));
    const newColumn = all.find((c) => c.stage.name === 'New')!;
    expect(newColumn.count).toBe(33);
    expect(newColumn.deals).toHaveLength(30);
    expect(newColumn.nextCursor).not.toBeNull();
    // The rest of a column: the list narrowed to the stage, from the column's cursor.
    const rest = await server.request(
      'GET',
      `/api/vc/deals?pipelineStage=${newColumn.stage.id}&cursor=${encodeURIComponent(newColumn.nextCursor!)}&limit=30`,
      { token: a.token },
    );
    expect(rest.status).toBe(200);
    expect(rest.body.deals).toHaveLength(3);
    const bySector = await board(a.token, '?sector=Fintech');
    expect(
      bySector.filter((c) => c.count > 0).map((c) => [c.stage.name, c.count, c.deals.map((d) => d.startupName)]),
    ).toEqual([['IC', 1, ['Ledgerly']]]);
    const bySearch = await board(a.token, '?q=cloudly');
    expect(bySearch.filter((c) => c.count > 0).map((c) => [c.stage.name, c.deals.map((d) => d.startupName)])).toEqual([
      ['New', ['Cloudly']],
    ]);
    const listed = await server.request('GET', `/api/vc/deals?pipelineStage=${named(stages, 'IC').id}`, {
      token: a.token,
    });
    expect(listed.body.deals.map((d: { id: string }) => d.id)).toEqual([fintech]);
  });
});
