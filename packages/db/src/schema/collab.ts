import { DEAL_ACTIVITY_STORED_KINDS } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';
import { funds } from './funds.ts';

/**
 * A fund member's comment on a deal (Markdown-light text). Mentions are stored resolved: the
 * ids of the fund's members the body's `@[Name](id)` tokens name (others are turned into plain text).
 */
export const dealComments = pgTable(
  'deal_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    /** Null once the author's account is gone (the comment stays, by 'a former member'). */
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('deal_comments_deal_created_idx').on(t.dealId, t.createdAt)],
);

/**
 * What happened to a deal that no other table keeps the who and when of: assignments, reviews
 * and comments (added, edited, deleted). Written in the same transaction as the action. Arrivals,
 * scorings and status changes are read from deal_sources, fit_scores and deal_status_history (ADR 0024).
 */
export const dealActivity = pgTable(
  'deal_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: DEAL_ACTIVITY_STORED_KINDS }).notNull(),
    /** The kind's facts: `{ toUserId, toName }` for an assignment, `{ commentId }` for a comment. */
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_activity_deal_created_idx').on(t.dealId, t.createdAt),
    check('deal_activity_kind_check', sql`${t.kind} in ('assigned', 'reviewed', 'commented', 'comment_edited', 'comment_deleted')`),
  ],
);
