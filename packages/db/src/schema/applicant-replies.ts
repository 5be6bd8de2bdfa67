import { APPLICANT_REPLY_KINDS, APPLICANT_REPLY_STATES } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';
import { funds } from './funds.ts';
import { intakeItems } from './intake.ts';

/**
 * A fund's own wording of the emails its applicants receive (a receipt, and the reasons of a
 * decline), and how long it waits before sending them. No row: the built-in wording, no delay.
 */
export const applicantReplyTemplates = pgTable(
  'applicant_reply_templates',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => funds.id, { onDelete: 'cascade' }),
    receiptSubject: text('receipt_subject').notNull(),
    receiptBody: text('receipt_body').notNull(),
    declineSubject: text('decline_subject').notNull(),
    declineBody: text('decline_body').notNull(),
    delayMinutes: integer('delay_minutes').notNull().default(0),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('applicant_reply_templates_delay', sql`${t.delayMinutes} between 0 and 10080`)],
);

/**
 * One email to an applicant: rendered when it is scheduled (so what was sent is what the fund's
 * wording said then), sent by a job once it is due. One receipt per intake item; one decline per deal and address.
 */
export const applicantReplies = pgTable(
  'applicant_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    intakeItemId: uuid('intake_item_id').references(() => intakeItems.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: APPLICANT_REPLY_KINDS }).notNull(),
    toAddress: text('to_address').notNull(),
    reference: text('reference'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: APPLICANT_REPLY_STATES }).notNull().default('scheduled'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applicant_replies_receipt_once').on(t.intakeItemId).where(sql`${t.kind} = 'receipt'`),
    uniqueIndex('applicant_replies_decline_once').on(t.dealId, t.toAddress).where(sql`${t.kind} = 'decline'`),
    index('applicant_replies_deal').on(t.dealId),
  ],
);
