import { SUB_SCORE_KEYS, type SubScoreKey } from '@fitscore/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { check, index, type AnyPgColumn, integer, jsonb, pgTable, real, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals } from './deals.ts';

/**
 * Decks, scoring runs and analyses belong to an owner: a founder's account today, a fund's
 * deal once deals exist (docs/decisions/0007-scoring-owner-and-units-of-work.md). Each kind
 * of owner is its own nullable column with a real foreign key, and a check keeps exactly one
 * of them set. A deal owner is one more column (`deal_id`) and one more name in the check.
 */
const ownerUserId = () => uuid('user_id').references(() => users.id, { onDelete: 'cascade' });
const ownerDealId = () => uuid('deal_id').references((): AnyPgColumn => deals.id, { onDelete: 'cascade' });
const exactlyOneOwner = (name: string, userId: AnyPgColumn, dealId: AnyPgColumn) =>
  check(name, sql`num_nonnulls(${userId}, ${dealId}) = 1`);

/** Every uploaded deck version; the newest not removed is the owner's current deck. */
export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Owner: a founder account, or a fund's deal. */
    userId: ownerUserId(),
    dealId: ownerDealId(),
    version: integer('version').notNull(),
    filename: text('filename').notNull(),
    format: text('format', { enum: ['pdf', 'pptx', 'ppt'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by Delete / New Upload: the deck stops being current but stays among the versions. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('decks_user_version_idx').on(t.userId, t.version),
    uniqueIndex('decks_deal_version_idx').on(t.dealId, t.version),
    exactlyOneOwner('decks_owner_check', t.userId, t.dealId),
  ],
);

/** One scoring of a deck and profile: its progress through the real stages, and its outcome. */
export const scoringRuns = pgTable(
  'scoring_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Owner: a founder account, or a fund's deal. */
    userId: ownerUserId(),
    dealId: ownerDealId(),
    deckId: uuid('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    stage: text('stage', { enum: ['queued', 'reading', 'ocr', 'understanding', 'scoring', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    /**
     * The job attempt that holds the run (pg-boss's retry count): a worker whose lease was taken
     * over finds a newer attempt here and may neither report progress nor store its result.
     */
    attempt: integer('attempt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scoring_runs_user_created_idx').on(t.userId, t.createdAt),
    // At most one scoring in flight per owner: a second start returns the running one.
    uniqueIndex('scoring_runs_one_active_idx').on(t.userId).where(sql`${t.status} in ('queued', 'running')`),
    index('scoring_runs_deal_created_idx').on(t.dealId, t.createdAt),
    uniqueIndex('scoring_runs_deal_one_active_idx').on(t.dealId).where(sql`${t.status} in ('queued', 'running')`),
    exactlyOneOwner('scoring_runs_owner_check', t.userId, t.dealId),
  ],
);

/** A sub-score column: the dimension's 1-10 score, copied out of the analysis for SQL. */
const subScore = (name: string) => smallint(name).notNull();

/**
 * A finished analysis, with the deck version and engine version it came from. The nine
 * sub-scores are columns beside the analysis JSON, so any weighting (a fund's) is computed,
 * filtered and sorted in SQL (`weightedOverallSql`).
 */
export const fitScores = pgTable(
  'fit_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Owner: a founder account, or a fund's deal. */
    userId: ownerUserId(),
    dealId: ownerDealId(),
    runId: uuid('run_id').references(() => scoringRuns.id, { onDelete: 'set null' }),
    deckId: uuid('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    deckVersion: integer('deck_version').notNull(),
    engineVersion: text('engine_version').notNull(),
    /** 0-100 with every dimension weighing the same (the engine's own overall). */
    overall: integer('overall').notNull(),
    scoreTeam: subScore('score_team'),
    scoreMarket: subScore('score_market'),
    scoreProblemSolution: subScore('score_problem_solution'),
    scoreTraction: subScore('score_traction'),
    scoreProduct: subScore('score_product'),
    scoreBusinessModel: subScore('score_business_model'),
    scoreFinancials: subScore('score_financials'),
    scoreGtm: subScore('score_gtm'),
    scoreRisks: subScore('score_risks'),
    analysis: jsonb('analysis').notNull(),
    /** The profile as scored, so the report shows what the score rests on. */
    profile: jsonb('profile').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by New Upload: the founder starts over; the score stays in history. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    index('fit_scores_user_created_idx').on(t.userId, t.createdAt),
    index('fit_scores_deal_created_idx').on(t.dealId, t.createdAt),
    // One result per run, whatever a late worker tries.
    uniqueIndex('fit_scores_run_idx').on(t.runId),
    exactlyOneOwner('fit_scores_owner_check', t.userId, t.dealId),
    check(
      'fit_scores_sub_scores_check',
      sql`least(${t.scoreTeam}, ${t.scoreMarket}, ${t.scoreProblemSolution}, ${t.scoreTraction}, ${t.scoreProduct}, ${t.scoreBusinessModel}, ${t.scoreFinancials}, ${t.scoreGtm}, ${t.scoreRisks}) >= 1 and greatest(${t.scoreTeam}, ${t.scoreMarket}, ${t.scoreProblemSolution}, ${t.scoreTraction}, ${t.scoreProduct}, ${t.scoreBusinessModel}, ${t.scoreFinancials}, ${t.scoreGtm}, ${t.scoreRisks}) <= 10`,
    ),
  ],
);

/** The sub-score column of each dimension. */
export const SUB_SCORE_COLUMNS = {
  team: fitScores.scoreTeam,
  market: fitScores.scoreMarket,
  problemSolution: fitScores.scoreProblemSolution,
  traction: fitScores.scoreTraction,
  product: fitScores.scoreProduct,
  businessModel: fitScores.scoreBusinessModel,
  financials: fitScores.scoreFinancials,
  gtm: fitScores.scoreGtm,
  risks: fitScores.scoreRisks,
} as const satisfies Record<SubScoreKey, unknown>;

/** The nine sub-score columns' values for an insert, from the analysis' sub-scores. */
export function subScoreValues(scores: Record<SubScoreKey, { score: number }>) {
  return {
    scoreTeam: scores.team.score,
    scoreMarket: scores.market.score,
    scoreProblemSolution: scores.problemSolution.score,
    scoreTraction: scores.traction.score,
    scoreProduct: scores.product.score,
    scoreBusinessModel: scores.businessModel.score,
    scoreFinancials: scores.financials.score,
    scoreGtm: scores.gtm.score,
    scoreRisks: scores.risks.score,
  };
}

/**
 * The overall 0-100 of a fit score under `weights`, as SQL, computed the way the engine's
 * `weightedOverall` computes it (weighted mean of the nine sub-scores times 10, in double
 * precision, halves rounded up). Weights may be numbers or SQL (a fund's weight columns),
 * so a pipeline can select, filter and sort by it. Weights must be positive (a fund's are 1-10).
 * `columns` are the nine sub-score columns read (by default fit_scores'; deal_scores has the same).
 */
export function weightedOverallSql(
  weights: Record<SubScoreKey, number | SQL | { getSQL(): SQL }>,
  columns: Record<SubScoreKey, { getSQL(): SQL }> = SUB_SCORE_COLUMNS,
): SQL<number> {
  const w = (k: SubScoreKey) => {
    const v = weights[k];
    return typeof v === 'number' ? sql`${v}::float8` : sql`(${v})::float8`;
  };
  const sum = sql.join(
    SUB_SCORE_KEYS.map((k) => sql`${w(k)} * ${columns[k]}`),
    sql` + `,
  );
  const total = sql.join(
    SUB_SCORE_KEYS.map((k) => w(k)),
    sql` + `,
  );
  return sql<number>`least(100, greatest(0, floor(((${sum}) / (${total})) * 10 + 0.5)))::int`;
}
