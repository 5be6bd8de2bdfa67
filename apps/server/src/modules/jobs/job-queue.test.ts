import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pollUntil } from '../../../test/poll-until.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { defineJob, PermanentJobError, type JobFailure } from './define-job.ts';
import { createBoss, createJobQueue, type JobQueue } from './job-queue.ts';

const log = pino({ level: 'silent' });
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TestDatabase;
const queues: JobQueue[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await database.dispose();
});

/** A queue on the shared test database, as one server would run it. */
function queueOn(options: { drainMs?: number; concurrency?: number; work?: boolean } = {}) {
  const queue = createJobQueue({
    database: database.handle,
    log,
    work: options.work ?? true,
    concurrency: options.concurrency ?? 1,
    leaseMs: 10_000,
    pollMs: 500,
    drainMs: options.drainMs ?? 5_000,
  });
  queues.push(queue);
  return queue;
}

describe('jobs on pg-boss', () => {
  it('completes a job, retries a failure with backoff, and fails a bad input at once', async () => {
    const tries: Record<string, number> = {};
    const failures: Record<string, JobFailure> = {};
    const job = defineJob({
      name: 'basics',
      payload: z.object({ id: z.string() }),
      handler: async ({ id }) => {
        tries[id] = (tries[id] ?? 0) + 1;
        if (id === 'flaky' && tries[id] < 2) throw new Error('flaky');
        if (id === 'bad') throw new PermanentJobError('bad input');
      },
      onFailed: async ({ id }, failure) => void (failures[id] = failure),
      options: { retryLimit: 3, retryDelaySeconds: 1 },
    });
    const queue = queueOn();
    queue.register(job);
    await queue.start();
    for (const id of ['ok', 'flaky', 'bad']) await queue.send(job, { id });
    // The registry refuses a payload its schema refuses...
    await expect(queue.send(job, { id: 1 } as never)).rejects.toThrow();
    // ...and one queued around it (an older release, a hand-written insert) fails at once, unrun.
    const raw = createBoss(database.handle, { supervise: false, schedule: false });
    await raw.start();
    const malformed = (await raw.send('basics', { id: 1 }))!;
    await raw.stop({ graceful: false });
    await queue.drain();

    expect(tries).toEqual({ ok: 1, flaky: 2, bad: 1 });
    expect(failures).toEqual({ bad: { permanent: true, message: 'bad input' } });
    expect(await queue.job('basics', malformed)).toMatchObject({ state: 'failed', retryCount: 0 });
    await queue.stop();
  }, 60_000);

  it('a job still running at shutdown goes back to the queue without spending a try, and the next worker finishes it', async () => {
    const runs: string[] = [];
    let started!: () => void;
    const isRunning = new Promise<void>((r) => (started = r));
    const job = defineJob({
      name: 'handed-back',
      payload: z.object({}),
      handler: async (_p, { signal }) => {
        runs.push(signal.aborted ? 'aborted' : 'run');
        if (runs.length > 1) return;
        started();
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
      // No retry at all: only a hand-back that spends no try lets the second worker run it.
      options: { retryLimit: 0 },
    });
    const first = queueOn({ drainMs: 10 });
    first.register(job);
    await first.start();
    const id = await first.send(job, {});
    await isRunning;
    await first.stop();
    // Back in the queue, waiting for a worker (pg-boss's own calls: cancelled, resumed, ADR 0047).
    const observer = queueOn({ work: false });
    observer.register(job);
    await observer.start();
    expect(await observer.job('handed-back', id)).toMatchObject({ state: 'created', retryCount: 0 });

    const second = queueOn();
    second.register(job);
    await second.start();
    await pollUntil(async () => (await second.job('handed-back', id))?.state === 'completed', {
      what: 'the next worker to finish the job',
    });
    expect(runs).toEqual(['run', 'run']);
    await second.stop();
  });

  it('a lost lease: the job is taken over, the first worker is told to stop, and its late finish changes nothing', async () => {
    const finishedBy: string[] = [];
    let firstSignal: AbortSignal | undefined;
    const job = defineJob({
      name: 'lease',
      payload: z.object({}),
      handler: async (_p, { signal, attempt }) => {
        if (attempt === 0) {
          firstSignal = signal;
          // The first worker stalls (a long pause, a partition) until it hears it lost the job.
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          finishedBy.push('first');
          return;
        }
        finishedBy.push('second');
      },
      // A try may run one second: the first worker's stall outlives it.
      options: { expireInSeconds: 1 },
    });
    const first = queueOn();
    first.register(job);
    await first.start();
    const id = await first.send(job, {});
    await pollUntil(() => firstSignal !== undefined, { what: 'the first worker to start the job' });
    // Its try runs out (a stalled process): supervision fails it and it is retried elsewhere.

    const second = queueOn();
    second.register(job);
    await second.start();
    await pollUntil(() => finishedBy.includes('second'), { what: 'the second worker to finish' });
    await pollUntil(() => firstSignal!.aborted, { what: "the first worker's signal to abort" });
    await pollUntil(() => finishedBy.includes('first'), { what: 'the first worker to finish' });
    // The second worker's handler has returned; its completion is written just after.
    const state = await pollUntil(
      async () => {
        const now = await second.job('lease', id);
        return now && now.state !== 'active' && now.state !== 'created' && now.state !== 'retry' ? now : undefined;
      },
      { what: 'the job to reach a final state' },
    );
    expect(state).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(finishedBy.sort()).toEqual(['first', 'second']);
    await first.stop();
    await second.stop();
  }, 60_000);

  it('drain waits for chains of jobs queued by jobs', async () => {
    const ran: number[] = [];
    const queue = queueOn();
    const step: ReturnType<typeof defineJob<z.ZodObject<{ n: z.ZodNumber }>>> = defineJob({
      name: 'chain',
      payload: z.object({ n: z.number().int() }),
      handler: async ({ n }) => {
        ran.push(n);
        if (n < 3) await queue.send(step, { n: n + 1 });
      },
    });
    queue.register(step);
    await queue.start();
    await queue.send(step, { n: 1 });
    await queue.drain();
    expect(ran).toEqual([1, 2, 3]);
    await queue.stop();
  });

  it.skipIf(!onPostgres)('two workers claiming at once on PostgreSQL run each job exactly once', async () => {
    const runs: { id: number; worker: string }[] = [];
    const jobFor = (worker: string) =>
      defineJob({
        name: 'contended',
        payload: z.object({ id: z.number() }),
        handler: async ({ id }) => {
          runs.push({ id, worker });
          // Long enough that the work spans several polls (500 ms) of both workers, however loaded the machine.
          await new Promise((r) => setTimeout(r, 100));
        },
      });
    const a = queueOn({ concurrency: 3 });
    const b = queueOn({ concurrency: 3 });
    a.register(jobFor('a'));
    const bJob = jobFor('b');
    b.register(bJob);
    await Promise.all([a.start(), b.start()]);
    await Promise.all(Array.from({ length: 40 }, (_, id) => b.send(bJob, { id })));
    await pollUntil(() => runs.length >= 40, { what: 'the 40 jobs to run' });
    await b.drain();
    expect(runs.map((r) => r.id).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(new Set(runs.map((r) => r.worker))).toEqual(new Set(['a', 'b']));
    await Promise.all([a.stop(), b.stop()]);
  }, 60_000);
});
