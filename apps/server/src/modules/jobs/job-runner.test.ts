import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobRunner, PermanentJobError } from './job-runner.ts';
import type { JobRow, JobsRepository } from './jobs.repository.ts';

const log = pino({ level: 'silent' });

function job(id: string, attempts = 1, maxAttempts = 3): JobRow {
  const now = new Date();
  return {
    id,
    queue: 'q',
    payload: { id },
    status: 'running',
    attempts,
    maxAttempts,
    runAt: now,
    lockedBy: 'w',
    lockedUntil: now,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  };
}

/** A queue in memory that records what the runner asked of it. Claims can be held open. */
function memoryQueue(jobs: JobRow[]) {
  const calls: string[] = [];
  let hold: Promise<void> | null = null;
  let release: () => void = () => {};
  const repo = {
    claim: async () => {
      calls.push('claim');
      if (hold) await hold;
      return jobs.shift();
    },
    heartbeat: async () => true,
    complete: async (id: string) => void calls.push(`complete ${id}`),
    fail: async (id: string, _w: string, error: string, retryInMs: number | null) => {
      calls.push(`fail ${id} ${retryInMs === null ? 'for good' : 'retry'}: ${error}`);
      return retryInMs === null ? ('failed' as const) : ('queued' as const);
    },
    release: async (id: string) => void calls.push(`release ${id}`),
  } as unknown as JobsRepository;
  return {
    repo,
    calls,
    holdClaims() {
      hold = new Promise((r) => (release = r));
    },
    releaseClaims() {
      hold = null;
      release();
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('the job runner', () => {
  it('completes a job, retries a failure, and fails a permanent one at once', async () => {
    const queue = memoryQueue([job('a'), job('b'), job('c')]);
    const failed: string[] = [];
    const runner = createJobRunner({
      repo: queue.repo,
      log,
      concurrency: 1,
      pollMs: 10_000,
      handlers: {
        q: async (payload) => {
          const { id } = payload as { id: string };
          if (id === 'b') throw new Error('flaky');
          if (id === 'c') throw new PermanentJobError('bad input');
        },
      },
      onFailed: async (j) => void failed.push(j.id),
    });
    runner.start();
    await settle();
    await runner.stop();
    expect(queue.calls.filter((c) => c !== 'claim')).toEqual(['complete a', 'fail b retry: flaky', 'fail c for good: bad input']);
    expect(failed).toEqual(['c']);
  });

  it('a job claimed while the runner stops is handed back, never started', async () => {
    const queue = memoryQueue([job('late')]);
    let started = false;
    const runner = createJobRunner({
      repo: queue.repo,
      log,
      concurrency: 1,
      pollMs: 10_000,
      handlers: { q: async () => void (started = true) },
    });
    queue.holdClaims();
    runner.start();
    await settle();
    const stopping = runner.stop();
    queue.releaseClaims();
    await stopping;
    expect(started).toBe(false);
    expect(queue.calls).toEqual(['claim', 'release late']);
  });

  it('on shutdown a job still running after the grace period goes back to the queue, not to failed', async () => {
    const queue = memoryQueue([job('slow')]);
    const runner = createJobRunner({
      repo: queue.repo,
      log,
      concurrency: 1,
      pollMs: 10_000,
      drainMs: 10,
      handlers: {
        q: (_p, { signal }) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
      },
      onFailed: async () => {
        throw new Error('must not be called');
      },
    });
    runner.start();
    await settle();
    await runner.stop();
    await settle();
    expect(queue.calls.filter((c) => c !== 'claim')).toEqual(['release slow']);
  });

  it('gives up on a job whose workers keep dying, without running it again', async () => {
    const queue = memoryQueue([job('cursed', 4, 3)]);
    let ran = false;
    const runner = createJobRunner({ repo: queue.repo, log, concurrency: 1, pollMs: 10_000, handlers: { q: async () => void (ran = true) } });
    runner.start();
    await settle();
    await runner.stop();
    expect(ran).toBe(false);
    expect(queue.calls).toContain('fail cursed for good: Gave up after repeated worker failures');
  });
});
