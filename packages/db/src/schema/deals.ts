import { DEAL_CONFIDENCES, DEAL_ROW_STATUSES, DEAL_SOURCES } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';


/**
 * A startup in a fund's pipeline. Its deck and analysis are owned by the deal (decks,
 * scoring_runs and fit_scores have a `deal_id` owner column); `fit_score` is the analysis'
 * nine sub-scores weighted by the fund's weights, stored so the pipeline sorts on an index
 * and re-weighting is one set-based update.
 */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    startupName: text('startup_name').notNull(),
    sector: text('sector').notNull().default(''),
    stage: text('stage').notNull().default(''),
    geography: text('geography').notNull().default(''),
    website: text('website').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    oneLiner: text('one_liner').notNull().default(''),
    source: text('source', { enum: DEAL_SOURCES }).notNull(),
    status: text('status', { enum: DEAL_ROW_STATUSES }).notNull().default('new'),
    /** The fund member who owns the deal (Assign); null when nobody does. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * The analysis the deal's score comes from (its newest finished scoring): a `fit_scores`
     * row owned by this deal. Not a declared foreign key, since `fit_scores.deal_id` already
     * points here (the schema files may not import each other); such a row is only ever
     * deleted with its deal (`on delete cascade`), so it cannot dangle.
     */
    scoreId: uuid('score_id'),
    /** 0-100 under the fund's weights; null until scored. */
    fitScore: integer('fit_score'),
    confidence: text('confidence', { enum: DEAL_CONFIDENCES }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    fitSector: boolean('fit_sector').notNull().default(false),
    fitStage: boolean('fit_stage').notNull().default(false),
    fitGeography: boolean('fit_geography').notNull().default(false),
    /** Null while the deal's ask is unknown. */
    fitTicket: boolean('fit_ticket'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Pipeline order per fund: by date, by FitScore (nulls last), by name; each with the id as tie-breaker.
    index('deals_fund_created_idx').on(t.fundId, t.createdAt, t.id),
    index('deals_fund_score_idx').on(t.fundId, sql`coalesce(${t.fitScore}, -1)`, t.id),
    index('deals_fund_name_idx').on(t.fundId, sql`lower(${t.startupName})`, t.id),
    index('deals_fund_status_created_idx').on(t.fundId, t.status, t.createdAt, t.id),
    index('deals_fund_scored_idx').on(t.fundId, t.scoredAt),
    check('deals_fit_score_check', sql`${t.fitScore} is null or ${t.fitScore} between 0 and 100`),
    check('deals_status_check', sql`${t.status} in ('new', 'hot', 'track', 'cold')`),
  ],
);

/** Every status change of a deal: who, when, from, to and the note given. */
export const dealStatusHistory = pgTable(
  'deal_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status', { enum: DEAL_ROW_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: DEAL_ROW_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_status_history_deal_idx').on(t.dealId, t.createdAt)],
);
