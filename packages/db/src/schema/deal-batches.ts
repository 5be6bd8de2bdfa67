import type { BulkAction } from '@fitscore/contracts';
import { DEAL_ROW_STATUSES } from '@fitscore/contracts';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';
import { funds } from './funds.ts';

/**
 * One bulk action on a fund's deals (issue 31 point 3): what it did, by whom, and when it was
 * undone (once). Written by the deals module only.
 */
export const dealBatches = pgTable(
  'deal_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: jsonb('action').$type<BulkAction>().notNull(),
    selected: integer('selected').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('deal_batches_fund_idx').on(t.fundId, t.createdAt)],
);

/** Each deal of a batch with what the action could change, as it was before: what Undo puts back. */
export const dealBatchItems = pgTable(
  'deal_batch_items',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => dealBatches.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DEAL_ROW_STATUSES }).notNull(),
    pipelineStageId: uuid('pipeline_stage_id'),
    ownerUserId: uuid('owner_user_id'),
    /** The batch's tag was already on the deal (Undo leaves it). */
    hadTag: boolean('had_tag').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.dealId] }), index('deal_batch_items_deal_idx').on(t.dealId)],
);
