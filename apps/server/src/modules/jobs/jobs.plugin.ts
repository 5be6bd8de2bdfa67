import type { DatabaseHandle } from '@fitscore/db';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import { createJobQueue, type JobOutcome, type JobQueue } from './job-queue.ts';

/**
 * The app's job queue: modules register their jobs on it while the app is assembled; it starts
 * when the app is ready (workers only where JOBS_ENABLED) and, on close, lets running jobs finish
 * or hands them back before the database closes.
 */
export function registerJobQueue(
  app: FastifyInstance,
  database: DatabaseHandle,
  config: AppConfig,
  onSettled?: (queue: string, outcome: JobOutcome, seconds: number) => void,
): JobQueue {
  const jobs = createJobQueue({
    database,
    log: app.log,
    work: config.jobs.enabled,
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    pollMs: config.jobs.pollMs,
    drainMs: config.jobs.drainMs,
    ...(onSettled ? { onSettled } : {}),
  });
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
  return jobs;
}
