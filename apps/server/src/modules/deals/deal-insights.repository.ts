import { deals, fitScores, repository } from '@fitscore/db';
import { and, eq, gte, sql } from 'drizzle-orm';

/** The dashboard's reads over a fund's deals: arrivals per week, and which deck a deal shows. */
export const createDealInsightsRepository = repository((db) => ({
  /** Deals received since `since`, counted per week (Monday, UTC) and source. */
  weekly: async (fundId: string, since: Date) => {
    const week = sql<string>`to_char(date_trunc('week', ${deals.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
    return db
      .select({ week, source: deals.source, n: sql<number>`count(*)::int` })
      .from(deals)
      .where(and(eq(deals.fundId, fundId), gte(deals.createdAt, since)))
      .groupBy(week, deals.source);
  },

  /** The fund's deal, with the deck its score was read from (null before a score); undefined for another fund's. */
  scoredDeckOf: async (fundId: string, dealId: string): Promise<{ deckId: string | null } | undefined> => {
    const [row] = await db
      .select({ deckId: fitScores.deckId })
      .from(deals)
      .leftJoin(fitScores, eq(fitScores.id, deals.scoreId))
      .where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)));
    return row;
  },
}));
export type DealInsightsRepository = ReturnType<typeof createDealInsightsRepository>;
