import type { z } from 'zod';

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** 0 on the first try, then one more on each retry or takeover. */
  attempt: number;
  /** Aborted when the job's lease is lost (another worker took it over) or the worker hands it back on shutdown. */
  signal: AbortSignal;
}

/** A failure that retrying cannot fix (the input itself is bad): the job fails at once, without retries. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Why a job failed for good, as its owner's `onFailed` hears it. */
export interface JobFailure {
  /** The handler said the input is bad (PermanentJobError); otherwise retries ran out or the payload was invalid. */
  permanent: boolean;
  message: string;
}

export interface JobOptions {
  /** Retries after the first try (a lost lease counts as a try). Default 2. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each one after it (with jitter). Default 1. */
  retryDelaySeconds?: number;
  /** How long one try may run before it counts as failed. Default 15 minutes. */
  expireInSeconds?: number;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** The queue's name; one module owns each. */
  name: string;
  payload: S;
  handler(payload: z.output<S>, ctx: JobContext): Promise<void>;
  /**
   * Records the outcome once the job has failed for good. It runs as a job of its own on the queue's
   * dead-letter queue, so the outcome is recorded even if the worker that gave up dies right after.
   */
  onFailed?(payload: z.output<S>, failure: JobFailure): Promise<void>;
  options?: JobOptions;
}

/** Declares a job: its queue, the payload it accepts, what runs it and how it retries. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
