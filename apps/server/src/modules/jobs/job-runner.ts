import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow, JobsRepository } from './jobs.repository.ts';

export interface JobContext {
  job: JobRow;
  /** Aborted when the job's lease is lost or the worker shuts down. */
  signal: AbortSignal;
}

export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

/** A failure that retrying cannot fix (the input itself is bad): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface JobRunnerOptions {
  repo: JobsRepository;
  handlers: Record<string, JobHandler>;
  /** Called once a job has failed for good, so its owner can record the outcome. */
  onFailed?: (job: JobRow, error: unknown) => Promise<void>;
  log: FastifyBaseLogger;
  concurrency: number;
  pollMs?: number;
  leaseMs?: number;
  /** How long shutdown waits for running jobs before handing them back to the queue. */
  drainMs?: number;
}

/**
 * Runs jobs from the database queue. Several runners (processes, machines) can share a
 * queue. Each claimed job holds a lease renewed while it runs; if the process dies, the
 * lease runs out and another runner claims the job again.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { repo, handlers, log, concurrency } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const drainMs = options.drainMs ?? 10_000;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const queues = Object.keys(handlers);
  const running = new Map<string, { promise: Promise<void>; controller: AbortController }>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  /** The claim loop in progress, if any: stop() waits for it so no job starts after the stop. */
  let polling: Promise<void> | null = null;

  async function runJob(job: JobRow, controller: AbortController) {
    const heartbeat = setInterval(() => {
      repo
        .heartbeat(job.id, workerId, leaseMs)
        .then((ours) => {
          if (!ours) controller.abort(new Error('lease lost'));
        })
        .catch((err) => log.warn({ err, jobId: job.id }, 'job heartbeat failed'));
    }, leaseMs / 3);
    try {
      if (job.attempts > job.maxAttempts) throw new PermanentJobError('Gave up after repeated worker failures');
      await handlers[job.queue]!(job.payload, { job, signal: controller.signal });
      await repo.complete(job.id, workerId);
    } catch (err) {
      if (stopped && controller.signal.aborted) return; // handed back on shutdown
      const permanent = err instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryInMs = permanent ? null : 1000 * 2 ** job.attempts;
      const message = err instanceof Error ? err.message : String(err);
      const status = await repo.fail(job.id, workerId, message, retryInMs);
      log[status === 'failed' ? 'warn' : 'info']({ jobId: job.id, queue: job.queue, attempt: job.attempts, err }, `job ${status === 'failed' ? 'failed' : 'will retry'}`);
      if (status === 'failed') await options.onFailed?.(job, err);
    } finally {
      clearInterval(heartbeat);
    }
  }

  function poll(): Promise<void> {
    if (polling || stopped) return polling ?? Promise.resolve();
    polling = claimLoop().finally(() => {
      polling = null;
    });
    return polling;
  }

  async function claimLoop() {
    try {
      while (!stopped && running.size < concurrency) {
        const job = await repo.claim(queues, workerId, leaseMs);
        if (!job) break;
        if (stopped) {
          // Stopped while this claim was on its way: hand the job straight back.
          await repo.release(job.id, workerId);
          break;
        }
        const controller = new AbortController();
        const promise = runJob(job, controller)
          .catch((err) => log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
          .finally(() => {
            running.delete(job.id);
            void poll();
          });
        running.set(job.id, { promise, controller });
      }
    } catch (err) {
      log.error({ err }, 'claiming jobs failed');
    }
  }

  return {
    workerId,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void poll(), pollMs);
      timer.unref();
      void poll();
    },
    /** Wakes the runner now (a job was just queued by this process). */
    notify() {
      void poll();
    },
    /** Stops claiming; waits for running jobs, then hands any still running back to the queue. */
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await polling;
      const pending = [...running.entries()];
      const finished = Promise.allSettled(pending.map(([, r]) => r.promise));
      const timedOut = await Promise.race([
        finished.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), drainMs).unref()),
      ]);
      if (timedOut) {
        for (const [id, r] of running) {
          r.controller.abort(new Error('shutting down'));
          await repo.release(id, workerId).catch((err) => log.error({ err, jobId: id }, 'could not re-queue job'));
        }
      }
    },
    get active() {
      return running.size;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
