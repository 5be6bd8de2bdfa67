import { EVENTS_STREAM_PATH } from '@fitscore/contracts';
import type { DatabaseHandle } from '@fitscore/db';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import type { JobOutcome, JobQueue } from '../jobs/job-queue.ts';
import type { DeckAnalyzerPort } from '../../plugins/platform.ts';
import { createMonitoringRepository } from './monitoring.repository.ts';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LONG_SECONDS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

export interface Monitoring {
  registry: Registry;
  /** The job queue's report of each job this process ran. */
  jobSettled(queue: string, outcome: JobOutcome, seconds: number): void;
  /** The deck analyzer, timed: each analysis is a scoring's engine time. */
  timedAnalyzer(analyzer: DeckAnalyzerPort): DeckAnalyzerPort;
  /** Reads the queue's depth at each scrape, once the queue exists. */
  watchQueue(jobs: JobQueue): void;
}

/**
 * The process's Prometheus metrics (prom-client, ADR 0045): requests by route (rate, latency,
 * errors), open event streams, the database pool, job durations and the queue's depth, scoring
 * time, intake items by channel and outcome, and Node's own (CPU, memory, event loop, GC). Each
 * app has a registry of its own (several run in one test process).
 */
export function createMonitoring(app: FastifyInstance, database: DatabaseHandle): Monitoring {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const repo = createMonitoringRepository(database.db);
  let queue: JobQueue | undefined;

  const requests = new Histogram({
    name: 'fitscore_http_request_duration_seconds',
    help: 'API requests by route, method and status: count (rate) and latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'fitscore_http_errors_total',
    help: 'API answers with a 4xx or 5xx status, by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const streams = new Gauge({ name: 'fitscore_event_stream_clients', help: 'Open server-sent event streams on this process', registers: [registry] });
  new Gauge({
    name: 'fitscore_db_pool_connections',
    help: 'Database pool connections: open (total), idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
  const jobs = new Histogram({
    name: 'fitscore_job_duration_seconds',
    help: 'Jobs run by this process, by queue and how they ended',
    labelNames: ['queue', 'outcome'] as const,
    buckets: LONG_SECONDS,
    registers: [registry],
  });
  new Gauge({
    name: 'fitscore_job_queue_depth',
    help: 'Jobs per queue waiting to run (queued) and running (active), across every worker',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await queue?.depth()) ?? []) {
        this.set({ queue: q.queue, state: 'queued' }, q.queued);
        this.set({ queue: q.queue, state: 'active' }, q.active);
      }
    },
  });
  const scoring = new Histogram({
    name: 'fitscore_scoring_duration_seconds',
    help: 'Deck analyses (the scoring engine) run by this process, by outcome',
    labelNames: ['outcome'] as const,
    buckets: LONG_SECONDS,
    registers: [registry],
  });
  new Gauge({
    name: 'fitscore_intake_items',
    help: 'Deal intake items stored, by channel and outcome (every host\'s, read from the intake log)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await repo.intakeItems()) this.set({ channel: row.channel, outcome: row.outcome }, row.n);
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== EVENTS_STREAM_PATH) return;
    streams.inc();
    reply.raw.once('close', () => streams.dec());
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status_code: String(reply.statusCode) };
    requests.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) errors.inc(labels);
  });

  return {
    registry,
    jobSettled: (name, outcome, seconds) => jobs.observe({ queue: name, outcome }, seconds),
    timedAnalyzer: (analyzer) => ({
      inspect: analyzer.inspect.bind(analyzer),
      close: analyzer.close.bind(analyzer),
      analyze: async (...args: Parameters<DeckAnalyzerPort['analyze']>) => {
        const end = scoring.startTimer();
        try {
          const result = await analyzer.analyze(...args);
          end({ outcome: 'done' });
          return result;
        } catch (err) {
          end({ outcome: 'failed' });
          throw err;
        }
      },
    }),
    watchQueue: (jobs) => {
      queue = jobs;
    },
  };
}

/** `GET /metrics` on the API port, for a scraper that presents METRICS_TOKEN as a bearer token. */
export function metricsRoute(app: FastifyInstance, registry: Registry, token: string) {
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'A metrics token is required', code: 'unauthenticated' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
