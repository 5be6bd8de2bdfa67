import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A fund an admin asked to delete (issue 33 point 6): it is purged, rows and files, once
 * `purge_after` has passed, unless an admin cancels (the row goes) before. Written only by the
 * fund-data module's repository; goes with the fund itself when the purge runs.
 */
export const fundDeletions = pgTable('fund_deletions', {
  fundId: uuid('fund_id')
    .primaryKey()
    .references(() => funds.id, { onDelete: 'cascade' }),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  purgeAfter: timestamp('purge_after', { withTimezone: true }).notNull(),
});
