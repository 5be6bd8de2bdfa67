import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECKS_DIR, sharedFixtures } from '../../../../../test-support/shared-fixtures.ts';
import { fileForm, makeSolidDeck, validProfile } from '../../../test/decks.ts';
import { settledRun } from '../../../test/scoring-waits.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

/**
 * Issue 32 point 1 (versions that show what changed) and point 4 (readability advice), over HTTP:
 * Farmify's two real decks (farmify-pitch.pdf, then farmify-pitch.pptx) as two versions of one company.
 */
const fixtures = sharedFixtures();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function founderWithProfile() {
  const user = await signUp(server, 'founder');
  await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile() });
  return user;
}

const upload = (token: string, bytes: Uint8Array, name: string) =>
  server.request('POST', '/founder/deck/upload/', { token, raw: fileForm(bytes, name) });

async function uploadAndScore(token: string, bytes: Uint8Array, name: string) {
  const up = await upload(token, bytes, name);
  expect(up.status).toBe(201);
  const start = await server.request('POST', '/founder/score/start/', { token });
  expect(start.status).toBe(202);
  const run = await settledRun(server, token, start.body.run.id);
  expect(run.status).toBe('done');
  return up.body.deck.id as string;
}

const scansThisMonth = async (token: string) =>
  (await server.request('GET', '/founder/subscription/', { token })).body.usage.scans_this_month as number;

describe.skipIf(!fixtures.available)('deck versions of one company (Farmify, PDF then PowerPoint)', () => {
  let founder: { token: string };
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    founder = await founderWithProfile();
    v1 = await uploadAndScore(founder.token, await readFile(join(DECKS_DIR, 'real', 'farmify-pitch.pdf')), 'farmify-pitch.pdf');
    v2 = await uploadAndScore(founder.token, await readFile(join(DECKS_DIR, 'real', 'farmify-pitch.pptx')), 'farmify-pitch.pptx');
  }, 240_000);

  it('lists both versions, newest first, each with its own score and the engine that made it', async () => {
    const res = await server.request('GET', '/founder/decks/', { token: founder.token });
    expect(res.status).toBe(200);
    expect(res.body.versionsKept).toBe(3);
    const [newest, earlier] = res.body.versions;
    expect(newest).toMatchObject({ id: v2, version: 2, format: 'pptx', filename: 'farmify-pitch.pptx', current: true, engineOutdated: false });
    expect(earlier).toMatchObject({ id: v1, version: 1, format: 'pdf', current: false, engineOutdated: false });
    expect(newest.score.engineVersion).toBe(res.body.engineVersion);
    expect(earlier.score.overall).toBeGreaterThan(newest.score.overall);
  });

  it('compares the PowerPoint with the PDF: scores with their change, facts with pages, sections lost, Do-Next followed up', async () => {
    const res = await server.request('GET', `/founder/decks/${v2}/compare/?with=${v1}`, { token: founder.token });
    expect(res.status).toBe(200);
    const cmp = res.body;
    expect(cmp.from.id).toBe(v1);
    expect(cmp.to.id).toBe(v2);
    expect(cmp.engineDiffers).toBe(false);
    expect(cmp.overall.from).toBe(cmp.from.score.overall);
    expect(cmp.overall.to).toBe(cmp.to.score.overall);
    expect(cmp.overall.delta).toBe(cmp.overall.to - cmp.overall.from);
    expect(cmp.overall.delta).toBeLessThan(0);
    expect(cmp.subScores).toHaveLength(9);
    // The PDF has a team slide (page 17) with an ex-Goldman Sachs advisor; the PowerPoint has none.
    const team = cmp.subScores.find((s: { dimension: string }) => s.dimension === 'team');
    expect(team.delta).toBeLessThan(0);

    // Sections the PDF had that the PowerPoint lost, with the PDF's pages (both compare themselves with
    // banks and money lenders on page 8, so competition is in both).
    const lost = Object.fromEntries(cmp.sections.lost.map((s: { kind: string; pages: number[] }) => [s.kind, s.pages]));
    expect(lost).toMatchObject({ team: [17], risks: [11] });
    expect(lost.competition).toBeUndefined();
    expect(lost.market).toContain(9);
    expect(cmp.sections.kept).toEqual(expect.arrayContaining(['problem', 'solution', 'product', 'businessModel']));
    expect(cmp.sections.gained).toEqual([]);

    // '80% of farmers are small and marginal' (PDF page 9) is gone; '60%' (PPTX page 3) is new;
    // '8 to 10% returns' stayed (page 6 of the PDF, 7 of the PowerPoint).
    expect(cmp.facts.removed).toContainEqual(expect.objectContaining({ kind: 'percent', value: 80, page: 9 }));
    expect(cmp.facts.removed).toContainEqual(expect.objectContaining({ kind: 'amount', value: 9500, page: 13 }));
    expect(cmp.facts.added).toContainEqual(expect.objectContaining({ kind: 'percent', value: 60, page: 3 }));
    expect(cmp.facts.unchanged).toBeGreaterThanOrEqual(1);
    for (const fact of [...cmp.facts.added, ...cmp.facts.removed]) expect(fact.page).toBeGreaterThan(0);

    // Every Do-Next item of the PDF is followed up; the PowerPoint scores lower on each of them.
    expect(cmp.doNext).toHaveLength(3);
    for (const item of cmp.doNext) {
      expect(item.title).toBeTruthy();
      expect(item.status).toBe(item.to - item.from >= Math.max(1, item.promised) ? 'addressed' : item.to > item.from ? 'improved' : 'not_addressed');
    }
    expect(cmp.doNext.map((d: { status: string }) => d.status)).not.toContain('addressed');
  });

  it('the other way round, the PDF gains what the PowerPoint lacked', async () => {
    const res = await server.request('GET', `/founder/decks/${v1}/compare/?with=${v2}`, { token: founder.token });
    expect(res.status).toBe(200);
    expect(res.body.overall.delta).toBeGreaterThan(0);
    expect(res.body.sections.gained.map((s: { kind: string }) => s.kind)).toEqual(expect.arrayContaining(['team', 'risks', 'market']));
    expect(res.body.facts.added).toContainEqual(expect.objectContaining({ kind: 'percent', value: 80, page: 9 }));
    const market = res.body.doNext.find((d: { dimension: string }) => d.dimension === 'market');
    expect(market?.status).toMatch(/addressed|improved/);
  });

  it('re-scores the earlier version under the current engine as a scan, without taking the dashboard over', async () => {
    const before = await server.request('GET', '/founder/decks/', { token: founder.token });
    const oldScoreId = before.body.versions[1].score.id;
    const scans = await scansThisMonth(founder.token);

    const start = await server.request('POST', `/founder/decks/${v1}/rescore/`, { token: founder.token });
    expect(start.status).toBe(202);
    expect(start.body.run.deck_id).toBe(v1);
    const run = await settledRun(server, founder.token, start.body.run.id);
    expect(run.status).toBe('done');
    expect(await scansThisMonth(founder.token)).toBe(scans + 1);

    const after = await server.request('GET', '/founder/decks/', { token: founder.token });
    expect(after.body.versions[1].score.id).not.toBe(oldScoreId);
    // The engine is deterministic: the same deck and profile give the same score.
    expect(after.body.versions[1].score.overall).toBe(before.body.versions[1].score.overall);
    const dashboard = await server.request('GET', '/founder/score/', { token: founder.token });
    expect(dashboard.body.score.deck).toMatchObject({ id: v2, version: 2 });
  });

  it('gives readability advice per page with its evidence, beside an unchanged score', async () => {
    const res = await server.request('GET', '/founder/score/', { token: founder.token });
    const { readability, overall } = res.body.score.analysis;
    expect(overall).toBe(res.body.score.overall);
    expect(readability.pages).toHaveLength(13);
    // Slides 3 to 6 of the PowerPoint are paragraphs of prose (120-150 words each).
    const wordy = readability.findings.filter((f: { check: string }) => f.check === 'words').map((f: { page: number }) => f.page);
    expect(wordy).toEqual(expect.arrayContaining([3, 4, 5, 6]));
    expect(wordy).not.toContain(1);
    expect(readability.findings.find((f: { page: number; check: string }) => f.page === 5 && f.check === 'words').evidence).toMatch(/^Page 5: 1\d\d words$/);
  });

  it("gives the 30-second brief of the dashboard's score: figures with their pages, strengths on evidence, the gaps", async () => {
    const res = await server.request('GET', '/founder/brief/', { token: founder.token });
    expect(res.status).toBe(200);
    const { brief } = res.body;
    expect(brief.company).toBe('Acme Robotics');
    expect(brief.whatItDoes).toBe(validProfile().one_liner);
    const score = (await server.request('GET', '/founder/score/', { token: founder.token })).body.score;
    expect(brief.overall).toBe(score.overall);
    expect(brief.strengths.length).toBeLessThanOrEqual(3);
    expect(brief.gaps).toHaveLength(3);
    expect(brief.gaps.map((g: { text: string }) => g.text)).toEqual(score.analysis.doNext.slice(0, 3).map((d: { title: string }) => d.title));
    // Never the same dimension on both sides; the business model rests on the PowerPoint's revenue slide (page 9).
    const gapDims = new Set(brief.gaps.map((g: { dimension: string }) => g.dimension));
    for (const s of brief.strengths) expect(gapDims.has(s.dimension)).toBe(false);
    expect(brief.strengths[0]).toMatchObject({ dimension: 'businessModel', pages: [9] });
    // The profile's figures are marked as such (no page); the raise is the profile's $4M.
    expect(brief.traction).toContainEqual(expect.objectContaining({ key: 'mrr', display: '$85K', page: null, source: 'profile' }));
    expect(brief.ask).toContainEqual(expect.objectContaining({ key: 'raise', display: '$4M' }));
    const fresh = await founderWithProfile();
    expect((await server.request('GET', '/founder/brief/', { token: fresh.token })).body).toEqual({ brief: null });
    expect((await server.request('GET', '/founder/brief/')).status).toBe(401);
  });

  it('refuses another founder, unknown ids, a version compared with itself, and a version never scored', async () => {
    const other = await founderWithProfile();
    for (const path of [`/founder/decks/${v2}/compare/?with=${v1}`]) {
      const res = await server.request('GET', path, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Deck version not found');
    }
    const foreignRescore = await server.request('POST', `/founder/decks/${v1}/rescore/`, { token: other.token });
    expect(foreignRescore.status).toBe(404);
    expect((await server.request('GET', `/founder/decks/${v2}/compare/?with=${v1}`)).status).toBe(401);
    const vc = await signUp(server, 'vc');
    expect((await server.request('GET', `/founder/decks/${v2}/compare/?with=${v1}`, { token: vc.token })).status).toBe(403);

    const unknown = await server.request('GET', `/founder/decks/${v2}/compare/?with=00000000-0000-4000-8000-000000000000`, { token: founder.token });
    expect(unknown.status).toBe(404);
    const missing = await server.request('GET', `/founder/decks/${v2}/compare/`, { token: founder.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Choose an earlier version to compare with');
    const self = await server.request('GET', `/founder/decks/${v2}/compare/?with=${v2}`, { token: founder.token });
    expect(self.status).toBe(400);

    const solo = await founderWithProfile();
    const scored = await uploadAndScore(solo.token, await makeSolidDeck(), 'solo.pdf');
    const unscored = (await upload(solo.token, await makeSolidDeck(), 'solo-2.pdf')).body.deck.id;
    const conflict = await server.request('GET', `/founder/decks/${unscored}/compare/?with=${scored}`, { token: solo.token });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('Score version 2 first: a comparison needs a score on both sides.');
  });
});
