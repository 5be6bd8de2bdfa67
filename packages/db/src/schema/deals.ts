import { DEAL_CONFIDENCES, DEAL_DECK_FACTS, DEAL_ROW_STATUSES, DEAL_SOURCES, type Deal } from '@fitscore/contracts';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * What a pipeline search (`q`) looks in: the startup's name and its sector in one text, apart by a
 * control character that no search term holds (the list strips it from terms), so that a term found
 * in it is in the name or in the sector, and one trigram index (deals_search_trgm_idx) serves both.
 */
export const SEARCH_TEXT_SEPARATOR = '\u001f';
export const dealSearchText = (name: SQLWrapper, sector: SQLWrapper): SQL => sql`(${name} || E'\\x1f' || ${sector})`;

/**
 * Latin letters that NFKD decomposes into a base letter and combining marks, with that base
 * letter (derived, not typed), for SQL's translate(): 'Éclair' reads as 'eclair'.
 */
const ACCENTED_LETTERS = [...'ÀÁÂÃÄÅĀĂĄÇĆĈĊČĎÈÉÊËĒĔĖĘĚĜĞĠĢĤÌÍÎÏĨĪĬĮĴĶĹĻĽÑŃŅŇÒÓÔÕÖŌŎŐŔŖŘŚŜŞŠŢŤÙÚÛÜŨŪŬŮŰŲŴÝŶŸŹŻŽ'].flatMap((c) => [c, c.toLowerCase()]);
const ACCENTED = ACCENTED_LETTERS.join('');
const UNACCENTED = ACCENTED_LETTERS.map((c) => c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')).join('');
const COMPANY_SUFFIXES = 'inc|llc|ltd|limited|gmbh|sas|sarl|bv|ag|corp|corporation|co|plc|sa|srl';

/**
 * How an arrival is recognised as a company a fund already has (every channel, ADR 0075): the
 * same website host — scheme, user, `www.`, port, path, query and case aside, and only a host with
 * a dot ('https://www.Acme.io/about' → 'acme.io') — kept in `deals.match_host`. One SQL expression
 * both writes the stored key and reads an arrival's, so the two can never disagree. Null: no host.
 */
export const companyHostKey = (website: SQLWrapper): SQL => {
  const bare = sql`regexp_replace(regexp_replace(lower(trim(${website})), '^[a-z][a-z0-9+.-]*://', ''), '^[^/?#@]*@', '')`;
  const host = sql`split_part(split_part(split_part(split_part(${bare}, '/', 1), '?', 1), '#', 1), ':', 1)`;
  return sql`nullif(regexp_replace(regexp_replace(regexp_replace(${host}, '^www[.]', ''), '[.]$', ''), '^[^.]*$', ''), '')`;
};

/**
 * The same company's name (ADR 0075): case, accents, punctuation, spaces and legal suffixes
 * ('Inc', 'GmbH', …) do not count — 'ECLAIR LABS, Inc.' and 'Éclair Labs' are one — kept in
 * `deals.match_name` by the same expression that reads an arrival's. Null: no letter or digit.
 */
export const companyNameKey = (name: SQLWrapper): SQL => {
  const spaced = sql`regexp_replace(replace(lower(translate(${name}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${UNACCENTED}'`)})), '&', ' and '), '[^a-z0-9 ]+', ' ', 'g')`;
  return sql`nullif(regexp_replace(regexp_replace(${spaced}, ${sql.raw(`'\\m(${COMPANY_SUFFIXES})\\M'`)}, ' ', 'g'), '\\s+', '', 'g'), '')`;
};

/** What a fund's own stage stands for in the spec's triage: `new` (untriaged), Hot, Track or Cold. */
export const FUND_STAGE_TRIAGES = DEAL_ROW_STATUSES;

/**
 * A fund's own stages (issue 31 point 1): its process (Screening, First call, … Passed) in order,
 * each mapped to the triage a deal in it has. Written by the stages module only; made with the
 * defaults on the fund's first read (ADR 0061).
 */
export const fundStages = pgTable(
  'fund_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    triage: text('triage', { enum: FUND_STAGE_TRIAGES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fund_stages_fund_position_idx').on(t.fundId, t.position),
    check('fund_stages_triage_check', sql`${t.triage} in ('new', 'hot', 'track', 'cold')`),
  ],
);

/**
 * A startup in a fund's pipeline. Its deck and analysis are owned by the deal (decks,
 * scoring_runs and fit_scores have a `deal_id` owner column). Its FitScore lives in
 * `deal_scores` (below), so that re-weighting never rewrites this wide, many-indexed row.
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
    /**
     * The spec's region (US, EUROPE, MENA, ASIA, AFRICA, GLOBAL) the geography names, read by
     * @fitscore/thesis when the deal is written; '' when it names none we know. The Region filter
     * and its counts (deal_counts facet 'region') read it.
     */
    region: text('region').notNull().default(''),
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
    confidence: text('confidence', { enum: DEAL_CONFIDENCES }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Which of startup name, stage, sector and geography were read from the deck (nobody typed them); editing one takes it off. */
    factsFromDeck: text('facts_from_deck', { enum: DEAL_DECK_FACTS }).array().notNull().default(sql`'{}'::text[]`),
    fitSector: boolean('fit_sector').notNull().default(false),
    /** Null when the deal's stage or place is unknown: never counted as outside the thesis. */
    fitStage: boolean('fit_stage'),
    fitGeography: boolean('fit_geography'),
    /** Null while the deal's ask is unknown. */
    fitTicket: boolean('fit_ticket'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    /**
     * The status and error of the deal's newest scoring run, copied by a trigger on scoring_runs
     * (migration 0023): the list shows them for every row, and read from the runs they cost it an
     * index lookup per row. Null before the deal's first run.
     */
    scoringStatus: text('scoring_status', { enum: ['queued', 'running', 'done', 'failed'] }),
    scoringError: text('scoring_error'),
    /**
     * The deal's arrivals (deal_sources) in the API's shape (`Deal['sources']`: UTC times with
     * milliseconds), oldest first, copied by a trigger on deal_sources (migration 0023), for the
     * same reason; [] for a deal that came by upload.
     */
    arrivals: jsonb('arrivals').$type<Deal['sources']>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The fund's own stage the deal is in (fund_stages; not `stage`, the company's funding stage).
     * Null: the fund's first stage whose triage is the deal's status (ADR 0061), so deals made
     * before stages existed, and new ones, need no write.
     */
    pipelineStageId: uuid('pipeline_stage_id').references(() => fundStages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The search text (dealSearchText) lowered, kept by PostgreSQL: a broad search (a term with no
     * uncommon word) tests it with strpos, and finds it in the date-order indexes below, so counting
     * its matches reads no row of the table (an index-only scan, ADR 0036). Never selected for a deal.
     */
    searchLower: text('search_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(${dealSearchText(sql.identifier('startup_name'), sql.identifier('sector'))})`),
    /** The website's host as companies are matched (companyHostKey), kept by PostgreSQL. */
    matchHost: text('match_host').generatedAlwaysAs(companyHostKey(sql.identifier('website'))),
    /** The name as companies are matched (companyNameKey), kept by PostgreSQL. */
    matchName: text('match_name').generatedAlwaysAs(companyNameKey(sql.identifier('startup_name'))),
  },
  (t) => [
    // Pipeline order per fund: by date, by name; each with the id as tie-breaker (FitScore: deal_scores).
    // The two in date order end with what a broad search's capped count reads (status, searchLower):
    // after the unique id they change no order, and the count never visits the table.
    index('deals_fund_created_idx').on(t.fundId, t.createdAt, t.id, t.status, t.searchLower),
    index('deals_fund_name_idx').on(t.fundId, sql`lower(${t.startupName})`, t.id),
    index('deals_fund_status_created_idx').on(t.fundId, t.status, t.createdAt, t.id, t.searchLower),
    index('deals_fund_scored_idx').on(t.fundId, t.scoredAt),
    // An arrival's same company, found by two index lookups however many deals the fund holds.
    index('deals_fund_match_host_idx').on(t.fundId, t.matchHost),
    index('deals_fund_match_name_idx').on(t.fundId, t.matchName),
    // The board: a column's deals in date order, and the per-stage counts (stage, status) of a fund.
    index('deals_fund_pipeline_stage_idx').on(t.fundId, t.pipelineStageId, t.status, t.createdAt, t.id),
    // Search (`q`: case-insensitive substring of the name or the sector) through trigrams (pg_trgm).
    index('deals_search_trgm_idx').using('gin', sql`${dealSearchText(t.startupName, t.sector)} gin_trgm_ops`),
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
    /**
     * The fund's stage a member placed the deal in by this change (a board move, Move to, a bulk
     * move or its Undo), so a move between two stages of one triage is on record and Reports counts
     * the stages a deal went through; null for a status change that named no stage (and for rows
     * older than migration 0050), or once the stage is deleted.
     */
    toStageId: uuid('to_stage_id').references(() => fundStages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_status_history_deal_idx').on(t.dealId, t.createdAt)],
);

/**
 * A deal's decision (ADR 0025): a status history row that moves it from New to Hot, Track or Cold;
 * its first such row is when the fund decided. One definition for the dashboard and the reports.
 */
export const isDecisionMove = (h: { fromStatus: SQLWrapper; toStatus: SQLWrapper }): SQL =>
  sql`(${h.fromStatus} = 'new' and ${h.toStatus} in ('hot', 'track', 'cold'))`;

/** A sub-score column: the dimension's 1-10 score, null until the deal is scored. */
const subScore = (name: string) => smallint(name);

/**
 * A deal's FitScore and the nine sub-scores it is weighted from (a copy of its current
 * analysis, `deals.score_id`, kept by a trigger of migration 0010). One narrow row per deal,
 * made with the deal: re-weighting a fund is one UPDATE of these rows, which touches their
 * primary key and the sort index and nothing of `deals` (its many indexes and the trigram
 * search). `fit_score` is 0-100 under the fund's weights; null until scored.
 */
export const dealScores = pgTable(
  'deal_scores',
  {
    dealId: uuid('deal_id')
      .primaryKey()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id').notNull(),
    scoreTeam: subScore('score_team'),
    scoreMarket: subScore('score_market'),
    scoreProblemSolution: subScore('score_problem_solution'),
    scoreTraction: subScore('score_traction'),
    scoreProduct: subScore('score_product'),
    scoreBusinessModel: subScore('score_business_model'),
    scoreFinancials: subScore('score_financials'),
    scoreGtm: subScore('score_gtm'),
    scoreRisks: subScore('score_risks'),
    fitScore: integer('fit_score'),
  },
  (t) => [
    // Pipeline order by FitScore (unscored last when descending), the deal id as tie-breaker.
    index('deal_scores_fund_score_idx').on(t.fundId, sql`coalesce(${t.fitScore}, -1)`, t.dealId),
    check('deal_scores_fit_score_check', sql`${t.fitScore} is null or ${t.fitScore} between 0 and 100`),
  ],
);

/**
 * How many deals of a fund have each value of each filter (facet: 'all' with value '',
 * 'sector', 'stage', 'region', 'confidence', 'source', 'owner'; '' when unset), per status.
 * Kept by statement triggers on `deals` (migrations 0012 and 0022), so the pipeline's counts with
 * no filter or one filter are a few rows read, not a count over 100,000 deals.
 *
 * Each count is split over 16 rows (`shard`, from the deal's id; migration 0022) and read as their
 * sum: a status change locks the rows of its deal's shard until its transaction ends, so two
 * changes of one fund wait for each other only when their deals share a shard, not always (the
 * 'all' rows were every change's, ADR 0034).
 */
export const dealCounts = pgTable(
  'deal_counts',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    status: text('status', { enum: DEAL_ROW_STATUSES }).notNull(),
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.facet, t.value, t.status, t.shard] })],
);
