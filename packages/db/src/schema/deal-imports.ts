import { IMPORT_OUTCOMES, IMPORT_STATUSES, type ImportMapping } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';
import { funds } from './funds.ts';

/**
 * A fund's import of its deal flow from a CSV (issue 31 point 5, ADR 0068): the file read on upload
 * (header, first rows, row count), the mapping chosen, and the job's progress, committed with each
 * batch of rows so that a restarted job goes on where the last batch ended. Written by the
 * deal-import module only; at most one import per fund is queued or running (the partial index).
 */
export const dealImports = pgTable(
  'deal_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    /** Who uploaded it: the imported notes are their comments. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    /** Where the uploaded file is kept until the import has run (the blob store). */
    blobKey: text('blob_key').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('mapping'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** Per column: its dates read day first (31/12/2024), judged from the whole file on upload. */
    dayFirst: jsonb('day_first').$type<boolean[]>().notNull(),
    sample: jsonb('sample').$type<string[][]>().notNull(),
    /** The mapping suggested from the header names, then the one the import ran with. */
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    totalRows: integer('total_rows').notNull(),
    processed: integer('processed').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    merged: integer('merged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('deal_imports_fund_created_idx').on(t.fundId, t.createdAt),
    uniqueIndex('deal_imports_one_running_idx').on(t.fundId).where(sql`${t.status} in ('queued', 'running')`),
    check('deal_imports_status_check', sql`${t.status} in ('mapping', 'queued', 'running', 'done', 'failed')`),
  ],
);

/** What became of each row of an import (the report), and of its deck URL. */
export const dealImportRows = pgTable(
  'deal_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => dealImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    company: text('company').notNull(),
    outcome: text('outcome', { enum: IMPORT_OUTCOMES }).notNull(),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    deckUrl: text('deck_url'),
    /** Null while the deck is being fetched (or there is none); then what happened. */
    deckResult: text('deck_result'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row] }),
    check('deal_import_rows_outcome_check', sql`${t.outcome} in ('imported', 'merged', 'refused')`),
  ],
);
