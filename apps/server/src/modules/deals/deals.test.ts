import { SUB_SCORE_KEYS, TRIAL_EXPORT_REFUSED, TRIAL_SCORING_REFUSED, type SubScoreKey } from '@fitscore/contracts';
import { deals, fitScores, funds } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { regionsOf } from '@fitscore/thesis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck, makeSolidDeck } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund(sectors = ['SaaS', 'Fintech']) {
  const vc = await signUp(server, 'vc');
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: 'Northwind', website: 'https://northwind.vc', sectors, stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id };
}

type Scores = Record<SubScoreKey, number>;
const even = (n: number): Scores => Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, n])) as Scores;

/**
 * Deals as they are once scored: a deal row and its stored analysis (sub-scores as columns).
 * Their FitScores come from the fund's weights through a weight save, as in the product.
 */
async function seed(fundId: string, rows: { name: string; sector?: string; stage?: string; geography?: string; scores?: Scores; confidence?: 'High' | 'Medium' | 'Low'; source?: 'upload' | 'email' }[]) {
  const ids: string[] = [];
  for (const r of rows) {
    const [deal] = await db()
      .insert(deals)
      .values({ fundId, startupName: r.name, sector: r.sector ?? 'SaaS', stage: r.stage ?? 'Seed', geography: r.geography ?? 'US', region: regionsOf(r.geography ?? 'US').regions[0] ?? '', source: r.source ?? 'upload', confidence: r.confidence ?? 'High' })
      .returning();
    ids.push(deal!.id);
    if (!r.scores) continue;
    const s = r.scores;
    const [score] = await db()
      .insert(fitScores)
      .values({
        dealId: deal!.id,
        deckVersion: 1,
        engineVersion: 'test',
        overall: 50,
        scoreTeam: s.team,
        scoreMarket: s.market,
        scoreProblemSolution: s.problemSolution,
        scoreTraction: s.traction,
        scoreProduct: s.product,
        scoreBusinessModel: s.businessModel,
        scoreFinancials: s.financials,
        scoreGtm: s.gtm,
        scoreRisks: s.risks,
        analysis: {},
        profile: {},
      })
      .returning();
    await db().update(deals).set({ scoreId: score!.id, scoredAt: new Date() }).where(eq(deals.id, deal!.id));
  }
  return ids;
}

const weights = (token: string, w: Partial<Scores>) =>
  server.request('PUT', '/vc/settings/weights/', { token, body: { ...even(5), ...w } });

const list = (token: string, query = '') => server.request('GET', `/api/vc/deals${query}`, { token });


function uploadForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  return form;
}

describe('access', () => {
  it("answers 404 for another fund's deal and for unknown ids, 403 for founders", async () => {
    const a = await newFund();
    const b = await newFund();
    const [foreign, unscored] = await seed(b.fundId, [{ name: 'Foreign Co', scores: even(8) }, { name: 'Foreign Two' }]);
    await weights(b.token, {});
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [foreign, unscored, unknown]) {
      expect((await server.request('GET', `/api/vc/deals/${id}`, { token: a.token })).status).toBe(404);
      expect((await server.request('POST', `/api/vc/deals/${id}/mark-reviewed`, { token: a.token })).status).toBe(404);
      const st = await server.request('POST', `/api/vc/deals/${id}/status`, { token: a.token, body: { status: 'hot', note: '' } });
      expect(st.status).toBe(404);
      expect(st.body.error).toBe('Deal not found');
    }
    expect((await list(a.token)).body.deals).toEqual([]);
    expect((await server.request('GET', '/api/vc/latest-deal', { token: a.token })).body).toEqual({ deal: null });
    const csv = await server.request('GET', '/api/vc/deals/export.csv', { token: a.token });
    expect(csv.status).toBe(200);
    expect(csv.body).not.toContain('Foreign Co');
    // The deal is still untouched for its own fund.
    expect((await server.request('GET', `/api/vc/deals/${unscored}`, { token: b.token })).body.deal.status).toBe('new');
    expect((await server.request('GET', '/api/vc/latest-deal', { token: b.token })).body.deal.id).toBe(foreign);

    const founder = await signUp(server, 'founder');
    for (const [method, path] of [
      ['GET', '/api/vc/deals'],
      ['GET', '/api/vc/latest-deal'],
      ['GET', '/api/vc/notifications'],
      ['GET', `/api/vc/deals/${foreign}`],
      ['GET', '/api/vc/deals/export.csv'],
    ] as const) {
      expect((await server.request(method, path, { token: founder.token })).status).toBe(403);
    }
  });
});

describe('status, review, notifications', () => {
  it('moves a deal with history, refuses other statuses with 400, marks it reviewed', async () => {
    const f = await newFund();
    const [id] = await seed(f.fundId, [{ name: 'Acme' }]);
    const bad = await server.request('POST', `/api/vc/deals/${id}/status`, { token: f.token, body: { status: 'new', note: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
    const res = await server.request('POST', `/api/vc/deals/${id}/status`, { token: f.token, body: { status: 'track', note: 'Call in Q3' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, deal: { id, status: 'track', scoring: { state: 'queued' } } });
    await server.request('POST', `/api/vc/deals/${id}/status`, { token: f.token, body: { status: 'hot', note: '' } });
    // The same status again: nothing without a note, a history entry with one.
    expect((await server.request('POST', `/api/vc/deals/${id}/status`, { token: f.token, body: { status: 'hot', note: '' } })).status).toBe(200);
    const noted = await server.request('POST', `/api/vc/deals/${id}/status`, { token: f.token, body: { status: 'hot', note: 'Partner meeting booked' } });
    expect(noted.body).toMatchObject({ ok: true, deal: { id, status: 'hot' } });
    const detail = await server.request('GET', `/api/vc/deals/${id}`, { token: f.token });
    expect(detail.body.history.map((h: { from: string; to: string; note: string; by: { id: string } }) => [h.from, h.to, h.note, h.by.id])).toEqual([
      ['hot', 'hot', 'Partner meeting booked', f.userId],
      ['track', 'hot', '', f.userId],
      ['new', 'track', 'Call in Q3', f.userId],
    ]);
    const reviewed = await server.request('POST', `/api/vc/deals/${id}/mark-reviewed`, { token: f.token });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.deal.reviewedAt).toEqual(expect.any(String));
  });
});

describe('GET /api/vc/deals', () => {
  it('filters, searches, counts per status ignoring the tab, and sorts by FitScore under the fund weights', async () => {
    const f = await newFund();
    const ids = await seed(f.fundId, [
      { name: 'Alpha Robotics', sector: 'Robotics', scores: { ...even(5), team: 10 } },
      { name: 'Beta Pay', sector: 'Fintech', stage: 'Series A', geography: 'EU', scores: { ...even(5), traction: 10 }, confidence: 'Low' },
      { name: 'Gamma Cloud', sector: 'SaaS', scores: even(3), source: 'email' },
    ]);
    await server.request('POST', `/api/vc/deals/${ids[0]}/status`, { token: f.token, body: { status: 'hot', note: '' } });
    await weights(f.token, { team: 10, traction: 1 });
    let res = await list(f.token, '?sort=-fitScore');
    expect(res.body.deals.map((d: { startupName: string }) => d.startupName)).toEqual(['Alpha Robotics', 'Beta Pay', 'Gamma Cloud']);
    expect(res.body.counts).toEqual({ all: 3, hot: 1, track: 0, cold: 0 });
    expect(res.body.plan).toEqual({ name: 'trial', trialRemaining: 200, trialLimit: 200 });
    // Re-weighting re-ranks every deal of the fund at once.
    await weights(f.token, { team: 1, traction: 10 });
    res = await list(f.token, '?sort=-fitScore');
    expect(res.body.deals.map((d: { startupName: string }) => d.startupName)).toEqual(['Beta Pay', 'Alpha Robotics', 'Gamma Cloud']);
    expect(res.body.deals[2].fitScore).toBe(30);

    expect((await list(f.token, '?q=PAY')).body.deals.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect((await list(f.token, '?q=saa')).body.deals.map((d: { id: string }) => d.id)).toEqual([ids[2]]);
    expect((await list(f.token, '?q=100%25')).body.deals).toEqual([]);
    expect((await list(f.token, '?region=EUROPE')).body.deals.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    expect((await list(f.token, '?stage=Seed&sort=name')).body.deals.map((d: { id: string }) => d.id)).toEqual([ids[0], ids[2]]);
    expect((await list(f.token, '?confidence=Low')).body.deals).toHaveLength(1);
    expect((await list(f.token, '?source=email')).body.deals.map((d: { id: string }) => d.id)).toEqual([ids[2]]);
    res = await list(f.token, '?status=hot&sector=Robotics&sector=Fintech');
    expect(res.body.deals.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(res.body.counts).toEqual({ all: 2, hot: 1, track: 0, cold: 0 });
    expect((await list(f.token, '?status=open')).status).toBe(400);
    expect((await list(f.token, '?sort=size')).status).toBe(400);
    expect((await list(f.token, '?limit=101')).status).toBe(400);
  });

  it("counts each filter option among the fund's deals, per tab, and never another fund's", async () => {
    const f = await newFund();
    const other = await newFund();
    const ids = await seed(f.fundId, [
      { name: 'Alpha', sector: 'Robotics', geography: 'EU', confidence: 'Low' },
      { name: 'Beta', sector: 'Fintech', stage: 'Series A', source: 'email' },
      { name: 'Gamma', sector: 'Fintech' },
    ]);
    await seed(other.fundId, [{ name: 'Elsewhere', sector: 'Fintech' }]);
    await server.request('POST', `/api/vc/deals/${ids[1]}/status`, { token: f.token, body: { status: 'hot', note: '' } });
    await server.request('POST', `/api/vc/deals/${ids[2]}/assign`, { token: f.token, body: { ownerId: f.userId } });

    let res = await server.request('GET', '/api/vc/deals/facets', { token: f.token });
    expect(res.status).toBe(200);
    expect(res.body.facets).toEqual({
      sector: { Robotics: 1, Fintech: 2 },
      stage: { Seed: 2, 'Series A': 1 },
      region: { EUROPE: 1, US: 2 },
      confidence: { Low: 1, High: 2 },
      source: { upload: 2, email: 1 },
      owner: { '': 2, [f.userId]: 1 },
    });
    res = await server.request('GET', '/api/vc/deals/facets?status=hot', { token: f.token });
    expect(res.body.facets.sector).toEqual({ Fintech: 1 });
    expect(res.body.facets.source).toEqual({ email: 1 });
    expect((await server.request('GET', '/api/vc/deals/facets?status=open', { token: f.token })).status).toBe(400);
    const founder = await signUp(server, 'founder');
    expect((await server.request('GET', '/api/vc/deals/facets', { token: founder.token })).status).toBe(403);
  });

  it('tags strong matches at 70+ and pages by cursor without gaps or repeats while deals arrive', async () => {
    const f = await newFund();
    await seed(f.fundId, Array.from({ length: 23 }, (_, i) => ({ name: `Co ${String(i).padStart(2, '0')}`, scores: even((i % 10) + 1) })));
    await weights(f.token, {});
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof list>> = await list(f.token, `?sort=-fitScore&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.deals.map((d: { id: string }) => d.id));
      for (const d of res.body.deals) expect(d.tags.includes('Strong match')).toBe(d.fitScore >= 70);
      cursor = res.body.nextCursor;
      // New deals arrive between pages (unscored: they sort last by FitScore, after what was read).
      if (pages++ === 1) await seed(f.fundId, [{ name: 'Late arrival' }]);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(24);
    const tampered = await list(f.token, `?sort=-fitScore&cursor=abc.def`);
    expect(tampered.status).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams the filtered rows with a BOM and neutralises formulas', async () => {
    const f = await newFund();
    const [, zoe] = await seed(f.fundId, [
      { name: '=HYPERLINK("http://x","y")', scores: even(7) },
      // Each sub-score its own value (the columns' order), and an arrival a millisecond before midnight UTC (the date's day).
      { name: 'Zoé Énergie', sector: 'Energy', scores: Object.fromEntries(SUB_SCORE_KEYS.map((k, i) => [k, i + 1])) as Scores },
    ]);
    await db().update(deals).set({ createdAt: new Date('2026-03-04T23:59:59.999Z') }).where(eq(deals.id, zoe!));
    await weights(f.token, {});
    const res = await fetch(`${server.url}/api/vc/deals/export.csv?sort=name`, { headers: { authorization: `Token ${f.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Date,Startup,Sector,Stage,Geography,FitScore,Confidence,Status,Source,Owner,.*,Website,Deal URL$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(lines[1]).toContain(',70,High,new,upload,,7,7,7,7,7,7,7,7,7,');
    expect(lines[2]).toMatch(/^2026-03-04,Zoé Énergie,Energy,Seed,US,\d+,High,new,upload,,1,2,3,4,5,6,7,8,9,,http:\/\/[^,]+\/vc\/deal\/[0-9a-f-]{36}$/);
    const filtered = await server.request('GET', '/api/vc/deals/export.csv?sector=Energy', { token: f.token });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });
});

describe('trial', () => {
  it('refuses new scoring and CSV export at 0 with the spec messages', async () => {
    const f = await newFund();
    await db().update(funds).set({ trialScoresUsed: 200 }).where(eq(funds.id, f.fundId));
    expect((await list(f.token)).body.plan.trialRemaining).toBe(0);
    const csv = await server.request('GET', '/api/vc/deals/export.csv', { token: f.token });
    expect(csv.status).toBe(402);
    expect(csv.body.error).toBe(TRIAL_EXPORT_REFUSED);
    const deck = await makePdfDeck([['Acme', 'We sell robots']]);
    const up = await server.request('POST', '/api/vc/deals/upload', { token: f.token, raw: uploadForm({ companyName: 'Acme' }, { bytes: deck, name: 'a.pdf' }) });
    expect(up.status).toBe(402);
    expect(up.body.error).toBe(TRIAL_SCORING_REFUSED);
  });

  it('two uploads at once on the last trial score: one passes, the other is refused (checked under the fund lock intake takes)', async () => {
    const f = await newFund();
    await db().update(funds).set({ trialScoresUsed: 199 }).where(eq(funds.id, f.fundId));
    const deck = await makePdfDeck([['Acme', 'We sell robots']]);
    const upload = (name: string) => server.request('POST', '/api/vc/deals/upload', { token: f.token, raw: uploadForm({ companyName: name }, { bytes: deck, name: 'a.pdf' }) });
    const both = await Promise.all([upload('First'), upload('Second')]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 402]);
    expect(both.find((r) => r.status === 402)!.body.error).toBe(TRIAL_SCORING_REFUSED);
    expect((await list(f.token)).body.deals).toHaveLength(1);
  });
});

describe('POST /api/vc/deals/upload', () => {
  it('refuses a missing name, a missing file and a file that is not a deck', async () => {
    const f = await newFund();
    const deck = await makePdfDeck([['Acme']]);
    let res = await server.request('POST', '/api/vc/deals/upload', { token: f.token, raw: uploadForm({ companyName: ' ' }, { bytes: deck, name: 'a.pdf' }) });
    expect([res.status, res.body.error]).toEqual([400, 'Company name is required']);
    res = await server.request('POST', '/api/vc/deals/upload', { token: f.token, raw: uploadForm({ companyName: 'Acme' }) });
    expect(res.status).toBe(400);
    res = await server.request('POST', '/api/vc/deals/upload', {
      token: f.token,
      raw: uploadForm({ companyName: 'Acme' }, { bytes: new TextEncoder().encode('hello, not a deck'), name: 'deck.pdf' }),
    });
    expect([res.status, res.body.error]).toEqual([415, 'Please upload a PDF or PowerPoint file']);
    // Fields longer than the form takes (its inputs stop at 200 characters) are refused, not stored.
    const random = (n: number) => Array.from({ length: n }, () => String.fromCharCode(0x4e00 + Math.floor(Math.random() * 20000))).join('');
    for (const [fields, error] of [
      [{ companyName: random(3000) }, 'Company name must be at most 200 characters'],
      [{ companyName: 'Acme', sector: random(3000) }, 'Sector must be at most 200 characters'],
      [{ companyName: 'Acme', stage: random(60) }, 'Stage must be at most 50 characters'],
      [{ companyName: 'Ac\u0000me' }, 'companyName must not contain a NUL character'],
    ] as const) {
      res = await server.request('POST', '/api/vc/deals/upload', { token: f.token, raw: uploadForm(fields, { bytes: deck, name: 'a.pdf' }) });
      expect([res.status, res.body.error]).toEqual([400, error]);
    }
    expect((await list(f.token)).body.counts.all).toBe(0);
  });

  it('scores a real deck end to end: 202 with the queued deal, then scored under the fund weights, one trial score used', async () => {
    const f = await newFund(['SaaS']);
    const res = await server.request('POST', '/api/vc/deals/upload', {
      token: f.token,
      raw: uploadForm({ companyName: 'Acme Robotics', stage: 'Seed', sector: 'SaaS' }, { bytes: await makeSolidDeck(), name: 'acme.pdf' }),
    });
    expect(res.status).toBe(202);
    expect(res.body.deal).toMatchObject({ startupName: 'Acme Robotics', fitScore: null, source: 'upload', status: 'new', thesisFit: { sector: true, stage: true } });
    expect(['queued', 'running']).toContain(res.body.deal.scoring.state);
    await settledDeal(server, f.token, res.body.deal.id);
    const done = await server.request('GET', `/api/vc/deals/${res.body.deal.id}`, { token: f.token });
    expect(done.body.deal.scoring).toEqual({ state: 'done' });
    expect(done.body.deal.fitScore).toEqual(expect.any(Number));
    expect(done.body.deal.tags).toEqual(expect.arrayContaining(['Revenue', 'Repeat founders', 'Thesis: sector ✓ stage ✓']));
    expect(done.body.analysis.fitScore).toBe(done.body.deal.fitScore);
    expect(done.body.analysis.subScores.traction.evidence.some((e: { page: number | null }) => typeof e.page === 'number')).toBe(true);
    // The deck it came from, with what its bytes are (the deck viewer words a drawn .pptx slide by it).
    expect(done.body.analysis.deck).toMatchObject({ version: 1, format: 'pdf' });
    // The 30-second brief the founder sees of the same analysis, at the top of the deal page.
    const brief = done.body.analysis.brief;
    expect(brief).toMatchObject({ company: 'Acme Robotics', overall: expect.any(Number) });
    expect(brief.strengths.length + brief.gaps.length).toBeGreaterThan(0);
    expect(brief.gaps.length).toBeLessThanOrEqual(3);
    expect((await server.request('GET', '/api/vc/latest-deal', { token: f.token })).body.deal.id).toBe(res.body.deal.id);
    expect((await list(f.token)).body.plan.trialRemaining).toBe(199);
  }, 120_000);

  it('takes what the form left empty from the deck (stage, sector, place), marked as read from the deck; what was typed stays', async () => {
    const f = await newFund(['Healthcare']);
    const deck = await makePdfDeck([
      ['Cognitii', 'AI copilots for clinical teams', 'Based in London, UK'],
      ['Traction', '12 hospitals pay us; healthcare buyers renew.'],
      ['The Ask', 'Raising a $3M seed round.'],
    ]);
    const res = await server.request('POST', '/api/vc/deals/upload', { token: f.token, raw: uploadForm({ companyName: 'Cognitii Health', sector: 'AI/ML' }, { bytes: deck, name: 'c.pdf' }) });
    expect(res.status).toBe(202);
    expect(res.body.deal).toMatchObject({ startupName: 'Cognitii Health', stage: 'Seed', sector: 'AI/ML', geography: 'London, UK', factsFromDeck: ['stage', 'geography'] });
  }, 60_000);
});
