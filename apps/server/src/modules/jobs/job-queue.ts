import type { Database, DatabaseHandle } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type JobResult, type JobWithMetadata } from 'pg-boss';
import type { z } from 'zod';
import { PermanentJobError, type JobDefinition, type JobFailure } from './define-job.ts';

export interface JobQueueOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** Whether this process runs jobs; without it, it only queues them. */
  work: boolean;
  /** Jobs of each queue this process runs at once. */
  concurrency: number;
  /** A running job's lease: a worker that stops renewing it this long loses the job to another. */
  leaseMs: number;
  /** How often an idle worker looks for jobs (a job queued here or on another server wakes it at once). */
  pollMs: number;
  /** How long shutdown waits for running jobs before handing them back to the queue. */
  drainMs: number;
  /** Told of every job this process ran: its queue, how it ended and how long it took. */
  onSettled?: (queue: string, outcome: JobOutcome, seconds: number) => void;
}

export type JobOutcome = 'completed' | 'retry' | 'failed' | 'handed_back';

const SCHEMA = 'pgboss';
const deadLetterOf = (name: string) => `${name}.failed`;

/** pg-boss on the app's database: PGlite in-process through its adapter, PostgreSQL through a small pool of its own. */
export function createBoss(database: DatabaseHandle, options: ConstructorOptions): PgBoss {
  if (database.pglite) return new PgBoss({ ...options, db: fromPglite(database.pglite), backend: 'pglite' });
  return new PgBoss({ ...options, connectionString: database.url, max: 4 });
}

/** What a dead-lettered job says about why it failed (our own output, or pg-boss's for an expired lease). */
function failureOf(output: unknown): JobFailure {
  const o = (output ?? {}) as { permanent?: unknown; message?: unknown; value?: { message?: unknown } };
  const message = typeof o.message === 'string' ? o.message : typeof o.value?.message === 'string' ? o.value.message : 'failed';
  return { permanent: o.permanent === true, message };
}

interface Running {
  name: string;
  job: JobWithMetadata;
  controller: AbortController;
  handedBack: boolean;
  settled: Promise<unknown>;
}

/**
 * The durable job queue (pg-boss) behind the modules' `defineJob` registry. Several servers share
 * it: a job whose worker stops renewing its lease is failed by supervision and retried elsewhere;
 * retries back off exponentially; a job that fails for good lands on its dead-letter queue, whose
 * worker calls the definition's `onFailed`.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { database, log, work } = options;
  const definitions: JobDefinition[] = [];
  const heartbeatSeconds = Math.max(10, Math.ceil(options.leaseMs / 1000));
  const pollingIntervalSeconds = Math.max(0.5, options.pollMs / 1000);
  const boss = createBoss(database, {
    schema: SCHEMA,
    // Only workers supervise: they take over jobs whose lease ran out.
    supervise: work,
    superviseIntervalSeconds: heartbeatSeconds,
    monitorIntervalSeconds: heartbeatSeconds,
    schedule: false,
    useListenNotify: true,
    openTelemetry: { enabled: false },
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const running = new Map<string, Running>();
  let stopping = false;
  let started = false;

  /**
   * Gives a job we hold back to the queue without spending a try, through pg-boss's public calls in
   * one transaction: cancelled fenced to our own attempt (so it never touches the job once another
   * worker has it), resumed, and its retry limit raised by the one try the next claim counts (ADR
   * 0047). Our late settle cannot land on the next attempt: pg-boss fences it to ours.
   */
  async function handBack(name: string, job: JobWithMetadata) {
    await database.db.transaction(async (tx) => {
      const db = { db: fromDrizzle(tx as never, sql) };
      await boss.cancel(name, { id: job.id, retryCount: job.retryCount }, db);
      // Cancelled by this call only if it was still our attempt; otherwise another worker has it.
      const now = await boss.getJobById(name, job.id, db);
      if (now?.state !== 'cancelled' || now.retryCount !== job.retryCount) return;
      await boss.resume(name, job.id, db);
      await boss.update(name, undefined, { id: job.id, retryLimit: job.retryLimit + 1, ...db });
    });
  }

  async function runOne(definition: JobDefinition, job: JobWithMetadata): Promise<JobResult[]> {
    if (stopping) {
      // Claimed while this worker stops: hand it straight back, never start it.
      await handBack(definition.name, job);
      return [];
    }
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      const message = `Invalid payload for ${definition.name}: ${parsed.error.message}`;
      log.warn({ jobId: job.id, queue: definition.name }, message);
      return [{ id: job.id, status: 'deadletter', output: { permanent: true, message } }];
    }
    const controller = new AbortController();
    const signal = AbortSignal.any([job.signal, controller.signal]);
    const startedAt = performance.now();
    const settled = (outcome: JobOutcome) => options.onSettled?.(definition.name, outcome, (performance.now() - startedAt) / 1000);
    const handling = definition.handler(parsed.data, { jobId: job.id, attempt: job.retryCount, signal });
    const entry: Running = { name: definition.name, job, controller, handedBack: false, settled: handling.catch(() => {}) };
    running.set(job.id, entry);
    try {
      await handling;
      settled('completed');
      return [{ id: job.id, status: 'completed' }];
    } catch (err) {
      // Handed back on shutdown: pg-boss's own settle is fenced out, the job waits for the next worker.
      if (entry.handedBack) {
        settled('handed_back');
        return [];
      }
      const message = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof PermanentJobError;
      settled(permanent || job.retryCount >= job.retryLimit ? 'failed' : 'retry');
      log[permanent ? 'warn' : 'info']({ err, jobId: job.id, queue: definition.name, attempt: job.retryCount }, `job ${permanent ? 'failed' : 'will retry'}`);
      return [{ id: job.id, status: permanent ? 'deadletter' : 'failed', output: { permanent, message } }];
    } finally {
      running.delete(job.id);
    }
  }

  /** Creates each queue (and its dead-letter queue), then brings an existing one's settings up to date. */
  async function createQueues() {
    for (const d of definitions) {
      const opts = d.options ?? {};
      if (d.onFailed) await boss.createQueue(deadLetterOf(d.name), { retryLimit: 5, retryDelay: 1, retryBackoff: true });
      const settings = {
        retryLimit: opts.retryLimit ?? 2,
        retryDelay: opts.retryDelaySeconds ?? 1,
        retryBackoff: true,
        expireInSeconds: opts.expireInSeconds ?? 15 * 60,
        heartbeatSeconds,
        notify: true,
        ...(d.onFailed ? { deadLetter: deadLetterOf(d.name) } : {}),
      };
      await boss.createQueue(d.name, settings);
      await boss.updateQueue(d.name, settings);
    }
  }

  async function startWorkers() {
    // NOTIFY wakes idle workers for new jobs; polling at the same pace catches retries coming due.
    const common = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds, heartbeatRefreshSeconds: heartbeatSeconds / 3, localConcurrency: options.concurrency };
    for (const d of definitions) {
      await boss.work(d.name, { ...common, includeMetadata: true, perJobResults: true }, async ([job]) =>
        job ? runOne(d, job as JobWithMetadata) : [],
      );
      const onFailed = d.onFailed;
      if (onFailed) {
        await boss.work(deadLetterOf(d.name), { ...common, includeMetadata: true }, async ([job]) => {
          const parsed = job && d.payload.safeParse(job.data);
          if (parsed?.success) await onFailed(parsed.data, failureOf(job!.sourceOutput));
        });
      }
    }
    // Take over at once the jobs whose worker died while no supervisor ran.
    await boss.supervise();
  }

  return {
    /** Adds a module's jobs to the registry; before start(). */
    register(...jobs: JobDefinition[]) {
      if (started) throw new Error('Register jobs before the queue starts');
      for (const job of jobs) {
        if (definitions.some((d) => d.name === job.name)) throw new Error(`Job ${job.name} is registered twice`);
        definitions.push(job);
      }
    },

    /** Installs or migrates pg-boss's schema and the queues; with `work`, starts the workers. */
    async start() {
      await boss.start();
      await createQueues();
      started = true;
      if (work) await startWorkers();
    },

    /**
     * Queues a job. With `tx`, the job is written in that transaction: it exists exactly when the
     * rows that need it do; with `startAfter`, it runs no earlier. Returns the job's id.
     */
    async send<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>, opts: { tx?: Database; startAfter?: Date } = {}) {
      if (!definitions.includes(definition as unknown as JobDefinition)) {
        throw new Error(`Job ${definition.name} is not registered`);
      }
      const data = definition.payload.parse(payload) as object;
      const id = await boss.send(definition.name, data, {
        ...(opts.tx ? { db: fromDrizzle(opts.tx as never, sql) } : {}),
        // Not before this time (pg-boss's own delay): a job for later is an ordinary queued job meanwhile.
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      });
      if (!id) throw new Error(`Job ${definition.name} was not queued`);
      return id;
    },

    /** Stops claiming; waits for running jobs, then hands any still running back to the queue. */
    async stop() {
      if (!started || stopping) return;
      stopping = true;
      if (work) {
        await Promise.all(definitions.map((d) => boss.offWork(d.name, { wait: false })));
        const finished = Promise.all([...running.values()].map((r) => r.settled)).then(() => false);
        const timedOut = await Promise.race([finished, new Promise<boolean>((r) => setTimeout(() => r(true), options.drainMs).unref())]);
        if (timedOut) {
          for (const r of running.values()) {
            r.handedBack = true;
            await handBack(r.name, r.job).catch((err) => log.error({ err, jobId: r.job.id }, 'could not hand the job back'));
            r.controller.abort(new Error('shutting down'));
          }
        }
      }
      await boss.stop({ graceful: true, timeout: Math.max(1000, options.drainMs) });
    },

    /**
     * For tests that run chains of jobs: resolves once no job of any registered queue (or its dead
     * letters) is waiting or running in this process, so jobs queued by jobs have run too.
     */
    async drain(timeoutMs = 60_000) {
      const names = definitions.flatMap((d) => (d.onFailed ? [d.name, deadLetterOf(d.name)] : [d.name]));
      const deadline = Date.now() + timeoutMs;
      let quietChecks = 0;
      while (quietChecks < 2) {
        if (Date.now() > deadline) throw new Error('jobs still pending after the drain timeout');
        await new Promise((r) => setTimeout(r, 50));
        const jobs = (await Promise.all(names.map((n) => boss.findJobs(n, { limit: 10_000 })))).flat();
        const idle = running.size === 0 && jobs.every((j) => !['created', 'retry', 'active'].includes(j.state));
        quietChecks = idle ? quietChecks + 1 : 0;
      }
    },

    /** Jobs waiting (ready or deferred) and running, per registered queue: the queue depth operators watch. */
    async depth(): Promise<{ queue: string; queued: number; active: number }[]> {
      if (!started) return [];
      const queues = await boss.getQueues(definitions.map((d) => d.name));
      return queues.map((q) => ({ queue: q.name, queued: q.queuedCount, active: q.activeCount }));
    },

    /** A job's state and tries, for tests and operators. */
    async job(name: string, id: string) {
      const job = await boss.getJobById(name, id);
      return job && { state: job.state, retryCount: job.retryCount, output: job.output };
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
