import { DIGEST_FREQUENCIES } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';
import { funds } from './funds.ts';

/**
 * Follow-ups (issue 31 point 4), written only by the follow-ups module's repository: reminders on
 * deals, the fund's 'no touch in N days' rule, each deal's last touch, each member's digest choice
 * and the digests already sent (one per member and period, whichever host sends it).
 */
export const followUpReminders = pgTable(
  'follow_up_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    /** Who should follow up; null: whoever created it. */
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneByUserId: uuid('done_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('follow_up_reminders_deal_idx').on(t.dealId, t.dueAt),
    // The bell's and the digest's read: a fund's open reminders by due time.
    index('follow_up_reminders_open_idx').on(t.fundId, t.dueAt).where(sql`${t.doneAt} is null`),
  ],
);

/** The fund's rule: a deal in one of `stageIds` untouched for `idleDays` days is due for a follow-up. */
export const followUpRules = pgTable(
  'follow_up_rules',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => funds.id, { onDelete: 'cascade' }),
    idleDays: integer('idle_days').notNull(),
    stageIds: uuid('stage_ids').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('follow_up_rules_idle_days_check', sql`${t.idleDays} between 1 and 365`)],
);

/** When a deal was last touched (a status or stage change, a comment, an assignment, a reminder done). */
export const dealTouches = pgTable('deal_touches', {
  dealId: uuid('deal_id')
    .primaryKey()
    .references(() => deals.id, { onDelete: 'cascade' }),
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's digest email choice; no row: the default (weekly, in UTC). */
export const digestSettings = pgTable(
  'digest_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: DIGEST_FREQUENCIES }).notNull(),
    /** The member's IANA time zone ('America/New_York'): their digest's day, hour and times; null: UTC. */
    timeZone: text('time_zone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('digest_settings_frequency_check', sql`${t.frequency} in ('daily', 'weekly', 'never')`)],
);

/** One row per member and period ('2026-11-28' daily, '2026-W48' weekly): the digest is claimed once. */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] }), index('digest_sends_claimed_idx').on(t.claimedAt)],
);
