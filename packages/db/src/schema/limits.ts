import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request rate limits (@fastify/rate-limit's counters), kept in the database so that every API
 * host counts against one limit (ADR 0043). `key` is the limit's namespace (the route) and the
 * client's key (its address); a counter whose window has passed starts again at 1.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/**
 * The shared log of counted attempts (sign-ups per email, wrong second-factor codes per account,
 * intake items per sender and fund): each host keeps the recent entries in memory to answer at
 * once, appends its own here and hears the others' through NOTIFY (ADR 0043). A 'clear' entry
 * forgets the key's earlier attempts. Rows live until their window ends.
 */
export const rateLimitAttempts = pgTable(
  'rate_limit_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    limiter: text('limiter').notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['attempt', 'clear'] }).notNull(),
    /** Milliseconds since the epoch, as the recording host counted it. */
    at: bigint('at', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('rate_limit_attempts_expires_idx').on(t.expiresAt),
    check('rate_limit_attempts_kind_check', sql`${t.kind} in ('attempt', 'clear')`),
  ],
);
