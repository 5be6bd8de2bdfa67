import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * What a fund lets founders see on 'Where your deck went' (issue 32 point 2): whether a deal it is
 * looking at shows as 'Under review' (else 'Received'). No row: shown (ADR 0071). Written by the
 * founder-outreach module only.
 */
export const fundOutreachSettings = pgTable('fund_outreach_settings', {
  fundId: uuid('fund_id')
    .primaryKey()
    .references(() => funds.id, { onDelete: 'cascade' }),
  showUnderReview: boolean('show_under_review').notNull().default(true),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
