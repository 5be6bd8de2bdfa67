import type { DealFilters, DealSort, SubScoreKey } from '@fitscore/contracts';
import { SUB_SCORE_KEYS } from '@fitscore/contracts';
import { dealStatusHistory, deals, decks, fitScores, funds, repository, scoringRuns, SUB_SCORE_COLUMNS, users, weightedOverallSql } from '@fitscore/db';
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type DealRowRaw = typeof deals.$inferSelect;
export type NewDeal = Omit<typeof deals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type FundRowForDeals = typeof funds.$inferSelect;

/** The fund's weight columns, for weighting stored sub-scores in SQL. */
const FUND_WEIGHTS: Record<SubScoreKey, SQL | { getSQL(): SQL }> = {
  team: funds.weightTeam,
  market: funds.weightMarket,
  problemSolution: funds.weightProblemSolution,
  traction: funds.weightTraction,
  product: funds.weightProduct,
  businessModel: funds.weightBusinessModel,
  financials: funds.weightFinancials,
  gtm: funds.weightGtm,
  risks: funds.weightRisks,
};
const fundFitScore = weightedOverallSql(FUND_WEIGHTS);

const owners = alias(users, 'deal_owner');
/** The newest scoring run of each deal (its state and error), read for the rows of one page only. */
const lastRun = sql`(select ${scoringRuns.status} || '|' || coalesce(${scoringRuns.error}, '') from ${scoringRuns}
  where ${scoringRuns.dealId} = ${deals.id} order by ${scoringRuns.createdAt} desc limit 1)`;

/** A deal as the API shows it: its row, its owner's name and its newest scoring's state. */
const dealColumns = {
  deal: deals,
  ownerName: owners.name,
  run: sql<string | null>`${lastRun}`.as('last_run'),
};
export type DealRow = { deal: DealRowRaw; ownerName: string | null; run: string | null };

/** The sort key of each sort, and its direction. */
const SORT_KEYS: Record<DealSort, { key: SQL; desc: boolean }> = {
  date: { key: sql`${deals.createdAt}`, desc: false },
  '-date': { key: sql`${deals.createdAt}`, desc: true },
  fitScore: { key: sql`coalesce(${deals.fitScore}, -1)`, desc: false },
  '-fitScore': { key: sql`coalesce(${deals.fitScore}, -1)`, desc: true },
  name: { key: sql`lower(${deals.startupName})`, desc: false },
};

/** The value of a row's sort key, as the cursor stores it. */
export function sortValueOf(sort: DealSort, deal: DealRowRaw): string | number {
  if (sort === 'date' || sort === '-date') return deal.createdAt.toISOString();
  if (sort === 'name') return deal.startupName.toLowerCase();
  return deal.fitScore ?? -1;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters' conditions within one fund (the tab's status is separate: counts ignore it). */
function filterConditions(fundId: string, f: Omit<DealFilters, 'sort' | 'status'>): SQL[] {
  const where: SQL[] = [eq(deals.fundId, fundId)];
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    where.push(or(ilike(deals.startupName, pattern), ilike(deals.sector, pattern))!);
  }
  if (f.sector?.length) where.push(inArray(deals.sector, f.sector));
  if (f.stage?.length) where.push(inArray(deals.stage, f.stage));
  if (f.region?.length) where.push(inArray(deals.geography, f.region));
  if (f.confidence?.length) where.push(inArray(deals.confidence, f.confidence));
  if (f.source?.length) where.push(inArray(deals.source, f.source));
  if (f.owner?.length) where.push(inArray(deals.ownerUserId, f.owner));
  return where;
}

export interface PageRequest {
  fundId: string;
  filters: Omit<DealFilters, 'sort'>;
  sort: DealSort;
  limit: number;
  /** The last row seen: its sort value and id. */
  after?: [string | number | null, string];
}

export const createDealsRepository = repository((db) => {
  const selectDeals = () =>
    db.select(dealColumns).from(deals).leftJoin(owners, eq(owners.id, deals.ownerUserId));

  return {
    fund: async (fundId: string): Promise<FundRowForDeals | undefined> => {
      const [row] = await db.select().from(funds).where(eq(funds.id, fundId));
      return row;
    },

    insert: async (values: NewDeal): Promise<DealRowRaw> => {
      const [row] = await db.insert(deals).values(values).returning();
      return row!;
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
    page: async ({ fundId, filters, sort, limit, after }: PageRequest): Promise<DealRow[]> => {
      const { key, desc: descending } = SORT_KEYS[sort];
      const where = filterConditions(fundId, filters);
      if (filters.status) where.push(eq(deals.status, filters.status));
      if (after) {
        const value = sort === 'date' || sort === '-date' ? sql`${after[0]}::timestamptz` : sql`${after[0]}`;
        where.push(descending ? sql`(${key}, ${deals.id}) < (${value}, ${after[1]}::uuid)` : sql`(${key}, ${deals.id}) > (${value}, ${after[1]}::uuid)`);
      }
      return selectDeals()
        .where(and(...where))
        .orderBy(descending ? desc(key) : asc(key), descending ? desc(deals.id) : asc(deals.id))
        .limit(limit + 1);
    },

    /** How many deals match the filters, in all and per status (the tab does not narrow them). */
    counts: async (fundId: string, filters: Omit<DealFilters, 'sort' | 'status'>) => {
      const [row] = await db
        .select({
          all: sql<number>`count(*)::int`,
          hot: sql<number>`(count(*) filter (where ${deals.status} = 'hot'))::int`,
          track: sql<number>`(count(*) filter (where ${deals.status} = 'track'))::int`,
          cold: sql<number>`(count(*) filter (where ${deals.status} = 'cold'))::int`,
        })
        .from(deals)
        .where(and(...filterConditions(fundId, filters)));
      return row!;
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

    /** The nine sub-scores of the deals of one page, for the CSV. */
    subScoresOf: async (scoreIds: string[]) => {
      if (scoreIds.length === 0) return new Map<string, Record<SubScoreKey, number>>();
      const rows = await db
        .select({ id: fitScores.id, ...Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, SUB_SCORE_COLUMNS[k]])) })
        .from(fitScores)
        .where(inArray(fitScores.id, scoreIds));
      return new Map(rows.map((r) => [r.id as string, r as unknown as Record<SubScoreKey, number>]));
    },

    /** The analysis a deal's score came from, with its deck and the fund's weights. */
    analysisOf: async (scoreId: string) => {
      const [row] = await db
        .select({ score: fitScores, filename: decks.filename })
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
    lock: async (fundId: string, dealId: string): Promise<DealRowRaw | undefined> => {
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
     * A finished analysis becomes the deal's: its FitScore under the fund's weights, its
     * confidence and evidence tags. The first scoring of a deal on the trial uses one trial score.
     */
    applyScore: async (dealId: string, score: { id: string; confidence: DealRowRaw['confidence']; tags: string[] }) => {
      const [before] = await db.select({ fundId: deals.fundId, scoredAt: deals.scoredAt }).from(deals).where(eq(deals.id, dealId));
      if (!before) return;
      await db
        .update(deals)
        .set({
          scoreId: score.id,
          fitScore: sql`(select ${fundFitScore} from ${fitScores}, ${funds} where ${fitScores.id} = ${score.id} and ${funds.id} = ${deals.fundId})`,
          confidence: score.confidence,
          tags: score.tags,
          scoredAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(deals.id, dealId));
      if (!before.scoredAt) {
        await db
          .update(funds)
          .set({ trialScoresUsed: sql`${funds.trialScoresUsed} + 1` })
          .where(and(eq(funds.id, before.fundId), eq(funds.plan, 'trial')));
      }
    },

    /** Every scored deal of the fund re-ranked under its current weights: one set-based update. */
    rerank: async (fundId: string): Promise<void> => {
      await db.execute(
        sql`update ${deals} set fit_score = ${fundFitScore} from ${fitScores}, ${funds}
            where ${deals.fundId} = ${fundId} and ${fitScores.id} = ${deals.scoreId} and ${funds.id} = ${deals.fundId}
              and ${deals.fitScore} is distinct from ${fundFitScore}`,
      );
    },
  };
});
export type DealsRepository = ReturnType<typeof createDealsRepository>;
