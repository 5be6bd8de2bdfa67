import { SUB_SCORE_KEYS, type FundStage, type SubScoreKey } from '@fitscore/contracts';
import { auditEvents, deals, fitScores, fundMembers } from '@fitscore/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSolidDeck } from '../../../test/decks.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';
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
  const member = await signUp(server, 'vc', { name: `${name}'s partner` });
  await db().insert(fundMembers).values({ fundId: res.body.profile.id, userId: member.user.id, role: 'member' });
  return { admin: vc.token, member: member.token, memberId: member.user.id as string, adminId: vc.user.id as string, fundId: res.body.profile.id as string };
}

const stagesOf = async (token: string) => (await server.request('GET', '/api/vc/stages', { token })).body.stages as FundStage[];
const blindLook = (token: string, body: unknown) => server.request('PUT', '/api/vc/blind-look', { token, body });
/** Blind first look on for the fund's New, Screening (Track) and Partner meeting (Hot) stages. */
async function blindOn(token: string) {
  const stages = await stagesOf(token);
  const stageIds = ['New', 'Screening', 'Partner meeting'].map((n) => stages.find((s) => s.name === n)!.id);
  const res = await blindLook(token, { enabled: true, stageIds });
  expect(res.status).toBe(200);
  return stageIds;
}

function uploadForm(companyName: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('companyName', companyName);
  form.append('file', new Blob([bytes]), 'deck.pdf');
  return form;
}

/** A deal uploaded and scored by the engine (a real analysis: score, sub-scores, evidence, brief). */
async function scoredDeal(token: string, name: string) {
  const up = await server.request('POST', '/api/vc/deals/upload', { token, raw: uploadForm(name, await makeSolidDeck()) });
  expect(up.status).toBe(202);
  const deal = await settledDeal(server, token, up.body.deal.id);
  expect(deal.scoring.state).toBe('done');
  return deal.id as string;
}

const detail = (token: string, id: string) => server.request('GET', `/api/vc/deals/${id}`, { token });
const vote = (token: string, id: string, status: string) => server.request('POST', `/api/vc/deals/${id}/status`, { token, body: { status, note: '' } });
const comments = (token: string, id: string) => server.request('GET', `/api/vc/deals/${id}/comments`, { token });
const views = (token: string, id: string) => server.request('GET', `/api/vc/deals/${id}/views`, { token });
const rowOf = async (token: string, id: string, query = '') => {
  const res = await server.request('GET', `/api/vc/deals${query}`, { token });
  expect(res.status).toBe(200);
  return (res.body.deals as { id: string; fitScore: number | null; hidden?: boolean; tags: string[] }[]).find((d) => d.id === id);
};
const csvLine = async (token: string, name: string) => {
  const res = await server.request('GET', '/api/vc/deals/export.csv', { token });
  expect(res.status).toBe(200);
  return (res.body as string).split('\n').find((l) => l.includes(name))!;
};

describe("the fund's blind first look setting", () => {
  it('answers 401 without a session, 403 to a member who sets it, 400 for a stage not the fund\'s own', async () => {
    expect((await server.request('GET', '/api/vc/blind-look')).status).toBe(401);
    expect((await server.request('PUT', '/api/vc/blind-look', { body: {} })).status).toBe(401);
    expect((await server.request('GET', '/api/vc/deals/00000000-0000-4000-8000-000000000000/views')).status).toBe(401);
    const f = await newFund('Ines');
    const other = await newFund('Omar');
    const own = (await stagesOf(f.admin))[0]!.id;
    expect((await blindLook(f.member, { enabled: true, stageIds: [own] })).status).toBe(403);
    const foreign = (await stagesOf(other.admin))[0]!.id;
    const refused = await blindLook(f.admin, { enabled: true, stageIds: [foreign] });
    expect([refused.status, refused.body.error]).toEqual([400, 'Stage not found']);
    expect((await blindLook(f.admin, { enabled: 'yes', stageIds: [] })).status).toBe(400);
    const none = await blindLook(f.admin, { enabled: true, stageIds: [] });
    expect([none.status, none.body.error]).toEqual([400, 'Choose at least one stage for the blind first look']);
    // Off by default; saved, every member reads it; the change is in the audit log.
    expect((await server.request('GET', '/api/vc/blind-look', { token: f.member })).body).toEqual({ enabled: false, stageIds: [] });
    const saved = await blindLook(f.admin, { enabled: true, stageIds: [own] });
    expect(saved.body).toEqual({ enabled: true, stageIds: [own] });
    expect((await server.request('GET', '/api/vc/blind-look', { token: f.member })).body).toEqual({ enabled: true, stageIds: [own] });
    const audited = await db().select().from(auditEvents).where(and(eq(auditEvents.fundId, f.fundId), eq(auditEvents.action, 'settings.changed')));
    expect(audited.map((e) => e.target)).toContain('blind first look');
  });
});

describe('blind first look over HTTP (issue 31 point 7)', () => {
  it("hides the FitScore, analysis, comments and teammates' votes from a member until they record their own; then shows all", async () => {
    const f = await newFund('Nadia');
    const id = await scoredDeal(f.admin, 'Closebook');
    await blindOn(f.admin);

    // The admin is a member too: blind until their own vote.
    const adminBefore = await detail(f.admin, id);
    expect(adminBefore.body.deal).toMatchObject({ fitScore: null, confidence: null, hidden: true });
    expect(adminBefore.body.analysis).toBeNull();
    expect(await vote(f.admin, id, 'hot')).toMatchObject({ status: 200 });
    const adminAfter = await detail(f.admin, id);
    expect(adminAfter.body.analysis.fitScore).toEqual(expect.any(Number));
    expect(adminAfter.body.deal.hidden).toBeUndefined();
    const score = adminAfter.body.analysis.fitScore as number;
    expect((await server.request('POST', `/api/vc/deals/${id}/comments`, { token: f.admin, body: { body: 'Love the founder, strong MRR' } })).status).toBe(201);

    // The member has not voted: nothing of the score, the comments or the admin's vote is sent.
    const before = await detail(f.member, id);
    expect(before.status).toBe(200);
    expect(before.body.deal).toMatchObject({ fitScore: null, confidence: null, hidden: true });
    expect(before.body.analysis).toBeNull();
    expect(before.body.history).toEqual([]);
    // Nothing read from the deck's analysis (its evidence quotes the traction slide), but the deck to judge by.
    expect(JSON.stringify(before.body)).not.toContain('MRR');
    expect(before.body.deck).toMatchObject({ pages: 11, version: 1 });
    expect(await rowOf(f.member, id)).toMatchObject({ fitScore: null, hidden: true });
    expect((await rowOf(f.member, id))!.tags).not.toContain('Strong match');
    const board = await server.request('GET', '/api/vc/deals/board', { token: f.member });
    const onBoard = (board.body.columns as { deals: { id: string; fitScore: number | null; hidden?: boolean }[] }[]).flatMap((c) => c.deals).find((d) => d.id === id);
    expect(onBoard).toMatchObject({ fitScore: null, hidden: true });
    expect((await server.request('GET', '/api/vc/latest-deal', { token: f.member })).body.deal).toMatchObject({ id, fitScore: null, hidden: true });
    expect((await comments(f.member, id)).body).toEqual({ comments: [], hidden: true });
    expect((await views(f.member, id)).body).toEqual({ hidden: true, mine: null, views: [] });
    const activity = (await server.request('GET', `/api/vc/deals/${id}/activity`, { token: f.member })).body.activity as { kind: string }[];
    expect(activity.map((a) => a.kind)).toEqual(['received']);
    const reasons = await server.request('GET', `/api/vc/deals/${id}/decline-reasons`, { token: f.member });
    expect(JSON.stringify(reasons.body)).not.toMatch(/below our bar/);
    expect(await csvLine(f.member, 'Closebook')).toMatch(/^[\d-]+,Closebook,[^,]*,[^,]*,[^,]*,,,hot,upload,,,,,,,,,,,/);
    expect(await csvLine(f.admin, 'Closebook')).toContain(`,${score},`);

    // Track: the member's own view is recorded; now everything is there, the admin's Hot included.
    expect(await vote(f.member, id, 'track')).toMatchObject({ status: 200, body: { deal: { fitScore: score } } });
    const after = await detail(f.member, id);
    expect(after.body.analysis.fitScore).toBe(score);
    expect(after.body.history.length).toBe(2);
    expect((await rowOf(f.member, id))!.fitScore).toBe(score);
    expect((await comments(f.member, id)).body.comments.map((c: { body: string }) => c.body)).toEqual(['Love the founder, strong MRR']);
    const seen = (await views(f.member, id)).body;
    expect(seen).toMatchObject({ hidden: false, mine: 'track' });
    expect(seen.views.map((v: { member: { id: string }; vote: string }) => [v.member.id, v.vote])).toEqual([
      [f.adminId, 'hot'],
      [f.memberId, 'track'],
    ]);
    expect(await csvLine(f.member, 'Closebook')).toContain(`,${score},`);
  }, 300_000);

  it('leaves deals in other stages, funds with it off and other funds as they were', async () => {
    const f = await newFund('Pia');
    const id = await scoredDeal(f.admin, 'Stagehand');
    const other = await newFund('Quinn');
    const foreign = await scoredDeal(other.admin, 'Elsewhere');
    // Off: the member sees the score without voting.
    expect((await detail(f.member, id)).body.analysis.fitScore).toEqual(expect.any(Number));
    // On for the First call stage only: a New deal is not in it.
    const stages = await stagesOf(f.admin);
    await blindLook(f.admin, { enabled: true, stageIds: [stages.find((s) => s.name === 'First call')!.id] });
    expect((await detail(f.member, id)).body.analysis.fitScore).toEqual(expect.any(Number));
    // Switched off with its stages kept: visible.
    await blindOn(f.admin);
    expect((await detail(f.member, id)).body.analysis).toBeNull();
    await blindLook(f.admin, { enabled: false, stageIds: [] });
    expect((await detail(f.member, id)).body.analysis.fitScore).toEqual(expect.any(Number));
    // Another fund never blind: its member sees its deal.
    expect((await detail(other.member, foreign)).body.analysis.fitScore).toEqual(expect.any(Number));
  }, 300_000);
});

type Scores = Record<SubScoreKey, number>;
const even = (n: number): Scores => Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, n])) as Scores;

describe('the FitScore order under a blind first look', () => {
  it('sorts the deals a member may not see yet as unscored, and tells nothing by the order', async () => {
    const f = await newFund('Rosa');
    const ids: string[] = [];
    for (const [name, n] of [['Top', 9], ['Middle', 6], ['Bottom', 3]] as const) {
      const [deal] = await db().insert(deals).values({ fundId: f.fundId, startupName: name, sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload', confidence: 'High' }).returning();
      const s = even(n);
      const [score] = await db()
        .insert(fitScores)
        .values({ dealId: deal!.id, deckVersion: 1, engineVersion: 'test', overall: 50, scoreTeam: s.team, scoreMarket: s.market, scoreProblemSolution: s.problemSolution, scoreTraction: s.traction, scoreProduct: s.product, scoreBusinessModel: s.businessModel, scoreFinancials: s.financials, scoreGtm: s.gtm, scoreRisks: s.risks, analysis: {}, profile: {} })
        .returning();
      await db().update(deals).set({ scoreId: score!.id, scoredAt: new Date() }).where(eq(deals.id, deal!.id));
      ids.push(deal!.id);
    }
    // The fund's weights give each deal its FitScore.
    expect((await server.request('PUT', '/vc/settings/weights/', { token: f.admin, body: even(5) })).status).toBe(200);
    const order = async (sort: string) =>
      ((await server.request('GET', `/api/vc/deals?sort=${sort}&limit=2`, { token: f.member })).body.deals as { startupName: string }[]).map((d) => d.startupName);
    expect(await order('-fitScore')).toEqual(['Top', 'Middle']);
    await blindOn(f.admin);
    // None seen: all unscored to this member, in id order (not by score); the next page too.
    const page1 = await server.request('GET', '/api/vc/deals?sort=-fitScore&limit=2', { token: f.member });
    const page2 = await server.request('GET', `/api/vc/deals?sort=-fitScore&limit=2&cursor=${encodeURIComponent(page1.body.nextCursor)}`, { token: f.member });
    const all = [...page1.body.deals, ...page2.body.deals] as { id: string; fitScore: number | null }[];
    expect(all.map((d) => d.fitScore)).toEqual([null, null, null]);
    expect(all.map((d) => d.id)).toEqual([...ids].sort().reverse());
    // Voting on the bottom one: it alone shows its score, first in the order.
    await vote(f.member, ids[2]!, 'track');
    expect(await order('-fitScore')).toEqual(['Bottom', expect.any(String)]);
    // The admin, who has not voted, still sees none.
    const admin = await server.request('GET', '/api/vc/deals?sort=-fitScore', { token: f.admin });
    expect((admin.body.deals as { fitScore: number | null }[]).map((d) => d.fitScore)).toEqual([null, null, null]);
  });
});
