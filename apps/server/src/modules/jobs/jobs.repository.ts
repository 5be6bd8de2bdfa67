import type { Database } from '@fitscore/db';
import { jobs } from '@fitscore/db';
import { and, eq, sql } from 'drizzle-orm';

export type JobRow = typeof jobs.$inferSelect;

export function createJobsRepository(db: Database) {
  return {
    enqueue: async (
      queue: string,
      payload: unknown,
      options: { maxAttempts?: number; tx?: Database } = {},
    ): Promise<JobRow> => {
      const [row] = await (options.tx ?? db)
        .insert(jobs)
        .values({ queue, payload, maxAttempts: options.maxAttempts ?? 3 })
        .returning();
      return row!;
    },

    /**
     * Claims the oldest due job of these queues: queued and due, or running with an expired
     * lease (its worker died). SKIP LOCKED lets several workers claim side by side.
     */
    claim: async (queues: string[], workerId: string, leaseMs: number): Promise<JobRow | undefined> => {
      const result = await db.execute(sql`
        update ${jobs} set
          status = 'running',
          attempts = ${jobs.attempts} + 1,
          locked_by = ${workerId},
          locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
          updated_at = now()
        where ${jobs.id} = (
          select id from ${jobs}
          where ${jobs.queue} in ${queues}
            and ((${jobs.status} = 'queued' and ${jobs.runAt} <= now())
              or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now()))
          order by ${jobs.runAt}
          for update skip locked
          limit 1
        )
        returning id`);
      const rows = (result as unknown as { rows: { id: string }[] }).rows;
      const id = rows[0]?.id;
      if (!id) return undefined;
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /** Extends the lease; false when the job is no longer ours (it was reclaimed). */
    heartbeat: async (id: string, workerId: string, leaseMs: number): Promise<boolean> => {
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    complete: async (id: string, workerId: string) => {
      await db
        .update(jobs)
        .set({ status: 'done', lockedBy: null, lockedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
    },

    /** Retries later, or fails for good. Returns the new status. */
    fail: async (
      id: string,
      workerId: string,
      error: string,
      retryInMs: number | null,
    ): Promise<'queued' | 'failed'> => {
      const status = retryInMs === null ? 'failed' : 'queued';
      await db
        .update(jobs)
        .set({
          status,
          lastError: error.slice(0, 2000),
          lockedBy: null,
          lockedUntil: null,
          runAt: retryInMs === null ? sql`${jobs.runAt}` : sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          finishedAt: retryInMs === null ? sql`now()` : null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
      return status;
    },

    /** Hands a job we are giving up (shutdown) back to the queue without spending an attempt. */
    release: async (id: string, workerId: string) => {
      await db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          lockedBy: null,
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
    },

    get: async (id: string): Promise<JobRow | undefined> => {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
