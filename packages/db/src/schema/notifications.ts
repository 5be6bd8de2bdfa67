import { INTRO_STATUSES, NOTIFICATION_ACTIONS, NOTIFICATION_TYPES } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';
import { funds } from './funds.ts';

/**
 * A founder's request for an intro to a fund (from their investor matches), and how it ended:
 * the fund's question and the founder's one answer, who decided, the deal an approval created
 * and the reasons given when the fund passed on that deal.
 */
export const intros = pgTable(
  'intros',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    founderUserId: uuid('founder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INTRO_STATUSES }).notNull().default('pending'),
    note: text('note').notNull().default(''),
    question: text('question'),
    answer: text('answer'),
    /** The member who approved, asked or dismissed (the founder's contact once accepted). */
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The deal an approval put in the fund's pipeline. */
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('intros_founder_fund_created_idx').on(t.founderUserId, t.fundId, t.createdAt),
    index('intros_deal_idx').on(t.dealId),
    check('intros_status_check', sql`${t.status} in ('pending', 'moreinfo', 'answered', 'accepted', 'dismissed', 'declined')`),
  ],
);

/** Why a fund passed on a deal (Cold with reasons): shown to a platform founder; the note stays internal. */
export const dealDeclines = pgTable('deal_declines', {
  dealId: uuid('deal_id')
    .primaryKey()
    .references(() => deals.id, { onDelete: 'cascade' }),
  reasons: text('reasons').array().notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One fund member's notification (spec section 3). A fund event gives each member a row; the
 * action taken is the fund's, so acting on one marks its siblings (same fund, type and subject) too.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    reason: text('reason').array().notNull().default(sql`'{}'::text[]`),
    details: text('details').notNull().default(''),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'cascade' }),
    introId: uuid('intro_id').references(() => intros.id, { onDelete: 'cascade' }),
    unread: boolean('unread').notNull().default(true),
    action: text('action', { enum: NOTIFICATION_ACTIONS }),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    /** What the action did, in words (an approved intro: a new deal, or a source on one already in the pipeline). */
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.unread}`),
    // A deal raises one match alert per member, however often it is re-scored.
    uniqueIndex('notifications_match_once_idx').on(t.userId, t.dealId).where(sql`${t.type} = 'match'`),
    index('notifications_intro_idx').on(t.introId),
    check('notifications_type_check', sql`${t.type} in ('match', 'warmintro', 'mention', 'assigned')`),
  ],
);
