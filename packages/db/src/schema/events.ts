import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server-push log: every event published to a user or a fund, kept 24 hours so a stream that
 * reconnects with Last-Event-ID gets what it missed, and so every API process sharing the database
 * can read what another one published (LISTEN/NOTIFY carries only the id). Ids are handed out and
 * committed in order (publishers take a transaction-level advisory lock), so "after id N" never
 * skips a row that commits later.
 */
export const serverEvents = pgTable(
  'server_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    audienceKind: text('audience_kind', { enum: ['user', 'fund'] }).notNull(),
    /** The user's or the fund's id. */
    audienceId: text('audience_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('server_events_audience_idx').on(t.audienceKind, t.audienceId, t.id),
    index('server_events_created_idx').on(t.createdAt),
    check('server_events_audience_kind_check', sql`${t.audienceKind} in ('user', 'fund')`),
  ],
);
