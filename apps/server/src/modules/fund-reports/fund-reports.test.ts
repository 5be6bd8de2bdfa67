import { deals, dealScores, fundMembers } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;
const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const ago = (days: number) => new Date(Date.now() - days * DAY);
const mondayOf = (d: Date) => isoDay(new Date(Date.parse(isoDay(d)) - ((d.getUTCDay() + 6) % 7) * DAY));

async function newFund(name: string) {
  const vc = await signUp(server, 'vc', { name: `${name} Partner` });
  const res = await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: { fund_name: name, sectors: ['SaaS'], stages: ['Seed'] } });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}

type Source = 'upload' | 'form' | 'email' | 'webhook' | 'platform';
/** A deal received `daysAgo` days ago (backdated; the moves below happen now), with a FitScore when given. */
async function dealReceived(fundId: string, daysAgo: number, source: Source, fitScore: number | null, sector = 'SaaS') {
  const [deal] = await db().insert(deals).values({ fundId, startupName: `${source} ${daysAgo}d`, sector, source }).returning({ id: deals.id });
  const id = deal!.id;
  await db().update(deals).set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` }).where(eq(deals.id, id));
  if (fitScore !== null)
    await db().insert(dealScores).values({ dealId: id, fundId, fitScore }).onConflictDoUpdate({ target: dealScores.dealId, set: { fitScore } });
  return id;
}

const ok = async (res: Promise<{ status: number; body: unknown }>) => expect((await res).status).toBe(200);
const setStatus = (token: string, id: string, status: string) =>
  ok(server.request('POST', `/api/vc/deals/${id}/status`, { token, body: { status, note: '' } }));
const toStage = (token: string, id: string, stageId: string) =>
  ok(server.request('POST', `/api/vc/deals/${id}/stage`, { token, body: { stageId, note: '' } }));
const review = (token: string, id: string) => ok(server.request('POST', `/api/vc/deals/${id}/mark-reviewed`, { token }));
const assign = (token: string, id: string, memberId: string) =>
  ok(server.request('POST', `/api/vc/deals/${id}/assign`, { token, body: { memberId } }));
const report = (token: string, query = '') => server.request('GET', `/api/vc/reports${query}`, { token });

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

describe('GET /api/vc/reports', () => {
  it("computes each chart's figures from the fund's deals, their status history and stage moves", async () => {
    const fund = await newFund('Reporting');
    const stages = (await server.request('GET', '/api/vc/stages', { token: fund.token })).body.stages as { id: string; name: string }[];
    const stage = (name: string) => stages.find((s) => s.name === name)!.id;

    const d1 = await dealReceived(fund.fundId, 2, 'form', 85);
    const d2 = await dealReceived(fund.fundId, 3, 'email', 72);
    const d3 = await dealReceived(fund.fundId, 10, 'email', 40);
    const d4 = await dealReceived(fund.fundId, 10, 'webhook', 55, 'Fintech');
    await dealReceived(fund.fundId, 20, 'upload', null);
    const d6 = await dealReceived(fund.fundId, 20, 'form', 15);
    await dealReceived(fund.fundId, 60, 'form', 90); // before the period

    await toStage(fund.token, d1, stage('Partner meeting'));
    await review(fund.token, d1);
    await setStatus(fund.token, d2, 'track');
    await setStatus(fund.token, d2, 'hot'); // Partner meeting (Hot's first stage) …
    await setStatus(fund.token, d2, 'cold'); // … then passed: it still reached it
    await setStatus(fund.token, d3, 'track');
    await review(fund.token, d3);
    await toStage(fund.token, d4, stage('First call')); // a move within Track (not Track's first stage) …
    await setStatus(fund.token, d4, 'cold'); // … then passed: the stage it went through still counts
    await setStatus(fund.token, d6, 'cold');
    await assign(fund.token, d1, fund.userId);
    await assign(fund.token, d3, fund.userId);

    const from = isoDay(ago(27));
    const to = isoDay(ago(0));
    const res = await report(fund.token, `?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.period).toEqual({ from, to });

    // Per week by channel: every week of the period, each deal in the week it arrived.
    const expectedWeeks = new Map<string, Record<string, number>>();
    for (const [days, source] of [[2, 'form'], [3, 'email'], [10, 'email'], [10, 'webhook'], [20, 'upload'], [20, 'form']] as const) {
      const w = mondayOf(ago(days));
      const row = expectedWeeks.get(w) ?? {};
      row[source] = (row[source] ?? 0) + 1;
      expectedWeeks.set(w, row);
    }
    expect(r.weekly[0].start).toBe(mondayOf(ago(27)));
    expect(r.weekly.at(-1).start).toBe(mondayOf(ago(0)));
    for (const w of r.weekly) {
      const want = expectedWeeks.get(w.start) ?? {};
      expect(w.bySource).toEqual({ upload: 0, form: 0, email: 0, webhook: 0, platform: 0, import: 0, ...want });
      expect(w.total).toBe(Object.values(want).reduce((a, b) => a + b, 0));
    }
    expect(r.weekly.reduce((n: number, w: { total: number }) => n + w.total, 0)).toBe(6);

    // The funnel: stages in the fund's order (Passed is an exit), conversion from the stage before.
    const funnel = Object.fromEntries(r.funnel.stages.map((s: { name: string; reached: number; conversion: number | null }) => [s.name, [s.reached, s.conversion]]));
    expect(funnel).toEqual({
      New: [6, null],
      Screening: [4, 4 / 6],
      'First call': [3, 3 / 4],
      'Partner meeting': [2, 2 / 3],
      Diligence: [0, 0],
      IC: [0, null],
      'Term sheet': [0, null],
      Invested: [0, null],
    });
    expect(r.funnel.passed).toBe(3);

    // Medians: decision = first move out of New (2, 3, 10, 10, 20 days); first review (2, 10 days).
    expect(r.timing.firstReview).toEqual({ medianDays: 6, count: 2 });
    expect(r.timing.decision).toEqual({ medianDays: 10, count: 5 });
    const byMonth = new Map<string, { reviews: number[]; decisions: number[] }>();
    for (const [days, reviewed, decided] of [[2, true, true], [3, false, true], [10, true, true], [10, false, true], [20, false, false], [20, false, true]] as const) {
      const m = isoDay(ago(days)).slice(0, 7);
      const e = byMonth.get(m) ?? { reviews: [], decisions: [] };
      if (reviewed) e.reviews.push(days);
      if (decided) e.decisions.push(days);
      byMonth.set(m, e);
    }
    expect(r.timing.months.map((m: { month: string }) => m.month)).toEqual(
      [...new Set([27, 20, 10, 3, 2, 0].map((d) => isoDay(ago(d)).slice(0, 7)))],
    );
    for (const m of r.timing.months) {
      const e = byMonth.get(m.month) ?? { reviews: [], decisions: [] };
      expect(m.firstReview).toEqual({ medianDays: median(e.reviews), count: e.reviews.length });
      expect(m.decision).toEqual({ medianDays: median(e.decisions), count: e.decisions.length });
    }

    // FitScores of what arrived against what reached a partner meeting.
    expect(r.scores.stage).toBe('Partner meeting');
    expect(r.scores.unscored).toBe(1);
    const bands = Object.fromEntries(r.scores.bands.filter((b: { arrived: number }) => b.arrived).map((b: { from: number; arrived: number; reached: number }) => [b.from, [b.arrived, b.reached]]));
    expect(bands).toEqual({ 10: [1, 0], 40: [1, 0], 50: [1, 0], 70: [1, 1], 80: [1, 1] });
    expect(r.scores.bands).toHaveLength(10);
    expect(r.scores.bands.at(-1)).toMatchObject({ from: 90, to: 100 });

    // Each channel's share past screening (a later stage than Screening).
    expect(r.channels.screening).toBe('Screening');
    expect(r.channels.rows).toEqual([
      { source: 'upload', received: 1, pastScreening: 0, share: 0 },
      { source: 'form', received: 2, pastScreening: 1, share: 0.5 },
      { source: 'email', received: 2, pastScreening: 1, share: 0.5 },
      { source: 'webhook', received: 1, pastScreening: 1, share: 1 },
      { source: 'platform', received: 0, pastScreening: 0, share: null },
      { source: 'import', received: 0, pastScreening: 0, share: null },
    ]);
    expect(r.options.sectors).toEqual(['Fintech', 'SaaS']);
    expect(r.options.owners).toEqual([{ id: fund.userId, name: 'Reporting Partner' }]);

    // Filters change the figures: one owner's deals, one sector's.
    const mine = (await report(fund.token, `?from=${from}&to=${to}&owner=${fund.userId}`)).body;
    expect(mine.funnel.stages[0].reached).toBe(2);
    expect(mine.timing.decision).toEqual({ medianDays: 6, count: 2 });
    const fintech = (await report(fund.token, `?from=${from}&to=${to}&sector=Fintech`)).body;
    expect(fintech.channels.rows.filter((c: { received: number }) => c.received)).toEqual([{ source: 'webhook', received: 1, pastScreening: 1, share: 1 }]);
    // A longer period takes in the older deal.
    const longer = (await report(fund.token, `?from=${isoDay(ago(70))}&to=${to}`)).body;
    expect(longer.funnel.stages[0].reached).toBe(7);
    // The default period: the last 12 weeks, today included.
    const byDefault = (await report(fund.token)).body;
    expect(byDefault.period).toEqual({ from: isoDay(ago(83)), to });
    expect(byDefault.funnel.stages[0].reached).toBe(7);

    // Another fund sees only its own.
    const other = await newFund('Elsewhere');
    const theirs = (await report(other.token)).body;
    expect(theirs.funnel.stages[0].reached).toBe(0);
    expect(theirs.timing.decision).toEqual({ medianDays: null, count: 0 });
  });

  it('is for the members and admins of a fund; a bad period is a 400 after the access check', async () => {
    const fund = await newFund('Guarded');
    const member = await signUp(server, 'vc');
    await db().insert(fundMembers).values({ fundId: fund.fundId, userId: member.user.id, role: 'member' });
    await dealReceived(fund.fundId, 1, 'email', 60);
    const seen = await report(member.token);
    expect(seen.status).toBe(200);
    expect(seen.body.funnel.stages[0].reached).toBe(1);

    expect((await server.request('GET', '/api/vc/reports?from=nope')).status).toBe(401);
    const founder = await signUp(server, 'founder');
    expect((await report(founder.token, '?from=nope')).status).toBe(403);
    for (const q of ['?from=nope', '?from=2026-02-30', '?from=2026-05-02&to=2026-05-01', '?from=2020-01-01&to=2026-01-01', '?owner=someone', `?to=${isoDay(ago(800))}&from=${isoDay(ago(2000))}`]) {
      const bad = await report(fund.token, q);
      expect([q, bad.status]).toEqual([q, 400]);
      expect(typeof bad.body.error).toBe('string');
    }
    // Only `from`, far back: the default `to` (today) makes the period too long.
    expect((await report(fund.token, `?from=${isoDay(ago(900))}`)).status).toBe(400);

    const spec = await server.request('GET', '/openapi.json');
    expect(spec.body.paths['/api/vc/reports'].get.responses['200']).toBeDefined();
  });
});
