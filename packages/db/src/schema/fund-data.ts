import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A download link of a fund's archive (issue 33 point 6): made for one admin, opened once, within
 * FUND_ARCHIVE_LINK_TTL_SECONDS. A link copied out of a browser's history or a proxy's log opens
 * nothing after its first download. Written only by the fund-data module's repository.
 */
export const fundArchiveLinks = pgTable(
  'fund_archive_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('fund_archive_links_fund_idx').on(t.fundId, t.expiresAt)],
);
