import { SUB_SCORE_KEYS, type SubScoreKey } from '@fitscore/contracts';
import { fitScores } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makePdfDeck, validProfile } from '../../../test/decks.ts';
import { applyForm, settledLog } from '../intake/intake-test-kit.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { setPlan } from '../../../test/plans.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;
type Scores = Record<SubScoreKey, number>;
const even = (n: number): Scores => Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, n])) as Scores;

interface FundInput {
  name: string;
  sectors?: string[];
  stages?: string[];
  geography?: string[];
  min?: number | null;
  max?: number | null;
}

async function newFund({ name, sectors = ['AI/ML'], stages = ['Seed'], geography = ['EUROPE'], min = null, max = null }: FundInput) {
  const vc = await signUp(server, 'vc', { name: `${name} Partner` });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: name, website: `https://${name.toLowerCase().replace(/\W/g, '')}.vc`, sectors, stages, geography, ticket_size_min: min, ticket_size_max: max },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id, email: vc.email };
}

/** A founder's finished analysis as the scoring job stores it (sub-scores as columns beside the JSON). */
async function giveScore(userId: string, s: Scores) {
  const analysis = {
    confidence: { level: 'High', evidence: 80 },
    facts: [{ kind: 'mrr' }],
    subScores: Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, { score: s[k], summary: `${k} summary`, evidence: [{ page: 2, quote: `${k} evidence` }] }])),
    strengths: [],
    insights: [],
    contradictions: [],
    deck: { pages: 8 },
  };
  await db()
    .insert(fitScores)
    .values({
      userId,
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
      analysis,
      profile: {},
    });
}

async function founder({ plan = 'premium', profile = {}, scores = even(7) as Scores | null }: { plan?: 'free' | 'premium'; profile?: Record<string, unknown>; scores?: Scores | null } = {}) {
  const user = await signUp(server, 'founder');
  expect((await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile(profile) })).status).toBe(200);
  if (plan === 'premium') await setPlan(server, { founder: user.email }, 'premium');
  if (scores) await giveScore(user.user.id, scores);
  return user;
}

const matches = (token: string) => server.request('GET', '/founder/matches/', { token });
const requestIntro = (token: string, fundId: string, note = 'We would love to talk') =>
  server.request('POST', `/founder/matches/${fundId}/intro/`, { token, body: { note } });
const intros = (token: string) => server.request('GET', '/founder/intros/', { token });
const notifications = (token: string) => server.request('GET', '/api/vc/notifications', { token });
const act = (token: string, id: string, action: string, body?: unknown) =>
  server.request('POST', `/api/vc/notifications/${id}/${action}`, { token, ...(body ? { body } : {}) });

async function warmIntroFor(fund: { token: string }, introId: string) {
  const list = (await notifications(fund.token)).body.notifications as { id: string; type: string; introId: string }[];
  const found = list.find((n) => n.type === 'warmintro' && n.introId === introId);
  expect(found).toBeDefined();
  return found!;
}

describe('GET /founder/matches/', () => {
  it('is Premium: 402 on the free plan', async () => {
    const free = await founder({ plan: 'free' });
    const res = await matches(free.token);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'plan_limit', error: 'Investor matches is a Premium feature. Upgrade to unlock it.' });
    expect((await requestIntro(free.token, '00000000-0000-4000-8000-000000000000')).status).toBe(402);
  });

  it('ranks a fund whose thesis fits above one that does not, with the FitScore under each fund’s weights, why and what does not fit', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const off = await newFund({ name: `Off Thesis ${tag}`, sectors: ['Biotech'], stages: ['Series B'], geography: ['ASIA'], min: 10_000_000, max: 20_000_000 });
    const fits = await newFund({ name: `Fits ${tag}`, sectors: ['AI/ML'], stages: ['Seed'], geography: ['EUROPE'], min: 250_000, max: 1_000_000 });
    // Same thesis, but weights that favour this founder's strong traction: a higher FitScore, ranked first.
    const fitsMore = await newFund({ name: `Fits More ${tag}`, sectors: ['Agnostic'], stages: ['Seed'], geography: ['GLOBAL'], min: 250_000, max: 1_000_000 });
    expect((await server.request('PUT', '/vc/settings/weights/', { token: fitsMore.token, body: { ...even(1), traction: 10 } })).status).toBe(200);
    expect((await server.request('PUT', '/vc/settings/weights/', { token: fits.token, body: even(5) })).status).toBe(200);
    const user = await founder({ scores: { ...even(5), traction: 10 } });

    const res = await matches(user.token);
    expect(res.status).toBe(200);
    const mine = (res.body.matches as { fundId: string }[]).filter((m) => [off.fundId, fits.fundId, fitsMore.fundId].includes(m.fundId));
    expect(mine.map((m) => m.fundId)).toEqual([fitsMore.fundId, fits.fundId, off.fundId]);
    const [first, second, third] = mine as unknown as { fitScore: number; thesisFit: object; reasons: string[]; mismatches: string[]; intro: null }[];
    expect(first!.fitScore).toBe(78); // (10*10 + 8*5) / 18 * 10 = 77.8
    expect(second!.fitScore).toBe(56); // (10 + 8*5) / 9 * 10 = 55.6
    expect(second!.thesisFit).toEqual({ sector: true, stage: true, geography: true, ticket: true });
    expect(second!.reasons).toEqual(expect.arrayContaining(['Invests in AI/ML', 'Backs Seed companies', 'Invests in Europe', 'Ticket $250K–$1M suits your $4M round']));
    expect(second!.mismatches).toEqual([]);
    expect(third!.thesisFit).toEqual({ sector: false, stage: false, geography: false, ticket: false });
    expect(third!.mismatches).toEqual([
      'Sector: invests in Biotech, not AI/ML',
      'Stage: backs Series B, not Seed',
      'Geography: invests in Asia, not Berlin, Germany',
      'Ticket: $10M–$20M does not suit your $4M round',
    ]);
    expect(third!.intro).toBeNull();
  });

  it('without a profile says so; without a score lists funds with no FitScore', async () => {
    const user = await signUp(server, 'founder');
    await setPlan(server, { founder: user.email }, 'premium');
    expect((await matches(user.token)).body).toEqual({ matches: [], profileMissing: true });
    await newFund({ name: 'Any Fund' });
    const unscored = await founder({ scores: null });
    const res = await matches(unscored.token);
    expect(res.body.matches.length).toBeGreaterThan(0);
    expect(res.body.matches.every((m: { fitScore: null }) => m.fitScore === null)).toBe(true);
    expect((await requestIntro(unscored.token, res.body.matches[0].fundId)).body.error).toBe(
      'Get your FitScore first: the fund sees your score with your request.',
    );
  });

  it('is for founders only', async () => {
    const fund = await newFund({ name: 'Curious VC' });
    expect((await matches(fund.token)).status).toBe(403);
    expect((await intros(fund.token)).status).toBe(403);
  });
});

describe('warm intros', () => {
  it('request → the fund gets a warmintro notification; one request per fund per 30 days (409); unknown fund 404', async () => {
    const fund = await newFund({ name: 'Intro Capital' });
    const user = await founder();
    const res = await requestIntro(user.token, fund.fundId, 'Met you at Slush');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ intro: { id: expect.any(String), status: 'pending' } });
    const n = await warmIntroFor(fund, res.body.intro.id);
    expect(n).toMatchObject({
      type: 'warmintro',
      title: 'Acme Robotics asks for an intro',
      details: 'Met you at Slush',
      unread: true,
      actions: ['approve', 'moreinfo', 'dismiss'],
      reason: expect.arrayContaining(['AI/ML · Seed · Berlin, Germany', 'Invests in AI/ML']),
    });
    expect((await notifications(fund.token)).body.unread).toBe(1);

    const again = await requestIntro(user.token, fund.fundId);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/^You asked Intro Capital for an intro in the last 30 days\. You can ask again on \d{4}-\d{2}-\d{2}\.$/);
    expect((await requestIntro(user.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const listed = (await matches(user.token)).body.matches.find((m: { fundId: string }) => m.fundId === fund.fundId);
    expect(listed.intro).toMatchObject({ id: res.body.intro.id, status: 'pending' });
  });

  it('approve → a platform deal in the fund’s pipeline scored under its weights; the founder sees Intro accepted with the contact', async () => {
    const fund = await newFund({ name: 'Approve Ventures' });
    const user = await founder({ scores: even(8) });
    const { body } = await requestIntro(user.token, fund.fundId);
    const n = await warmIntroFor(fund, body.intro.id);
    const res = await act(fund.token, n.id, 'approve');
    expect(res.body).toMatchObject({ ok: true });
    expect(res.body).toMatchObject({ ok: true, unread: 0, notification: { id: n.id, unread: false, action: 'approve' }, dealId: expect.any(String) });
    const deal = await server.request('GET', `/api/vc/deals/${res.body.dealId}`, { token: fund.token });
    expect(deal.status).toBe(200);
    expect(deal.body.deal).toMatchObject({
      startupName: 'Acme Robotics',
      source: 'platform',
      sector: 'AI/ML',
      stage: 'Seed',
      geography: 'EUROPE',
      fitScore: 80,
      confidence: 'High',
      thesisFit: { sector: true, stage: true, geography: true, ticket: null },
      contactEmail: user.email,
    });
    expect(deal.body.analysis.subScores.traction).toMatchObject({ score: 8, evidence: [{ page: 2, quote: 'traction evidence' }] });
    const pipeline = await server.request('GET', '/api/vc/deals?source=platform', { token: fund.token });
    expect(pipeline.body.deals.map((d: { id: string }) => d.id)).toEqual([res.body.dealId]);

    const [intro] = (await intros(user.token)).body.intros;
    expect(intro).toMatchObject({ status: 'accepted', fundName: 'Approve Ventures', contact: { name: 'Approve Ventures Partner', email: fund.email, website: 'https://approveventures.vc' } });
    // Closed: a second decision is refused.
    expect((await act(fund.token, n.id, 'dismiss')).status).toBe(409);
  });

  it('moreinfo → the founder sees the question and answers once; the fund is told', async () => {
    const fund = await newFund({ name: 'Question Partners' });
    const user = await founder();
    const { body } = await requestIntro(user.token, fund.fundId);
    const n = await warmIntroFor(fund, body.intro.id);
    expect((await act(fund.token, n.id, 'moreinfo', { question: 'What is your net revenue retention?' })).status).toBe(200);
    let [intro] = (await intros(user.token)).body.intros;
    expect(intro).toMatchObject({ status: 'moreinfo', question: 'What is your net revenue retention?', answer: null, contact: null });

    const answer = await server.request('POST', `/founder/intros/${intro.id}/answer/`, { token: user.token, body: { answer: '124% over the last year' } });
    expect(answer.status).toBe(200);
    expect(answer.body.intro).toMatchObject({ status: 'answered', answer: '124% over the last year' });
    const twice = await server.request('POST', `/founder/intros/${intro.id}/answer/`, { token: user.token, body: { answer: 'again' } });
    expect([twice.status, twice.body.error]).toEqual([409, 'You have already answered this question.']);
    const other = await founder();
    expect((await server.request('POST', `/founder/intros/${intro.id}/answer/`, { token: other.token, body: { answer: 'x' } })).status).toBe(404);

    const list = (await notifications(fund.token)).body;
    expect(list.notifications[0]).toMatchObject({ type: 'warmintro', title: 'Acme Robotics answered your question', details: '124% over the last year', reason: ['You asked: What is your net revenue retention?'], unread: true });
    // One question only: ask again → 409; approve still works.
    expect((await act(fund.token, list.notifications[0].id, 'moreinfo')).status).toBe(409);
    [intro] = (await intros(user.token)).body.intros;
    expect(intro.status).toBe('answered');
  });

  it('dismiss → the founder sees Not a fit right now (the status), no contact', async () => {
    const fund = await newFund({ name: 'Dismiss Fund' });
    const user = await founder();
    const { body } = await requestIntro(user.token, fund.fundId);
    const n = await warmIntroFor(fund, body.intro.id);
    expect((await act(fund.token, n.id, 'dismiss')).body.notification).toMatchObject({ unread: false, action: 'dismiss' });
    const [intro] = (await intros(user.token)).body.intros;
    expect(intro).toMatchObject({ status: 'dismissed', contact: null, declineReasons: [] });
  });
});

describe('an approved intro merges like every channel (issue 29 point 3)', () => {
  const pdf = (name: string) => makePdfDeck([[name, `${name} builds warehouse robots`], ['Traction', 'MRR $85K'], ['Team', 'Ada Lovelace, CEO']]);

  /** The fund takes applications by form; one arrives with a deck and becomes a deal. */
  async function applied(fund: Awaited<ReturnType<typeof newFund>>, fields: { companyName: string; website: string }, deck: Uint8Array) {
    const sources = await server.request('PUT', '/vc/profile/intake-sources/', { token: fund.token, body: { online_form_enabled: true, email_forwarding_enabled: false } });
    expect(sources.status).toBe(200);
    const slug = String((await server.request('GET', '/vc/intake/', { token: fund.token })).body.applyUrl).split('/apply/')[1]!;
    const form = applyForm({ ...fields, email: 'ada@acme-robotics.example', stage: 'Seed', fillMs: '5000' }, { bytes: deck, filename: 'applied.pdf' });
    expect((await server.request('POST', `/api/apply/${slug}`, { raw: form })).status).toBe(201);
    const [item] = await settledLog(server, { token: fund.token } as Parameters<typeof settledLog>[1], 1);
    expect(item).toMatchObject({ outcome: 'created', dealId: expect.any(String) });
    return item!.dealId!;
  }

  async function founderWithDeck(deck: Uint8Array) {
    const user = await founder({ scores: null });
    expect((await server.request('POST', '/founder/deck/upload/', { token: user.token, raw: fileForm(deck, 'acme-deck.pdf') })).status).toBe(201);
    await giveScore(user.user.id, even(8));
    return user;
  }

  async function approveIntro(fund: Awaited<ReturnType<typeof newFund>>, user: { token: string }) {
    const { body } = await requestIntro(user.token, fund.fundId);
    const n = await warmIntroFor(fund, body.intro.id);
    const res = await act(fund.token, n.id, 'approve');
    expect(res.status).toBe(200);
    return { n, res };
  }

  const dealIds = async (token: string) => ((await server.request('GET', '/api/vc/deals', { token })).body.deals as { id: string }[]).map((d) => d.id);

  it('the same company (it applied by form): a Platform source on the existing deal, no second row; the notification says so and a second click is refused with why', async () => {
    const fund = await newFund({ name: 'Merge Name Ventures' });
    const formDeal = await applied(fund, { companyName: 'Acme Robotics GmbH', website: 'acme-robotics.example' }, await pdf('Acme form deck'));
    const user = await founder({ scores: even(8) });
    const { n, res } = await approveIntro(fund, user);
    expect(res.body).toMatchObject({
      dealId: formDeal,
      notification: { id: n.id, action: 'approve', outcome: 'Approved: already in your pipeline, added as another source' },
    });
    expect(await dealIds(fund.token)).toEqual([formDeal]);
    const deal = (await server.request('GET', `/api/vc/deals/${formDeal}`, { token: fund.token })).body.deal;
    expect(deal.sources.map((s: { channel: string }) => s.channel)).toEqual(['form', 'platform']);
    // The list shows what was done, after a reload too.
    const listed = (await notifications(fund.token)).body.notifications.find((x: { id: string }) => x.id === n.id);
    expect(listed).toMatchObject({ action: 'approve', outcome: 'Approved: already in your pipeline, added as another source' });
    const again = await act(fund.token, n.id, 'approve');
    expect([again.status, again.body.error]).toEqual([409, 'This intro is already closed (Intro accepted).']);
    const [intro] = (await intros(user.token)).body.intros;
    expect(intro).toMatchObject({ status: 'accepted' });
  });

  it('the same deck under another name: merged by the deck', async () => {
    const fund = await newFund({ name: 'Merge Deck Ventures' });
    const deck = await pdf('Acme same deck');
    const formDeal = await applied(fund, { companyName: 'Stealth Warehouse Co', website: 'stealth.example' }, deck);
    const user = await founderWithDeck(deck);
    const { res } = await approveIntro(fund, user);
    expect(res.body.dealId).toBe(formDeal);
    expect(await dealIds(fund.token)).toEqual([formDeal]);
  });

  it('a new company: one Platform deal carrying the founder’s deck (its pages shown, the evidence cites them), scoring done', async () => {
    const fund = await newFund({ name: 'Fresh Deck Ventures' });
    const user = await founderWithDeck(await pdf('Acme fresh deck'));
    const { n, res } = await approveIntro(fund, user);
    expect(res.body.notification).toMatchObject({ id: n.id, action: 'approve', outcome: 'Approved: added to your pipeline' });
    const dealId = res.body.dealId as string;
    expect(await dealIds(fund.token)).toEqual([dealId]);
    const detail = (await server.request('GET', `/api/vc/deals/${dealId}`, { token: fund.token })).body;
    expect(detail.deal).toMatchObject({ source: 'platform', scoring: { state: 'done' }, sources: [{ channel: 'platform' }] });
    expect(detail.analysis.deck).toMatchObject({ filename: 'acme-deck.pdf', format: 'pdf' });
    const page = await server.request('GET', `/api/vc/deals/${dealId}/deck/pages/2.png`, { token: fund.token });
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'image/png']);
  });
});

describe('decline reasons', () => {
  it('Cold with reasons: the founder sees the reasons, never the internal note; another fund gets 404', async () => {
    const fund = await newFund({ name: 'Decline Capital' });
    const user = await founder();
    const { body } = await requestIntro(user.token, fund.fundId);
    const n = await warmIntroFor(fund, body.intro.id);
    const { dealId } = (await act(fund.token, n.id, 'approve')).body;

    const other = await newFund({ name: 'Nosy Fund' });
    expect((await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: other.token, body: { reasons: ['x'], note: '' } })).status).toBe(404);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body: { reasons: [], note: '' } })).status).toBe(400);

    const res = await server.request('POST', `/api/vc/deals/${dealId}/decline`, {
      token: fund.token,
      body: { reasons: ['Outside our stage', 'Traction below our bar for Seed'], note: 'Partner thinks the team is weak' },
    });
    expect(res.status).toBe(200);
    const detail = await server.request('GET', `/api/vc/deals/${dealId}`, { token: fund.token });
    expect(detail.body.deal.status).toBe('cold');
    expect(detail.body.history[0]).toMatchObject({ to: 'cold', note: 'Partner thinks the team is weak' });

    const seen = await intros(user.token);
    expect(seen.body.intros[0]).toMatchObject({ status: 'declined', declineReasons: ['Outside our stage', 'Traction below our bar for Seed'] });
    expect(JSON.stringify(seen.body)).not.toContain('team is weak');
  });
  it('the reasons are part of the status change: when recording them fails, the deal is not moved to Cold', async () => {
    const fund = await newFund({ name: 'Atomic Decline Capital' });
    const user = await founder();
    const { body } = await requestIntro(user.token, fund.fundId);
    const n = await warmIntroFor(fund, body.intro.id);
    const { dealId } = (await act(fund.token, n.id, 'approve')).body;
    await db().execute(sql.raw(`CREATE FUNCTION test_declines_refused() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.deal_id = '${dealId}' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`));
    await db().execute(sql.raw('CREATE TRIGGER test_declines_refused BEFORE INSERT ON deal_declines FOR EACH ROW EXECUTE FUNCTION test_declines_refused()'));
    try {
      const res = await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body: { reasons: ['Outside our stage'], note: 'n' } });
      expect(res.status).toBe(500);
    } finally {
      await db().execute(sql.raw('DROP TRIGGER test_declines_refused ON deal_declines'));
      await db().execute(sql.raw('DROP FUNCTION test_declines_refused()'));
    }
    const detail = await server.request('GET', `/api/vc/deals/${dealId}`, { token: fund.token });
    expect([detail.body.deal.status, detail.body.history]).toEqual(['new', []]);
    expect((await intros(user.token)).body.intros[0]).toMatchObject({ status: 'accepted', declineReasons: [] });
  });

  it('suggests reasons from the deal: outside the stage of the thesis, traction below the bar for Seed; only to its own fund', async () => {
    const fund = await newFund({ name: 'Later Stage Partners', stages: ['Series A'] });
    const user = await founder({ scores: { ...even(7), traction: 3, team: 4 } });
    const { body } = await requestIntro(user.token, fund.fundId);
    const n = await warmIntroFor(fund, body.intro.id);
    const { dealId } = (await act(fund.token, n.id, 'approve')).body;

    const res = await server.request('GET', `/api/vc/deals/${dealId}/decline-reasons`, { token: fund.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reasons: ['Outside our stage', 'Traction below our bar for Seed', 'Team below our bar for Seed'] });

    const other = await newFund({ name: 'Curious Fund' });
    expect((await server.request('GET', `/api/vc/deals/${dealId}/decline-reasons`, { token: other.token })).status).toBe(404);
    expect((await server.request('GET', '/api/vc/deals/not-a-deal/decline-reasons', { token: fund.token })).body).toMatchObject({ error: 'Deal not found' });
    expect((await server.request('GET', `/api/vc/deals/${dealId}/decline-reasons`, { token: user.token })).status).toBe(403);

    const openapi = (await server.request('GET', '/openapi.json')).body;
    expect(Object.keys(openapi.paths['/api/vc/deals/{id}/decline-reasons'])).toEqual(['get']);
  });
});

describe('ownership', () => {
  it("fund A's member never sees or acts on fund B's notifications", async () => {
    const a = await newFund({ name: 'Fund A' });
    const b = await newFund({ name: 'Fund B' });
    const user = await founder();
    const { body } = await requestIntro(user.token, b.fundId);
    const n = await warmIntroFor(b, body.intro.id);
    expect((await notifications(a.token)).body).toEqual({ notifications: [], unread: 0 });
    expect((await act(a.token, n.id, 'approve')).status).toBe(404);
    expect((await act(a.token, 'not-an-id', 'dismiss')).status).toBe(404);
    // Wrong action for the type: 400; an action that exists for no type names nothing: 404 (issue 28).
    const wrong = await act(b.token, n.id, 'hot');
    expect([wrong.status, wrong.body.error]).toEqual([400, 'A warmintro notification takes one of: approve, moreinfo, dismiss']);
    expect((await act(b.token, n.id, 'explode')).status).toBe(404);
    // Still untouched for its fund.
    expect((await notifications(b.token)).body.unread).toBe(1);
  });
});
