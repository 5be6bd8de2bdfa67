import { fitScores, scoringRuns, SUB_SCORE_COLUMNS, subScoreValues, weightedOverallSql } from '@fitscore/db';
import { EQUAL_WEIGHTS, SUB_SCORE_KEYS } from '@fitscore/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makePdfDeck, makeSolidDeck, validProfile } from '../../../test/decks.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { setPlan } from '../../../test/plans.ts';
import { createBoss } from '../jobs/job-queue.ts';
import { createScoringRepository, LostLeaseError } from './scoring.repository.ts';
import { SCORING_QUEUE } from './scoring.service.ts';
import { settledRun } from '../../../test/scoring-waits.ts';

let server: TestServer;
let solidDeck: Uint8Array;
beforeAll(async () => {
  server = await startTestServer({ JOB_POLL_MS: '100' });
  solidDeck = await makeSolidDeck();
});
afterAll(() => server.close());

async function founderReady(s: TestServer, deck: Uint8Array = solidDeck) {
  const user = await signUp(s, 'founder');
  await s.request('POST', '/founder/profile/', { token: user.token, body: validProfile() });
  const up = await s.request('POST', '/founder/deck/upload/', { token: user.token, raw: fileForm(deck, 'deck.pdf') });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  return user;
}

const waitForRun = settledRun;

describe('scoring a deck', () => {
  it('runs as a job through the real stages and stores the result with its versions', async () => {
    const { token } = await founderReady(server);
    const start = await server.request('POST', '/founder/score/start/', { token });
    expect(start.status).toBe(202);
    expect(['queued', 'reading', 'ocr', 'understanding', 'scoring', 'done']).toContain(start.body.run.stage);

    const run = await waitForRun(server, token, start.body.run.id);
    expect(run).toMatchObject({ status: 'done', stage: 'done', progress: 100, error: null });
    expect(run.score).toBeGreaterThanOrEqual(0);

    const latest = await server.request('GET', '/founder/score/', { token });
    expect(latest.status).toBe(200);
    const score = latest.body.score;
    expect(score.overall).toBe(run.score);
    expect(score.deck).toMatchObject({ version: 1, filename: 'deck.pdf' });
    expect(score.engineVersion).toBe(score.analysis.engineVersion);
    expect(Object.keys(score.analysis.subScores)).toHaveLength(9);
    expect(score.analysis.deck.pages).toBe(11);
    // Facts from the deck reach the analysis, with their page.
    expect(score.analysis.facts).toContainEqual(expect.objectContaining({ kind: 'mrr', value: 85_000, page: 5 }));
    // The nine sub-scores are stored as columns too, and SQL weighs them as the engine does.
    const columns = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, SUB_SCORE_COLUMNS[k]]));
    const [stored] = await server.database.handle.db
      .select({ ...columns, equal: weightedOverallSql(EQUAL_WEIGHTS) })
      .from(fitScores)
      .where(eq(fitScores.id, score.id));
    expect(stored).toEqual({ ...Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, score.analysis.subScores[k].score])), equal: score.overall });

    const progress = await server.request('GET', '/founder/progress/', { token });
    expect(progress.body).toMatchObject({ profile_complete: true, deck_uploaded: true, score_complete: true, score: run.score });
  });

  it('a second start while one runs returns the running scoring', async () => {
    const { token } = await founderReady(server);
    const [a, b] = await Promise.all([
      server.request('POST', '/founder/score/start/', { token }),
      server.request('POST', '/founder/score/start/', { token }),
    ]);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(b.body.run.id).toBe(a.body.run.id);
    await waitForRun(server, token, a.body.run.id);
  });

  it('needs a profile and a deck first', async () => {
    const user = await signUp(server, 'founder');
    const noProfile = await server.request('POST', '/founder/score/start/', { token: user.token });
    expect(noProfile.status).toBe(409);
    expect(noProfile.body.error).toBe('Please complete your profile first');
    await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile() });
    const noDeck = await server.request('POST', '/founder/score/start/', { token: user.token });
    expect(noDeck.status).toBe(409);
    expect(noDeck.body.error).toBe('Please upload your deck first');
  });

  it('a deck that cannot be read fails with its reason and leaves the previous result untouched', async () => {
    const { token } = await founderReady(server);
    const first = await server.request('POST', '/founder/score/start/', { token });
    const firstRun = await waitForRun(server, token, first.body.run.id);
    expect(firstRun.status).toBe('done');

    // A valid PDF with no readable content at all.
    const blank = await makePdfDeck([[''], ['']]);
    await server.request('POST', '/founder/deck/upload/', { token, raw: fileForm(blank, 'blank.pdf') });
    const second = await server.request('POST', '/founder/score/start/', { token });
    const failed = await waitForRun(server, token, second.body.run.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/no readable content|empty/i);

    const latest = await server.request('GET', '/founder/score/', { token });
    expect(latest.body.score.overall).toBe(firstRun.score);
  });

  it('New Upload clears the current deck and score', async () => {
    const { token } = await founderReady(server);
    const start = await server.request('POST', '/founder/score/start/', { token });
    await waitForRun(server, token, start.body.run.id);
    const res = await server.request('POST', '/founder/new-upload/', { token });
    expect(res.body).toEqual({ ok: true });
    const progress = await server.request('GET', '/founder/progress/', { token });
    expect(progress.body).toMatchObject({ profile_complete: true, deck_uploaded: false, score_complete: false });
    expect((await server.request('GET', '/founder/score/', { token })).body.score).toBeNull();
  });

  it('one founder can never read another\'s scoring', async () => {
    const a = await founderReady(server);
    const b = await signUp(server, 'founder');
    const start = await server.request('POST', '/founder/score/start/', { token: a.token });
    const other = await server.request('GET', `/founder/score/runs/${start.body.run.id}/`, { token: b.token });
    expect(other.status).toBe(404);
    expect((await server.request('GET', '/founder/score/', { token: b.token })).body.score).toBeNull();
    expect((await server.request('GET', '/founder/score/runs/not-a-uuid/', { token: b.token })).status).toBe(404);
    await waitForRun(server, a.token, start.body.run.id);
  });
});

describe('the monthly scan limit', () => {
  it('the 6th scoring of a calendar month is refused on the free plan and allowed on premium', async () => {
    const { token, email } = await founderReady(server);
    for (let i = 0; i < 5; i++) {
      const start = await server.request('POST', '/founder/score/start/', { token });
      expect(start.status, JSON.stringify(start.body)).toBe(202);
      expect((await waitForRun(server, token, start.body.run.id)).status).toBe('done');
    }
    const before = await server.request('GET', '/founder/score/', { token });

    const sixth = await server.request('POST', '/founder/score/start/', { token });
    expect(sixth.status).toBe(402);
    expect(sixth.body).toMatchObject({
      code: 'plan_limit',
      error: 'Your free plan includes 5 scans per month. Upgrade to Premium for unlimited scans.',
    });
    // The refusal keeps the founder's latest result as it was.
    expect((await server.request('GET', '/founder/score/', { token })).body).toEqual(before.body);

    await setPlan(server, { founder: email }, 'premium');
    const onPremium = await server.request('POST', '/founder/score/start/', { token });
    expect(onPremium.status).toBe(202);
    expect((await waitForRun(server, token, onPremium.body.run.id)).status).toBe('done');
    const usage = (await server.request('GET', '/founder/subscription/', { token })).body.usage;
    expect(usage).toMatchObject({ scans_this_month: 6, scans_limit: null });
  });
});

describe('the job survives', () => {
  it('a worker that died mid-scoring: another server takes the job over when its lease runs out', async () => {
    // A server that only takes requests (its worker is off) queues the scoring...
    // Leases of 10 s (the shortest pg-boss heartbeat) keep the wait for the takeover short.
    const api = await startTestServer({ JOBS_ENABLED: 'false', JOB_LEASE_MS: '10000' });
    const { token } = await founderReady(api);
    const start = await api.request('POST', '/founder/score/start/', { token });
    const runId = start.body.run.id as string;
    const db = api.database.handle.db;
    // ...a worker claims its job and dies half-way: the claim stays, its lease is no longer renewed
    // and runs out after the queue's heartbeat.
    const crashed = createBoss(api.database.handle, { supervise: false, schedule: false });
    await crashed.start();
    const [claimed] = await crashed.fetch<{ runId: string }>(SCORING_QUEUE);
    expect(claimed!.data.runId).toBe(runId);
    await db.update(scoringRuns).set({ status: 'running', stage: 'ocr', progress: 40 }).where(eq(scoringRuns.id, runId));

    const worker = await startTestServer({ JOB_POLL_MS: '100', JOB_LEASE_MS: '10000' }, undefined, api.database);
    const done = await waitForRun(worker, token, runId);
    expect(done.error).toBeNull();
    expect(done.status).toBe('done');
    // pg-boss completes the job once the handler has returned, which may be just after the run is stored as done.
    await expect.poll(() => crashed.getJobById(SCORING_QUEUE, claimed!.id), { timeout: 10_000, interval: 50 }).toMatchObject({ state: 'completed', retryCount: 1 });
    await crashed.stop({ graceful: false });
    await worker.close();
    await api.close();
  }, 120_000);

  it('a worker whose lease was taken over can neither start, report nor store: one result per run', async () => {
    // A finished scoring gives a real analysis to store.
    const scored = await founderReady(server);
    const first = await server.request('POST', '/founder/score/start/', { token: scored.token });
    await waitForRun(server, scored.token, first.body.run.id);
    const { analysis } = (await server.request('GET', '/founder/score/', { token: scored.token })).body.score;

    const api = await startTestServer({ JOBS_ENABLED: 'false' }, undefined, server.database);
    const { token } = await founderReady(api);
    const runId = (await api.request('POST', '/founder/score/start/', { token })).body.run.id as string;
    const db = api.database.handle.db;
    const repo = createScoringRepository(db);
    const result = { deckId: null, deckVersion: 1, engineVersion: analysis.engineVersion, overall: analysis.overall, analysis, profile: {} };

    expect(await repo.markRunning(runId, 0)).toBe(true);
    // Attempt 1 takes the run over; attempt 0 lost its lease.
    expect(await repo.markRunning(runId, 1)).toBe(true);
    expect(await repo.markRunning(runId, 0)).toBe(false);
    await repo.updateProgress(runId, 0, 'scoring', 90);
    const stale = (await repo.getRunById(runId))!;
    expect(stale.progress).toBe(0);
    await expect(repo.complete(stale, 0, result)).rejects.toBeInstanceOf(LostLeaseError);
    expect(await db.select().from(fitScores).where(eq(fitScores.runId, runId))).toEqual([]);

    await repo.complete(stale, 1, result);
    await expect(repo.complete(stale, 1, result)).rejects.toBeInstanceOf(LostLeaseError);
    // Even a write that skips the repository cannot add a second result to the run.
    await expect(
      db.insert(fitScores).values({ ...result, userId: stale.userId, runId, ...subScoreValues(analysis.subScores) }),
    ).rejects.toThrow();
    expect(await db.select().from(fitScores).where(eq(fitScores.runId, runId))).toHaveLength(1);
    const done = (await api.request('GET', `/founder/score/runs/${runId}/`, { token })).body.run;
    expect(done).toMatchObject({ status: 'done', score: analysis.overall });
    await api.close();
  }, 120_000);

  it('a run and its job are one write: a failed enqueue leaves no run behind', async () => {
    const api = await startTestServer({ JOBS_ENABLED: 'false' }, undefined, server.database);
    const { token, user } = await founderReady(api);
    const db = api.database.handle.db;
    // The queue is gone (pg-boss's own call), so the job insert inside the run's transaction fails...
    const operator = createBoss(api.database.handle, { supervise: false, schedule: false });
    await operator.start();
    await operator.deleteQueue(SCORING_QUEUE);
    try {
      const refused = await api.request('POST', '/founder/score/start/', { token });
      expect(refused.status).toBe(500);
      // ...so no run was left queued without a job.
      expect(await db.select().from(scoringRuns).where(eq(scoringRuns.userId, user.id))).toEqual([]);
    } finally {
      await operator.stop({ graceful: false });
      await api.close();
      // A server starting on the database creates its queues again, as after a deploy.
      await (await startTestServer({ JOBS_ENABLED: 'false' }, undefined, server.database)).close();
    }
    // The next start is a fresh run that finishes.
    const start = await server.request('POST', '/founder/score/start/', { token });
    expect(start.status).toBe(202);
    expect((await waitForRun(server, token, start.body.run.id)).status).toBe('done');
  });

  it('a restart mid-scoring: the stopping server hands the job back and the next one finishes it', async () => {
    const pages = Array.from({ length: 60 }, (_, i) => [`Slide ${i + 1}`, 'Our MRR is $40K growing 12% MoM with 30 customers and a TAM of $8B.']);
    const bigDeck = await makePdfDeck(pages);
    const database = await openTestDatabase();
    const first = await startTestServer({ JOB_POLL_MS: '100', JOB_DRAIN_MS: '1' }, undefined, database);
    const { token } = await founderReady(first, bigDeck);
    const start = await first.request('POST', '/founder/score/start/', { token });
    await first.close();

    const second = await startTestServer({ JOB_POLL_MS: '100' }, undefined, database);
    const done = await waitForRun(second, token, start.body.run.id);
    expect(done.status).toBe('done');
    expect((await second.request('GET', '/founder/score/', { token })).body.score.overall).toBe(done.score);
    await second.close();
    await database.dispose();
  });
});
