import { DEAL_FACETS, DEAL_SEARCH_COUNT_CAP, SUB_SCORE_KEYS, type DealFilters, type DealRowStatus, type DealSort, type SubScoreKey } from '@fitscore/contracts';
import {
  dealCounts,
  dealScores,
  dealSearchText,
  SEARCH_TEXT_SEPARATOR,
  dealStatusHistory,
  deals,
  dealVotes,
  fundStages,
  decks,
  fitScores,
  FUND_WEIGHT_COLUMNS,
  funds,
  rawRows,
  repository,
  statementsByShape,
  users,
  weightedOverallSql,
} from '@fitscore/db';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { THESIS_TAG_PREFIX } from './deal-view.ts';

/** A deal's row with its FitScore (kept in deal_scores, see the schema). */
export type DealRowRaw = Omit<typeof deals.$inferSelect, 'searchLower'> & { fitScore: number | null };
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

/**
 * A deal as the API shows it: its row (with its newest scoring's state and its arrivals, which
 * triggers keep on it: migration 0023) and FitScore, and its owner's name.
 */
const { searchLower: _searchOnly, ...dealTableColumns } = getTableColumns(deals);
const dealColumns = {
  deal: { ...dealTableColumns, fitScore: dealScores.fitScore },
  ownerName: owners.name,
};
export type DealRow = { deal: DealRowRaw; ownerName: string | null };
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

/**
 * A page's LIMIT written into its statement, not sent as a parameter: PostgreSQL plans `LIMIT $n`
 * for a tenth of the rows, so a generic plan of the statement would never be chosen (or would
 * gather the rows with parallel workers). The page sizes are few (the list's, the CSV's). Drizzle
 * takes SQL for a limit, though its type says number.
 */
function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`not a page size: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How a search (`q`) runs: the whole term and the words of it the trigram index is given (search-words.ts picks them). */
export interface SearchPlan {
  term: string;
  /** Words of the term (3+ characters) found in fewer than 1 in 10 of the fund's newest deals (name or sector). */
  indexWords: string[];
}

/** The filters the repository reads; a search comes planned (SearchPlan), never as a bare term. */
export type Filters = Omit<DealFilters, 'sort' | 'status' | 'q' | 'pipelineStage'> & {
  search?: SearchPlan | undefined;
  pipelineStage?: StagePlan | undefined;
  /** Only these deals (a bulk selection picked row by row, issue 31 point 3). */
  ids?: string[] | undefined;
};

/**
 * The fund's own stages a list is narrowed to: the deals placed in them, and the unplaced deals
 * whose status makes one of them their stage (stageOfDeal: the first stage of their triage).
 */
export interface StagePlan {
  ids: string[];
  statuses: DealRowStatus[];
  /**
   * Every status a deal in these stages can have: their triages (a placed deal's status is its
   * stage's triage) and `statuses`. Read first, so a column is found through the status index in date order.
   */
  triages: DealRowStatus[];
}

/**
 * In how many of the fund's newest deals (name and sector, searchText) a search term's words are
 * looked for: enough to tell a word most deals hold from a rare one. A search pays for it the first
 * time it holds a word (search-words.ts): 500 deals cost 0.65 ms of PostgreSQL's CPU for a two-word
 * term, 200 deals 0.3 ms.
 */
const SEARCH_SAMPLE = 200;
/** A word in this many of them (1 in 10) is common: its trigrams would make the index read most of the fund. */
const SEARCH_COMMON = 20;

/** The one-dimension filters: the deal column each narrows and the deal_counts facet it is counted under. */
const FILTERS = {
  sector: { column: deals.sector, facet: 'sector' },
  stage: { column: deals.stage, facet: 'stage' },
  region: { column: deals.region, facet: 'region' },
  confidence: { column: deals.confidence, facet: 'confidence' },
  source: { column: deals.source, facet: 'source' },
  owner: { column: deals.ownerUserId, facet: 'owner' },
} as const;
type FilterKey = keyof typeof FILTERS;
const FILTER_KEYS = Object.keys(FILTERS) as FilterKey[];

/**
 * What decides the SQL of a list's conditions (statementsByShape): which filters are set, and how
 * its search is planned. The values are the statement's placeholders, named after the filters.
 */
interface FilterShape {
  keys: FilterKey[];
  search?: { words: number };
  /** 'placed': only deals placed in the stages (none is its triage's first), found through deals_fund_pipeline_stage_idx. */
  pipelineStage?: 'placed' | 'or-unplaced';
  ids?: true;
}
const shapeKey = ({ keys, search, pipelineStage, ids }: FilterShape) =>
  `${keys.join(',')}|${search ? search.words : ''}${pipelineStage ? `|${pipelineStage}` : ''}${ids ? '|ids' : ''}`;

/** The shape of a list's filters and the values of its placeholders. */
function filterParams(fundId: string, f: Filters): { shape: FilterShape; values: Record<string, unknown> } {
  const values: Record<string, unknown> = { fundId };
  const keys = FILTER_KEYS.filter((k) => f[k]?.length);
  for (const k of keys) values[k] = f[k];
  const staged = {
    ...(f.pipelineStage ? { pipelineStage: f.pipelineStage.statuses.length ? ('or-unplaced' as const) : ('placed' as const) } : {}),
    ...(f.ids ? { ids: true as const } : {}),
  };
  if (f.ids) values.ids = f.ids;
  if (f.pipelineStage) values.stageIds = f.pipelineStage.ids;
  if (f.pipelineStage?.statuses.length) [values.stageStatuses, values.stageTriages] = [f.pipelineStage.statuses, f.pipelineStage.triages];
  if (!f.search) return { shape: { keys, ...staged }, values };
  const { term, indexWords } = f.search;
  if (indexWords.length) values.term = `%${escapeLike(term)}%`;
  else values.needle = term;
  indexWords.forEach((w, i) => (values[`word${i}`] = `%${escapeLike(w)}%`));
  return { shape: { keys, search: { words: indexWords.length }, ...staged }, values };
}

/** The name and the sector of a deal in one text (dealSearchText): what a search looks in. */
const searchText = dealSearchText(deals.startupName, deals.sector);
/** A search term as it is looked for: without the character that parts the name from the sector (so it cannot span them). */
export const searchTermOf = (q: string) => q.replaceAll(SEARCH_TEXT_SEPARATOR, '');

/**
 * A search's condition: a case-insensitive substring of the name or of the sector (searchText).
 * The trigram index is given only the uncommon words of the term (each is a substring of any
 * match, so the rows are the same): given a word that most deals share, such as 'startup' in a
 * pipeline of 'Startup N', it reads the whole fund's posting lists (11 ms on 100,000 deals for
 * one search). The whole term is then checked on the candidates through an expression the index
 * cannot take. A broad term (no uncommon word) is looked for with strpos in the lowered text the
 * row keeps (deals.searchLower), the same test as ilike in a UTF-8 database: no index takes it and
 * the planner expects it to hold for a third of the rows (PostgreSQL's default for an unknown
 * inequality), so it reads the rows in the list's order, where matches are near, and a count stops
 * at its cap, read from the date-order indexes, which hold the lowered text (summaryQuery).
 */
function searchCondition({ words }: NonNullable<FilterShape['search']>): SQL {
  if (!words) return sql`strpos(${deals.searchLower}, lower(${sql.placeholder('needle')})) > 0`;
  return and(
    ...Array.from({ length: words }, (_, i) => sql`${searchText} ilike ${sql.placeholder(`word${i}`)}`),
    sql`(${searchText} || '') ilike ${sql.placeholder('term')}`,
  )!;
}

/** The filters' conditions within one fund (the tab's status is separate: counts ignore it). */
function filterConditions({ keys, search, pipelineStage, ids }: FilterShape): SQL[] {
  const where: SQL[] = [eq(deals.fundId, sql.placeholder('fundId'))];
  if (ids) where.push(sql`${deals.id} = any(${sql.placeholder('ids')}::uuid[])`);
  if (search) where.push(searchCondition(search));
  if (pipelineStage === 'placed') where.push(sql`${deals.pipelineStageId} = any(${sql.placeholder('stageIds')}::uuid[])`);
  else if (pipelineStage) {
    where.push(
      sql`${deals.status} = any(${sql.placeholder('stageTriages')}::text[])`,
      sql`(${deals.pipelineStageId} = any(${sql.placeholder('stageIds')}::uuid[])
        or (${deals.pipelineStageId} is null and ${deals.status} = any(${sql.placeholder('stageStatuses')}::text[])))`,
    );
  }
  for (const k of keys) where.push(sql`${FILTERS[k].column} = any(${sql.placeholder(k)})`, someDealHas(k));
  return where;
}

/**
 * Whether any of the fund's deals has one of the filter's values, from deal_counts (a deal always
 * counts in the same shard, so a shard's row is above 0 exactly when it holds one). PostgreSQL runs
 * it once, before reading a deal (a one-time filter): a value no deal has (a region the fund never
 * sees, an owner who has none) answers at once instead of reading all the fund's deals in list order
 * looking for one (85-108 ms of CPU per call at 100,000 deals).
 */
const someDealHas = (k: FilterKey) =>
  sql`exists (select 1 from ${dealCounts} where ${dealCounts.fundId} = ${sql.placeholder('fundId')}
    and ${dealCounts.facet} = ${sql.raw(`'${FILTERS[k].facet}'`)} and ${dealCounts.value} = any(${sql.placeholder(k)}::text[]) and ${dealCounts.n} > 0)`;

/**
 * The facet whose deal_counts rows count the list when the filters narrow by at most one
 * dimension (no search), with its values. Undefined when the rows must be counted.
 */
function countedFacet(f: Filters): { facet: string; values: string[] } | undefined {
  if (f.search || f.pipelineStage || f.ids) return undefined;
  const set = FILTER_KEYS.filter((k) => f[k]?.length);
  if (set.length === 0) return { facet: 'all', values: [''] };
  if (set.length > 1) return undefined;
  const key = set[0]!;
  return { facet: FILTERS[key].facet, values: f[key]! };
}

/**
 * How many deals a list holds (every status: the tab does not narrow them) and the fund's plan.
 * `countsCap`: null when the counts are exact, else the count a broad search stopped at (a count
 * equal to it means at least that many).
 */
export interface ListSummary {
  counts: { all: number; hot: number; track: number; cold: number };
  countsCap: number | null;
  fund: Pick<FundRowForDeals, 'plan' | 'trialScoresUsed'>;
}
type SummaryRow = { all: number; hot: number; track: number; cold: number } & Pick<FundRowForDeals, 'plan' | 'trialScoresUsed'>;
/** The plan of the fund, with the counts when a page carries them (PageSummary). */
type CarriedSummary = Pick<SummaryRow, 'plan' | 'trialScoresUsed'> & Partial<SummaryRow>;
/** A select of SummaryRow's fields (summaryQuery's statements). */
type SummarySelect = SQLWrapper & { prepare(name: string): { execute(values: Record<string, unknown>): Promise<SummaryRow[]> } };
/** A search none of whose words the name index is given: its counts stop at DEAL_SEARCH_COUNT_CAP (summaryQuery). */
const broadSearch = (f: Filters) => f.search?.indexWords.length === 0;
const summaryOf = (row: SummaryRow, filters: Filters): ListSummary => ({
  counts: { all: row.all, hot: row.hot, track: row.track, cold: row.cold },
  // Every status's matches are among all of them: no count reaches the cap unless the count of all does.
  countsCap: broadSearch(filters) && row.all >= DEAL_SEARCH_COUNT_CAP ? DEAL_SEARCH_COUNT_CAP : null,
  fund: { plan: row.plan, trialScoresUsed: row.trialScoresUsed },
});

/** A deal as a CSV row prints it; its date is the UTC day it arrived, its sub-scores in SUB_SCORE_KEYS order. */
export interface ExportRow {
  id: string;
  sortKey: string;
  date: string;
  startupName: string;
  sector: string;
  stage: string;
  geography: string;
  fitScore: number | null;
  confidence: DealRowRaw['confidence'];
  status: DealRowRaw['status'];
  source: DealRowRaw['source'];
  ownerName: string | null;
  website: string;
  pipelineStageId: string | null;
  subScores: (number | null)[];
}
/** ExportRow's fields as exportPage's statement gives them, in one JSON array (sort key aside). */
type ExportCells = [string, string, string, string, string, string, number | null, ExportRow['confidence'], ExportRow['status'], ExportRow['source'], string | null, string, string | null, ...(number | null)[]];
const EXPORT_CELLS: SQLWrapper[] = [
  deals.id,
  sql`to_char(${deals.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
  deals.startupName,
  deals.sector,
  deals.stage,
  deals.geography,
  dealScores.fitScore,
  deals.confidence,
  deals.status,
  deals.source,
  owners.name,
  deals.website,
  deals.pipelineStageId,
  ...SUB_SCORE_KEYS.map((k) => DEAL_SUB_SCORES[k]),
];

export interface PageRequest {
  fundId: string;
  filters: Filters & { status?: DealRowStatus | undefined };
  sort: DealSort;
  limit: number;
  /** The last row seen: its sort value and id. */
  after?: [string | number | null, string];
  /** In FitScore order, the deals this viewer may not see yet sort as unscored (blind first look). */
  blindSort?: BlindSort | undefined;
}

/** A member, and the fund's stages where the blind first look hides what they have not voted on. */
export interface BlindSort {
  viewer: string;
  stages: StagePlan;
}

/**
 * A deal in the blind stages that the viewer has not voted on (deal_votes is the blind-look
 * module's table, only read here): the same rule as its hiddenFrom, for the FitScore order.
 */
const hiddenFromViewer = sql`((${deals.pipelineStageId} = any(${sql.placeholder('blindStageIds')}::uuid[])
    or (${deals.pipelineStageId} is null and ${deals.status} = any(${sql.placeholder('blindStatuses')}::text[])))
  and not exists (select 1 from ${dealVotes} where ${dealVotes.dealId} = ${deals.id} and ${dealVotes.userId} = ${sql.placeholder('blindViewer')}::uuid))`;

/**
 * What each row of a page also carries, computed once by PostgreSQL for the whole statement: the
 * list's counts and the fund's plan, or only the plan. It saves the list call a round trip; a page
 * with no row carries nothing, and listSummary answers instead.
 */
export type PageSummary = 'counts' | 'plan';

export const createDealsRepository = repository((db) => {
  const selectDeals = () =>
    db
      .select(dealColumns)
      .from(deals)
      .innerJoin(dealScores, eq(dealScores.dealId, deals.id))
      .leftJoin(owners, eq(owners.id, deals.ownerUserId));

  const statement = statementsByShape();

  /**
   * The filtered rows after a keyset position, in the sort's order, with the fields asked for and
   * the sort key as text: a timestamp keeps its microseconds (a JavaScript Date would cut them, and
   * deals created within one millisecond would then be skipped by the next page). Its statement's
   * shape, the values of its placeholders and the statement itself, built by `select`.
   */
  function pageQuery({ fundId, filters, sort, after, limit, blindSort }: PageRequest, params = filterParams(fundId, filters)) {
    const { shape } = params;
    const values = { ...params.values };
    if (filters.status) values.status = filters.status;
    if (after) [values.afterKey, values.afterId] = after;
    const sorted = SORT_KEYS[sort];
    const { id, desc: descending } = sorted;
    const blind = Boolean(blindSort) && (sort === 'fitScore' || sort === '-fitScore');
    if (blindSort && blind) Object.assign(values, { blindViewer: blindSort.viewer, blindStageIds: blindSort.stages.ids, blindStatuses: blindSort.stages.statuses });
    const key = blind ? sql`(case when ${hiddenFromViewer} then -1 else ${sorted.key} end)` : sorted.key;
    const select = <F extends SelectedFields>(fields: F) => {
      const where = filterConditions(shape);
      // deal_scores' index leads the plan in FitScore order. Elsewhere a second fund condition would
      // only make PostgreSQL expect fewer rows (it takes the two as independent), cost a generic
      // plan higher than a planned one, and so plan the statement again on every call.
      if (sort === 'fitScore' || sort === '-fitScore') where.push(eq(dealScores.fundId, sql.placeholder('fundId')));
      if (filters.status) where.push(eq(deals.status, sql.placeholder('status')));
      if (after) {
        const value = sort === 'date' || sort === '-date' ? sql`${sql.placeholder('afterKey')}::timestamptz` : sql.placeholder('afterKey');
        const position = sql`(${value}, ${sql.placeholder('afterId')}::uuid)`;
        where.push(descending ? sql`(${key}, ${id}) < ${position}` : sql`(${key}, ${id}) > ${position}`);
      }
      return db
        .select({ ...fields, sortKey: sql<string>`(${key})::text` })
        .from(deals)
        .innerJoin(dealScores, eq(dealScores.dealId, deals.id))
        .leftJoin(owners, eq(owners.id, deals.ownerUserId))
        .where(and(...where))
        .orderBy(...(descending ? [desc(key), desc(id)] : [asc(key), asc(id)]))
        .limit(literalLimit(limit + 1));
    };
    return { shape: `${shapeKey(shape)}|${sort}|${filters.status ? 's' : ''}|${after ? 'a' : ''}|${limit}${blind ? '|blind' : ''}`, values, select };
  }

  const plan = { plan: sql<FundRowForDeals['plan']>`${funds.plan}`.as('plan'), trialScoresUsed: sql<number>`${funds.trialScoresUsed}`.as('trialScoresUsed') };

  /**
   * The statement of a list's summary (its fields named as SummaryRow, for row_to_json too): from
   * deal_counts when the filters narrow by at most one dimension; for a broad search, each status's
   * matches counted up to DEAL_SEARCH_COUNT_CAP in the list's order (an exact count tests every name
   * of the fund: 60 ms of PostgreSQL per call at 100,000 deals, seconds under load; ADR 0032); else
   * the fund's matching deals counted.
   */
  function summaryQuery(
    fundId: string,
    filters: Filters,
    params = filterParams(fundId, filters),
  ): { shape: string; values: Record<string, unknown>; build: () => SummarySelect } {
    const counted = countedFacet(filters);
    if (counted) {
      const n = (status?: string) =>
        status ? sql<number>`coalesce(sum(${dealCounts.n}) filter (where ${dealCounts.status} = ${status}), 0)::int` : sql<number>`coalesce(sum(${dealCounts.n}), 0)::int`;
      const build = () =>
        db
          .select({ all: n().as('all'), hot: n('hot').as('hot'), track: n('track').as('track'), cold: n('cold').as('cold'), ...plan })
          .from(funds)
          .leftJoin(
            dealCounts,
            and(eq(dealCounts.fundId, funds.id), eq(dealCounts.facet, sql.placeholder('facet')), sql`${dealCounts.value} = any(${sql.placeholder('facetValues')})`),
          )
          .where(eq(funds.id, sql.placeholder('fundId')))
          .groupBy(funds.id);
      return { shape: 'facet', values: { fundId, facet: counted.facet, facetValues: counted.values }, build };
    }
    const { shape, values } = params;
    if (broadSearch(filters)) {
      // The first matches in list order (deals_fund_created_idx, or deals_fund_status_created_idx for
      // one status: both hold the status and searchLower, so no row is visited), at most the cap:
      // when all the matches are fewer, this one read counts every status.
      const cap = sql.raw(String(DEAL_SEARCH_COUNT_CAP));
      const firstMatches = (status?: string) =>
        sql`select ${deals.status} as status from ${deals}
          where ${and(...filterConditions(shape), status ? sql`${deals.status} = ${status}` : undefined)}
          order by ${deals.createdAt} desc, ${deals.id} desc limit ${cap}`;
      const found = sql`(select count(*)::int as n,
          (count(*) filter (where m.status = 'hot'))::int as hot,
          (count(*) filter (where m.status = 'track'))::int as track,
          (count(*) filter (where m.status = 'cold'))::int as cold
        from (${firstMatches()}) m) found`;
      // Else each status is read up to the cap on its own (PostgreSQL runs a CASE's subquery only when its branch is taken).
      const upTo = (status: 'hot' | 'track' | 'cold') =>
        sql<number>`case when found.n < ${cap} then found.${sql.raw(status)}
          else (select count(*)::int from (${firstMatches(status)}) m) end`.as(status);
      const build = () =>
        db
          .select({ all: sql<number>`found.n`.as('all'), hot: upTo('hot'), track: upTo('track'), cold: upTo('cold'), ...plan })
          .from(sql`${funds} cross join ${found}`)
          .where(eq(funds.id, sql.placeholder('fundId')));
      return { shape: `capped|${shapeKey(shape)}`, values, build };
    }
    const count = (status?: string) =>
      (status ? sql<number>`(count(${deals.id}) filter (where ${deals.status} = ${status}))::int` : sql<number>`count(${deals.id})::int`).as(status ?? 'all');
    const build = () =>
      db
        .select({ all: count(), hot: count('hot'), track: count('track'), cold: count('cold'), ...plan })
        .from(funds)
        .leftJoin(deals, and(...filterConditions(shape)))
        .where(eq(funds.id, sql.placeholder('fundId')))
        .groupBy(funds.id);
    return { shape: `rows|${shapeKey(shape)}`, values, build };
  }

  /** The `summary` field of a page's rows (see PageSummary), its shape and its values. */
  function pageSummary(fundId: string, filters: Filters, summary: PageSummary, params: ReturnType<typeof filterParams>) {
    if (summary === 'plan') {
      const build = () => sql<CarriedSummary>`(select row_to_json(s) from (${db.select(plan).from(funds).where(eq(funds.id, sql.placeholder('fundId')))}) s)`;
      return { shape: 'plan', values: {}, build };
    }
    const query = summaryQuery(fundId, filters, params);
    return { ...query, build: () => sql<CarriedSummary>`(select row_to_json(s) from (${query.build()}) s)` };
  }

  /** Which of a search term's words are uncommon in the fund's newest deals' names and sectors (searchCondition). */
  const uncommonWords = () => {
    const newest = sql`(select ${searchText} as text from ${deals} where ${deals.fundId} = ${sql.placeholder('fundId')}
      order by ${deals.createdAt} desc limit ${sql.raw(String(SEARCH_SAMPLE))})`;
    return db
      .select({
        words: sql<string[]>`(select coalesce(json_agg(t.word), '[]'::json)
          from unnest(${sql.placeholder('words')}::text[], ${sql.placeholder('patterns')}::text[]) as t(word, pattern)
          where (select count(*) from ${newest} newest where newest.text ilike t.pattern) < ${SEARCH_COMMON})`,
      })
      .from(sql`(select 1) as one`);
  };

  return {
    /** The words (search-words.ts) found in fewer than 1 in 10 of the fund's newest deals: one round trip. */
    uncommonWords: async (fundId: string, words: string[]): Promise<string[]> => {
      const [row] = await statement('uncommon-words', uncommonWords).execute({ fundId, words, patterns: words.map((w) => `%${escapeLike(w)}%`) });
      return row?.words ?? [];
    },

    fund: async (fundId: string): Promise<FundRowForDeals | undefined> => {
      const [row] = await db.select().from(funds).where(eq(funds.id, fundId));
      return row;
    },

    /** A new deal (its deal_scores and deal_counts rows follow by trigger); unscored. */
    insert: async (values: NewDeal): Promise<DealRowRaw> => {
      const [row] = await db.insert(deals).values(values).returning(dealTableColumns);
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

    /**
     * One page (limit + 1 rows, so the caller knows whether another follows) after a keyset position,
     * and the summary its rows carried (PageSummary): the fund's plan, with the counts when asked for.
     */
    page: async (request: PageRequest, summary: PageSummary): Promise<{ rows: DealPageRow[]; summary?: Pick<ListSummary, 'fund'> & Partial<ListSummary> }> => {
      const params = filterParams(request.fundId, request.filters);
      const { shape, values, select } = pageQuery(request, params);
      const carried = pageSummary(request.fundId, request.filters, summary, params);
      const query = statement(`page|${shape}|${carried.shape}`, () => select({ ...dealColumns, summary: carried.build() }));
      const rows = await query.execute({ ...carried.values, ...values });
      const first = rows[0]?.summary;
      if (!first) return { rows };
      return { rows, summary: summary === 'counts' ? summaryOf(first as SummaryRow, request.filters) : { fund: { plan: first.plan, trialScoresUsed: first.trialScoresUsed } } };
    },

    /**
     * A page of the CSV: only the columns it prints, each row's in one JSON array (a field returned
     * costs a copy in PGlite's wire-protocol parser: with a field per column, 100,000 rows spent
     * most of the export there), with its sort key for the next page.
     */
    exportPage: async (request: PageRequest): Promise<ExportRow[]> => {
      const { shape, values, select } = pageQuery(request);
      const query = statement(`export|${shape}`, () => select({ cells: sql<ExportCells>`json_build_array(${sql.join(EXPORT_CELLS, sql`, `)})` }));
      const rows = await query.execute(values);
      return rows.map(({ cells, sortKey }) => {
        const [id, date, startupName, sector, stage, geography, fitScore, confidence, status, source, ownerName, website, pipelineStageId, ...subScores] = cells;
        return { id, sortKey, date, startupName, sector, stage, geography, fitScore, confidence, status, source, ownerName, website, pipelineStageId, subScores };
      });
    },

    /**
     * How many deals match the filters, in all and per status (the tab does not narrow them),
     * read from deal_counts when at most one dimension filters, else counted over the rows; with
     * the fund's plan and trial use in the same query (a round trip less per list call).
     * Undefined when the fund does not exist.
     */
    listSummary: async (fundId: string, filters: Filters): Promise<ListSummary | undefined> => {
      const { shape, values, build } = summaryQuery(fundId, filters);
      const [row] = await statement(`summary|${shape}`, build).execute(values);
      return row && summaryOf(row, filters);
    },

    /**
     * The board's counts: how many of the deals matching the filters are in each (placed stage,
     * status) pair; the service folds the unplaced ones into their triage's first stage.
     */
    stageCounts: async (fundId: string, filters: Filters): Promise<{ stageId: string | null; status: DealRowStatus; n: number }[]> => {
      const { shape, values } = filterParams(fundId, filters);
      const counted = countedFacet(filters);
      if (!counted) {
        const build = () =>
          db
            .select({ stageId: deals.pipelineStageId, status: deals.status, n: sql<number>`count(*)::int` })
            .from(deals)
            .where(and(...filterConditions(shape)))
            .groupBy(deals.pipelineStageId, deals.status);
        return statement(`stage-counts|${shapeKey(shape)}`, build).execute(values);
      }
      // At most one filter and no search: each status's total comes from deal_counts, and only the
      // deals placed in a stage (few, next to each other in deals_fund_pipeline_stage_idx) are read;
      // the rest of each status are unplaced. Counting every row costs ~30 ms at 100,000 deals.
      const placedBuild = () =>
        db
          .select({ stageId: deals.pipelineStageId, status: deals.status, n: sql<number>`count(*)::int` })
          .from(deals)
          .where(and(...filterConditions(shape), isNotNull(deals.pipelineStageId)))
          .groupBy(deals.pipelineStageId, deals.status);
      const totalsBuild = () =>
        db
          .select({ status: dealCounts.status, n: sql<number>`coalesce(sum(${dealCounts.n}), 0)::int` })
          .from(dealCounts)
          .where(
            and(
              eq(dealCounts.fundId, sql.placeholder('fundId')),
              eq(dealCounts.facet, sql.placeholder('facet')),
              sql`${dealCounts.value} = any(${sql.placeholder('facetValues')})`,
            ),
          )
          .groupBy(dealCounts.status);
      const [placed, totals] = await Promise.all([
        statement(`stage-placed|${shapeKey(shape)}`, placedBuild).execute(values),
        statement('stage-status-totals', totalsBuild).execute({ fundId, facet: counted.facet, facetValues: counted.values }),
      ]);
      const unplaced = new Map(totals.map((t) => [t.status, t.n]));
      for (const p of placed) unplaced.set(p.status, (unplaced.get(p.status) ?? 0) - p.n);
      return [...placed, ...[...unplaced].filter(([, n]) => n > 0).map(([status, n]) => ({ stageId: null, status, n }))];
    },

    /** The fund's deals placed in one of its stages (the caller has checked the stage is the fund's); null: the first stage of their triage. */
    placeInStage: async (fundId: string, dealIds: string[], stageId: string | null): Promise<void> => {
      await db
        .update(deals)
        .set({ pipelineStageId: stageId, updatedAt: sql`now()` })
        .where(and(eq(deals.fundId, fundId), sql`${deals.id} = any(${sql.param(dealIds)}::uuid[])`, sql`${deals.pipelineStageId} is distinct from ${stageId}`));
    },

    /** A removed stage's deals (placed in it, or unplaced with a status it was first for) placed in another stage; their ids. */
    moveStageDeals: async (fundId: string, from: StagePlan, toStageId: string): Promise<string[]> => {
      const rows = await db
        .update(deals)
        .set({ pipelineStageId: toStageId, updatedAt: sql`now()` })
        .where(
          and(
            eq(deals.fundId, fundId),
            or(inArray(deals.pipelineStageId, from.ids), and(isNull(deals.pipelineStageId), inArray(deals.status, from.statuses))),
          ),
        )
        .returning({ id: deals.id });
      return rows.map((r) => r.id);
    },

    /** Per facet and value, how many of the fund's deals (with that status, or all) have it: a few rows of deal_counts. */
    facetCounts: async (fundId: string, status?: DealRowStatus) => {
      return db
        .select({ facet: dealCounts.facet, value: dealCounts.value, n: sql<number>`sum(${dealCounts.n})::int` })
        .from(dealCounts)
        .where(and(eq(dealCounts.fundId, fundId), inArray(dealCounts.facet, [...DEAL_FACETS]), status ? eq(dealCounts.status, status) : undefined))
        .groupBy(dealCounts.facet, dealCounts.value);
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

    /**
     * Moves a deal of the fund to a status and records it in its history with who and the note, in
     * one statement: the deal is locked, changed and its history written, and what it was is
     * answered (undefined for no such deal of the fund). The same status with no note changes nothing.
     * A deal that moves keeps its stage when the stage maps to its new status and is unplaced (the
     * first stage of its new triage) otherwise. The deal_counts rows its change moves stay locked
     * until the caller's transaction ends.
     */
    changeStatus: async ({ fundId, dealIds, userId, to, note, stageId = null }: { fundId: string; dealIds: string[]; userId: string; to: DealRowStatus; note: string; stageId?: string | null }) =>
      rawRows<{ id: string; from: DealRowStatus; startupName: string }>(
        db,
        sql`
        with old as (
          select ${deals.id} as id, ${deals.status} as status, ${deals.startupName} as startup_name
          from ${deals} where ${deals.id} = any(${sql.param(dealIds)}::uuid[]) and ${deals.fundId} = ${fundId} for update
        ), moved as (
          update ${deals} set status = ${to}, updated_at = now(),
            pipeline_stage_id = case when exists (select 1 from ${fundStages} where ${fundStages.id} = ${deals.pipelineStageId} and ${fundStages.triage} = ${to}) then ${deals.pipelineStageId} end
          where ${deals.id} = any(${sql.param(dealIds)}::uuid[]) and ${deals.fundId} = ${fundId} and (${deals.status} <> ${to} or ${note} <> '')
        ), recorded as (
          insert into ${dealStatusHistory} (deal_id, user_id, from_status, to_status, note, to_stage_id)
          select old.id, ${userId}::uuid, old.status, ${to}, ${note}, ${stageId}::uuid from old where old.status <> ${to} or ${note} <> ''
        )
        select old.id as id, old.status as "from", old.startup_name as "startupName" from old`,
      ),

    /**
     * A line in each deal's history on its current status (no move): what a bulk action that is
     * not a status change did to it (a tag added), so its activity shows who did what and when.
     */
    noteInHistory: async (dealIds: string[], userId: string, note: string) => {
      await db.execute(
        sql`insert into ${dealStatusHistory} (deal_id, user_id, from_status, to_status, note)
            select ${deals.id}, ${userId}::uuid, ${deals.status}, ${deals.status}, ${note} from ${deals} where ${deals.id} = any(${sql.param(dealIds)}::uuid[])`,
      );
    },

    /** Adds a tag to the fund's deals that lack it; the ids of those it was added to. */
    addTag: async (fundId: string, dealIds: string[], tag: string): Promise<string[]> => {
      const rows = await db
        .update(deals)
        .set({ tags: sql`array_append(${deals.tags}, ${tag}::text)`, updatedAt: sql`now()` })
        .where(and(eq(deals.fundId, fundId), sql`${deals.id} = any(${sql.param(dealIds)}::uuid[])`, sql`not (${tag}::text = any(${deals.tags}))`))
        .returning({ id: deals.id });
      return rows.map((r) => r.id);
    },

    /** Takes a tag off the fund's deals (an undone bulk tag). */
    removeTag: async (fundId: string, dealIds: string[], tag: string) => {
      await db
        .update(deals)
        .set({ tags: sql`array_remove(${deals.tags}, ${tag}::text)`, updatedAt: sql`now()` })
        .where(and(eq(deals.fundId, fundId), sql`${deals.id} = any(${sql.param(dealIds)}::uuid[])`));
    },

    /** The ids of the fund's deals a list's filters (and tab) match, in date order, at most `limit`. */
    matchingIds: async (fundId: string, filters: Filters & { status?: DealRowStatus | undefined }, limit: number): Promise<string[]> => {
      const { shape, values } = filterParams(fundId, filters);
      const where = () => [...filterConditions(shape), ...(filters.status ? [eq(deals.status, sql.placeholder('status'))] : [])];
      const build = () => db.select({ id: deals.id }).from(deals).where(and(...where())).orderBy(desc(deals.createdAt), desc(deals.id)).limit(literalLimit(limit));
      const rows = await statement(`ids|${shapeKey(shape)}|${filters.status ? 's' : ''}|${limit}`, build).execute({ ...values, ...(filters.status ? { status: filters.status } : {}) });
      return rows.map((r) => r.id);
    },

    /** A member's correction of the deal's facts, with the thesis fit read again from them. */
    updateFacts: async (
      fundId: string,
      dealId: string,
      values: Pick<NewDeal, 'startupName' | 'stage' | 'sector' | 'geography' | 'region' | 'fitSector' | 'fitStage' | 'fitGeography' | 'factsFromDeck'>,
    ): Promise<boolean> => {
      const rows = await db
        .update(deals)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)))
        .returning({ id: deals.id });
      return rows.length > 0;
    },

    /** The distinct facts (sector, stage, place) the fund's deals have: what their thesis fit is read from. */
    thesisFacts: async (fundId: string) =>
      db.selectDistinct({ sector: deals.sector, stage: deals.stage, geography: deals.geography }).from(deals).where(eq(deals.fundId, fundId)),

    /**
     * The thesis fit of the fund's deals with these facts, read again (the fund saved its thesis):
     * with it the thesis evidence tag of a scored deal. The ids of the deals it changed.
     */
    setThesisFit: async (
      fundId: string,
      facts: { sector: string; stage: string; geography: string },
      fit: { stage: string; region: string; fitSector: boolean; fitStage: boolean | null; fitGeography: boolean | null },
      thesisTag: string | null,
    ): Promise<string[]> => {
      const tags = sql`case when ${deals.scoreId} is null then ${deals.tags} else array(
        select u.t from unnest(${deals.tags}) with ordinality as u(t, n) where not starts_with(u.t, ${THESIS_TAG_PREFIX}::text) order by u.n
      ) || array_remove(array[${thesisTag}::text], null) end`;
      const rows = await db
        .update(deals)
        .set({ ...fit, tags, updatedAt: sql`now()` })
        .where(
          and(
            eq(deals.fundId, fundId),
            eq(deals.sector, facts.sector),
            eq(deals.stage, facts.stage),
            eq(deals.geography, facts.geography),
            sql`(${deals.stage}, ${deals.region}, ${deals.fitSector}, ${deals.fitStage}, ${deals.fitGeography}, ${deals.tags})
              is distinct from (${fit.stage}::text, ${fit.region}::text, ${fit.fitSector}::boolean, ${fit.fitStage}::boolean, ${fit.fitGeography}::boolean, ${tags})`,
          ),
        )
        .returning({ id: deals.id });
      return rows.map((r) => r.id);
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
