import { rateLimitAttempts, rateLimitCounters, rawRows, type Database } from '@fitscore/db';
import { asc, gt, lt, sql } from 'drizzle-orm';
import type { AttemptEntry } from '../auth/attempt-limiter.ts';

/** The NOTIFY channel of the attempts log; the payload is the entry (StoredAttempt) as JSON. */
export const ATTEMPTS_CHANNEL = 'fitscore_attempts';

export interface StoredAttempt extends AttemptEntry {
  id: number;
  /** The process that recorded it (it applied the entry already). */
  origin: string;
}

/** The shared limits' tables: request counters and the attempts log (ADR 0043). */
export function createLimitsRepository(db: Database) {
  return {
    /**
     * Counts one hit on a window counter atomically; a counter whose window has passed starts
     * again. Returns the hits in the window and the milliseconds until it ends.
     */
    async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const [row] = await rawRows<{ hits: number; ttl_ms: number }>(
        db,
        sql`insert into ${rateLimitCounters} as c (key, hits, reset_at)
            values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
            on conflict (key) do update set
              hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
              reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
            returning hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl_ms`,
      );
      return { hits: row!.hits, ttlMs: row!.ttl_ms };
    },

    /** A counter's hits and remaining window, without counting (0 and 0 when none is running). */
    async peek(key: string): Promise<{ hits: number; ttlMs: number }> {
      const [row] = await rawRows<{ hits: number; ttl_ms: number }>(
        db,
        sql`select hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::int as ttl_ms
            from ${rateLimitCounters} where key = ${key} and reset_at > now()`,
      );
      return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
    },

    /** Appends an entry to the attempts log and, with `notify`, tells the other hosts in the same statement. */
    async append(entry: AttemptEntry, origin: string, notify: boolean): Promise<void> {
      const expires = sql`to_timestamp(${(entry.at + entry.windowMs) / 1000})`;
      const insert = sql`insert into ${rateLimitAttempts} (limiter, key, kind, at, expires_at)
        values (${entry.limiter}, ${entry.key}, ${entry.kind}, ${entry.at}, ${expires}) returning id`;
      if (!notify) {
        await db.execute(insert);
        return;
      }
      await db.execute(sql`with e as (${insert})
        select pg_notify(${ATTEMPTS_CHANNEL}, json_build_object(
          'id', e.id, 'origin', ${origin}::text, 'limiter', ${entry.limiter}::text, 'key', ${entry.key}::text,
          'kind', ${entry.kind}::text, 'at', ${entry.at}::bigint, 'windowMs', ${entry.windowMs}::bigint)::text)
        from e`);
    },

    /** The log's entries still in their window, oldest first. */
    async live(): Promise<StoredAttempt[]> {
      const rows = await db
        .select()
        .from(rateLimitAttempts)
        .where(gt(rateLimitAttempts.expiresAt, sql`now()`))
        .orderBy(asc(rateLimitAttempts.id));
      return rows.map((r) => ({
        id: r.id,
        origin: '',
        limiter: r.limiter,
        key: r.key,
        kind: r.kind,
        at: r.at,
        windowMs: r.expiresAt.getTime() - r.at,
      }));
    },

    /** Deletes counters and log entries whose window has passed; any host may run it. */
    async prune(): Promise<void> {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, sql`now()`));
      await db.delete(rateLimitAttempts).where(lt(rateLimitAttempts.expiresAt, sql`now()`));
    },
  };
}

export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
