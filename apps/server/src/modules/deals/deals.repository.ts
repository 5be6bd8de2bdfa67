import { DEAL_FACETS, type DealFilters, type DealRowStatus, type DealSort, type SubScoreKey } from '@fitscore/contracts';
import { dealCounts, dealScores, dealSources, dealStatusHistory, deals, decks, fitScores, FUND_WEIGHT_COLUMNS, funds, repository, scoringRuns, users, weightedOverallSql } from '@fitscore/db';
import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** A deal's row with its FitScore (kept in deal_scores, see the schema). */
export type DealRowRaw = typeof deals.$inferSelect & { fitScore: number | null };
export type NewDeal = Omit<typeof deals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type FundRowForDeals = typeof funds.$inferSelect;

/** The nine sub-score columns of deal_scores (the deal's current analysis). */
const DEAL_SUB_SCORES = {
  team: dealScores.scoreTeam,
  market: dealScores.scoreMarket,
  problemSolution: dealScores.scoreProblemSolution,
  traction: dealScores.scoreTraction,
  product: dealScores.scoreProduct,
  businessModel: dealScores.scoreBusinessModel,
  financials: dealScores.scoreFinancials,
  gtm: dealScores.scoreGtm,
  risks: dealScores.scoreRisks,
} as const satisfies Record<SubScoreKey, unknown>;
const fundFitScore = weightedOverallSql(FUND_WEIGHT_COLUMNS, DEAL_SUB_SCORES);

const owners = alias(users, 'deal_owner');
/** The newest scoring run of each deal (its state and error), read for the rows of one page only. */
const lastRun = sql`(select ${scoringRuns.status} || '|' || coalesce(${scoringRuns.error}, '') from ${scoringRuns}
  where ${scoringRuns.dealId} = ${deals.id} order by ${scoringRuns.createdAt} desc limit 1)`;

/** A deal's intake arrivals (issue 12), oldest first. */
export interface DealSourceView {
  channel: (typeof dealSources.$inferSelect)['channel'];
  receivedAt: string;
  deckLink: string | null;
  note: string;
}

/**
 * The deal's arrivals as JSON, in the same query as its row (a second round trip per answer
 * cost more than the list's own query); times as the API prints them (UTC, milliseconds).
 */
const sourcesJson = sql<DealSourceView[]>`(select coalesce(json_agg(json_build_object(
    'channel', ${dealSources.channel},
    'receivedAt', to_char(${dealSources.receivedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deckLink', ${dealSources.deckLink},
    'note', ${dealSources.note}) order by ${dealSources.receivedAt}, ${dealSources.id}), '[]'::json)
  from ${dealSources} where ${dealSources.dealId} = ${deals.id})`;

/** A deal as the API shows it: its row and FitScore, its owner's name, its newest scoring's state and its arrivals. */
const dealColumns = {
  deal: { ...getTableColumns(deals), fitScore: dealScores.fitScore },
  ownerName: owners.name,
  run: sql<string | null>`${lastRun}`.as('last_run'),
  sources: sourcesJson.as('sources'),
};
export type DealRow = { deal: DealRowRaw; ownerName: string | null; run: string | null; sources: DealSourceView[] };
/** A row of a page, with its sort key as PostgreSQL prints it (the cursor keeps all its precision). */
export type DealPageRow = DealRow & { sortKey: string };

/**
 * The sort key of each sort, its tie-breaker and its direction; each pair is the tail of an
 * index after the fund id (deals_fund_created_idx, deal_scores_fund_score_idx, deals_fund_name_idx).
 */
const SORT_KEYS: Record<DealSort, { key: SQL; id: SQL; desc: boolean }> = {
  date: { key: sql`${deals.createdAt}`, id: sql`${deals.id}`, desc: false },
  '-date': { key: sql`${deals.createdAt}`, id: sql`${deals.id}`, desc: true },
  fitScore: { key: sql`coalesce(${dealScores.fitScore}, -1)`, id: sql`${dealScores.dealId}`, desc: false },
  '-fitScore': { key: sql`coalesce(${dealScores.fitScore}, -1)`, id: sql`${dealScores.dealId}`, desc: true },
  name: { key: sql`lower(${deals.startupName})`, id: sql`${deals.id}`, desc: false },
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How a search (`q`) runs, worked out before the list's queries by `searchPlan`: the whole term,
 * the words of it the names' trigram index should look up, and the fund's sectors it matches.
 */
export interface SearchPlan {
  term: string;
  /** Words of the term (3+ characters) found in fewer than 1 in 10 of the fund's newest names. */
  indexWords: string[];
  /** The fund's sector values containing the term. */
  sectors: string[];
}

/** The filters the repository reads; a search comes planned (`searchPlan`), never as a bare term. */
export type Filters = Omit<DealFilters, 'sort' | 'status' | 'q'> & { search?: SearchPlan | undefined };

/** How many of the fund's newest names a search term's words are looked for in. */
const SEARCH_SAMPLE = 500;
/** A word in this many of them (1 in 10) is common: its trigrams would make the index read most of the fund. */
const SEARCH_COMMON = 50;
/** The words of a term worth a look in the trigram index (pg_trgm needs 3 characters), at most 8. */
const searchWords = (term: string) => [...new Set(term.toLowerCase().split(/\s+/).filter((w) => w.length >= 3))].slice(0, 8);

/**
 * A search's condition: a case-insensitive substring of the name, or a sector containing it.
 * The trigram index is given only the uncommon words of the term (each is a substring of any
 * match, so the rows are the same): given a word that most names share, such as 'startup' in a
 * pipeline of 'Startup N', it reads the whole fund's posting lists (11 ms on 100,000 deals for
 * one search). The whole term is then checked on the candidates through an expression the index
 * cannot take. With no uncommon word the term is left to the planner as it is: the column's
 * statistics show it common, so it reads the rows in the list's order, where matches are near.
 * The sector is matched against the fund's few sector values instead of its own index.
 */
function searchCondition({ term, indexWords, sectors }: SearchPlan): SQL {
  const pattern = `%${escapeLike(term)}%`;
  const name = indexWords.length
    ? and(...indexWords.map((w) => ilike(deals.startupName, `%${escapeLike(w)}%`)), sql`(${deals.startupName} || '') ilike ${pattern}`)!
    : ilike(deals.startupName, pattern);
  return sectors.length ? or(name, inArray(deals.sector, sectors))! : name;
}

/** The filters' conditions within one fund (the tab's status is separate: counts ignore it). */
function filterConditions(fundId: string, f: Filters): SQL[] {
  const where: SQL[] = [eq(deals.fundId, fundId)];
  if (f.search) where.push(searchCondition(f.search));
  if (f.sector?.length) where.push(inArray(deals.sector, f.sector));
  if (f.stage?.length) where.push(inArray(deals.stage, f.stage));
  if (f.region?.length) where.push(inArray(deals.geography, f.region));
  if (f.confidence?.length) where.push(inArray(deals.confidence, f.confidence));
  if (f.source?.length) where.push(inArray(deals.source, f.source));
  if (f.owner?.length) where.push(inArray(deals.ownerUserId, f.owner));
  return where;
}

/** The one-dimension filters and the deal_counts facet each is counted under. */
const FACETS = { sector: 'sector', stage: 'stage', region: 'region', confidence: 'confidence', source: 'source', owner: 'owner' } as const;

/**
 * The facet and values when the filters narrow by at most one dimension (no search): their
 * counts are kept in deal_counts. Undefined when the rows must be counted.
 */
function countedFacet(f: Filters): { facet: string; values: string[] } | undefined {
  if (f.search) return undefined;
  const set = (Object.keys(FACETS) as (keyof typeof FACETS)[]).filter((k) => f[k]?.length);
  if (set.length === 0) return { facet: 'all', values: [''] };
  if (set.length > 1) return undefined;
  const key = set[0]!;
  return { facet: FACETS[key], values: f[key]! };
}

/** The counts and the plan of a list, from the one row of listSummary's query. */
const summaryOf = (row: { all: number; hot: number; track: number; cold: number } & Pick<FundRowForDeals, 'plan' | 'trialScoresUsed'>) => ({
  counts: { all: row.all, hot: row.hot, track: row.track, cold: row.cold },
  fund: { plan: row.plan, trialScoresUsed: row.trialScoresUsed },
});

export interface PageRequest {
  fundId: string;
  filters: Filters & { status?: DealRowStatus | undefined };
  sort: DealSort;
  limit: number;
  /** The last row seen: its sort value and id. */
  after?: [string | number | null, string];
}

export const createDealsRepository = repository((db) => {
  const selectDeals = () =>
    db
      .select(dealColumns)
      .from(deals)
      .innerJoin(dealScores, eq(dealScores.dealId, deals.id))
      .leftJoin(owners, eq(owners.id, deals.ownerUserId));

  /**
   * The filtered rows after a keyset position, in the sort's order, and the sort key as text:
   * a timestamp keeps its microseconds (a JavaScript Date would cut them, and deals created
   * within one millisecond would then be skipped by the next page).
   */
  function pageWhere({ fundId, filters, sort, after }: Omit<PageRequest, 'limit'>) {
    const { key, id, desc: descending } = SORT_KEYS[sort];
    // Both fund ids: either table's index can lead the plan (deal_scores' for FitScore order).
    const where = [...filterConditions(fundId, filters), eq(dealScores.fundId, fundId)];
    if (filters.status) where.push(eq(deals.status, filters.status));
    if (after) {
      const value = sort === 'date' || sort === '-date' ? sql`${after[0]}::timestamptz` : sql`${after[0]}`;
      where.push(descending ? sql`(${key}, ${id}) < (${value}, ${after[1]}::uuid)` : sql`(${key}, ${id}) > (${value}, ${after[1]}::uuid)`);
    }
    return {
      where: and(...where),
      order: descending ? [desc(key), desc(id)] : [asc(key), asc(id)],
      sortKey: sql<string>`(${key})::text`,
    };
  }

  return {
    /** How a search for `term` runs in this fund (see searchCondition): one round trip. */
    searchPlan: async (fundId: string, term: string): Promise<SearchPlan> => {
      const words = searchWords(term);
      const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
      const newest = sql`(select ${deals.startupName} as name from ${deals} where ${deals.fundId} = ${fundId} order by ${deals.createdAt} desc limit ${SEARCH_SAMPLE})`;
      const uncommon = words.length
        ? sql`(select coalesce(json_agg(t.word), '[]'::json) from unnest(${textArray(words)}, ${textArray(words.map((w) => `%${escapeLike(w)}%`))}) as t(word, pattern)
            where (select count(*) from ${newest} newest where newest.name ilike t.pattern) < ${SEARCH_COMMON})`
        : sql`'[]'::json`;
      const [row] = await db
        .select({
          indexWords: sql<string[]>`${uncommon}`,
          sectors: sql<string[]>`(select coalesce(json_agg(distinct ${dealCounts.value}), '[]'::json) from ${dealCounts}
            where ${dealCounts.fundId} = ${fundId} and ${dealCounts.facet} = 'sector' and ${dealCounts.n} > 0 and ${dealCounts.value} ilike ${`%${escapeLike(term)}%`})`,
        })
        .from(sql`(select 1) as one`);
      return { term, indexWords: row?.indexWords ?? [], sectors: row?.sectors ?? [] };
    },

    fund: async (fundId: string): Promise<FundRowForDeals | undefined> => {
      const [row] = await db.select().from(funds).where(eq(funds.id, fundId));
      return row;
    },

    /** A new deal (its deal_scores and deal_counts rows follow by trigger); unscored. */
    insert: async (values: NewDeal): Promise<DealRowRaw> => {
      const [row] = await db.insert(deals).values(values).returning();
      return { ...row!, fitScore: null };
    },

    remove: async (dealId: string) => {
      await db.delete(deals).where(eq(deals.id, dealId));
    },

    get: async (fundId: string, dealId: string): Promise<DealRow | undefined> => {
      const [row] = await selectDeals().where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)));
      return row;
    },

    /** Only for the scoring's bookkeeping, which knows the deal from its own run. */
    getById: async (dealId: string): Promise<DealRow | undefined> => {
      const [row] = await selectDeals().where(eq(deals.id, dealId));
      return row;
    },

    latestScored: async (fundId: string): Promise<DealRow | undefined> => {
      const [row] = await selectDeals()
        .where(and(eq(deals.fundId, fundId), isNotNull(deals.scoredAt)))
        .orderBy(desc(deals.scoredAt))
        .limit(1);
      return row;
    },

    /** One page (limit + 1 rows, so the caller knows whether another follows) after a keyset position. */
    page: async ({ limit, ...request }: PageRequest): Promise<DealPageRow[]> => {
      const { where, order, sortKey } = pageWhere(request);
      return db
        .select({ ...dealColumns, sortKey })
        .from(deals)
        .innerJoin(dealScores, eq(dealScores.dealId, deals.id))
        .leftJoin(owners, eq(owners.id, deals.ownerUserId))
        .where(where)
        .orderBy(...order)
        .limit(limit + 1);
    },

    /**
     * A page of the CSV: only the columns it prints (on PGlite every field returned costs a
     * copy in the wire-protocol parser, and 100,000 rows of the whole deal spent most of the export there).
     */
    exportPage: async ({ limit, ...request }: PageRequest) => {
      const { where, order, sortKey } = pageWhere(request);
      return db
        .select({
          id: deals.id,
          createdAt: deals.createdAt,
          startupName: deals.startupName,
          sector: deals.sector,
          stage: deals.stage,
          geography: deals.geography,
          fitScore: dealScores.fitScore,
          confidence: deals.confidence,
          status: deals.status,
          source: deals.source,
          ownerName: owners.name,
          website: deals.website,
          subScores: DEAL_SUB_SCORES,
          sortKey,
        })
        .from(deals)
        .innerJoin(dealScores, eq(dealScores.dealId, deals.id))
        .leftJoin(owners, eq(owners.id, deals.ownerUserId))
        .where(where)
        .orderBy(...order)
        .limit(limit + 1);
    },

    /**
     * How many deals match the filters, in all and per status (the tab does not narrow them),
     * read from deal_counts when at most one dimension filters, else counted over the rows; with
     * the fund's plan and trial use in the same query (a round trip less per list call).
     * Undefined when the fund does not exist.
     */
    listSummary: async (fundId: string, filters: Filters) => {
      const plan = { plan: funds.plan, trialScoresUsed: funds.trialScoresUsed };
      const counted = countedFacet(filters);
      if (counted) {
        const n = (status?: string) =>
          status ? sql<number>`coalesce(sum(${dealCounts.n}) filter (where ${dealCounts.status} = ${status}), 0)::int` : sql<number>`coalesce(sum(${dealCounts.n}), 0)::int`;
        const [row] = await db
          .select({ all: n(), hot: n('hot'), track: n('track'), cold: n('cold'), ...plan })
          .from(funds)
          .leftJoin(dealCounts, and(eq(dealCounts.fundId, funds.id), eq(dealCounts.facet, counted.facet), inArray(dealCounts.value, counted.values)))
          .where(eq(funds.id, fundId))
          .groupBy(funds.id);
        return row && summaryOf(row);
      }
      const [row] = await db
        .select({
          all: sql<number>`count(${deals.id})::int`,
          hot: sql<number>`(count(${deals.id}) filter (where ${deals.status} = 'hot'))::int`,
          track: sql<number>`(count(${deals.id}) filter (where ${deals.status} = 'track'))::int`,
          cold: sql<number>`(count(${deals.id}) filter (where ${deals.status} = 'cold'))::int`,
          ...plan,
        })
        .from(funds)
        .leftJoin(deals, and(...filterConditions(fundId, filters)))
        .where(eq(funds.id, fundId))
        .groupBy(funds.id);
      return row && summaryOf(row);
    },

    /** Per facet and value, how many of the fund's deals (with that status, or all) have it: a few rows of deal_counts. */
    facetCounts: async (fundId: string, status?: DealRowStatus) => {
      return db
        .select({ facet: dealCounts.facet, value: dealCounts.value, n: sql<number>`sum(${dealCounts.n})::int` })
        .from(dealCounts)
        .where(and(eq(dealCounts.fundId, fundId), inArray(dealCounts.facet, [...DEAL_FACETS]), status ? eq(dealCounts.status, status) : undefined))
        .groupBy(dealCounts.facet, dealCounts.value);
    },

    /** Scorings of the fund's deals still in flight (they will use trial scores). */
    scoringsInFlight: async (fundId: string): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scoringRuns)
        .innerJoin(deals, eq(deals.id, scoringRuns.dealId))
        .where(and(eq(deals.fundId, fundId), inArray(scoringRuns.status, ['queued', 'running'])));
      return row?.n ?? 0;
    },

    /** The analysis a deal's score came from, with its deck and the fund's weights. */
    analysisOf: async (scoreId: string) => {
      const [row] = await db
        .select({ score: fitScores, filename: decks.filename, format: decks.format })
        .from(fitScores)
        .leftJoin(decks, eq(decks.id, fitScores.deckId))
        .where(eq(fitScores.id, scoreId));
      return row;
    },

    history: async (dealId: string) =>
      db
        .select({ entry: dealStatusHistory, name: users.name, userId: users.id })
        .from(dealStatusHistory)
        .leftJoin(users, eq(users.id, dealStatusHistory.userId))
        .where(eq(dealStatusHistory.dealId, dealId))
        .orderBy(desc(dealStatusHistory.createdAt)),

    /** The deal, locked until the transaction ends (a status change reads and writes it). */
    lock: async (fundId: string, dealId: string): Promise<typeof deals.$inferSelect | undefined> => {
      const [row] = await db
        .select()
        .from(deals)
        .where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)))
        .for('update');
      return row;
    },

    setStatus: async (dealId: string, status: DealRowRaw['status']) => {
      await db.update(deals).set({ status, updatedAt: sql`now()` }).where(eq(deals.id, dealId));
    },

    addHistory: async (entry: typeof dealStatusHistory.$inferInsert) => {
      await db.insert(dealStatusHistory).values(entry);
    },

    markReviewed: async (fundId: string, dealId: string): Promise<boolean> => {
      const rows = await db
        .update(deals)
        .set({ reviewedAt: sql`coalesce(${deals.reviewedAt}, now())`, updatedAt: sql`now()` })
        .where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)))
        .returning({ id: deals.id });
      return rows.length > 0;
    },

    /**
     * A finished analysis becomes the deal's: its sub-scores (copied to deal_scores by the
     * trigger as score_id changes), its FitScore under the fund's weights, its confidence and
     * evidence tags. The first scoring of a deal on the trial uses one trial score.
     */
    applyScore: async (dealId: string, score: { id: string; confidence: DealRowRaw['confidence']; tags: string[] }) => {
      const [before] = await db.select({ fundId: deals.fundId, scoredAt: deals.scoredAt }).from(deals).where(eq(deals.id, dealId));
      if (!before) return;
      await db
        .update(deals)
        .set({ scoreId: score.id, confidence: score.confidence, tags: score.tags, scoredAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(deals.id, dealId));
      await db.execute(
        sql`update ${dealScores} set fit_score = ${fundFitScore} from ${funds}
            where ${dealScores.dealId} = ${dealId} and ${funds.id} = ${dealScores.fundId}`,
      );
      if (!before.scoredAt) {
        await db
          .update(funds)
          .set({ trialScoresUsed: sql`${funds.trialScoresUsed} + 1` })
          .where(and(eq(funds.id, before.fundId), eq(funds.plan, 'trial')));
      }
    },

    /**
     * Every scored deal of the fund re-ranked under its current weights: one set-based update
     * of the narrow deal_scores rows (their key and sort index only), rows whose score stays skipped.
     */
    rerank: async (fundId: string): Promise<void> => {
      await db.execute(
        sql`update ${dealScores} set fit_score = ${fundFitScore} from ${funds}
            where ${dealScores.fundId} = ${fundId} and ${funds.id} = ${fundId}
              and ${dealScores.fitScore} is distinct from ${fundFitScore}`,
      );
    },
  };
});
export type DealsRepository = ReturnType<typeof createDealsRepository>;
