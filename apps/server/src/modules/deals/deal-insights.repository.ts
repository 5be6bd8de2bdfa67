import { deals, dealStatusHistory, fitScores, isDecisionMove, rawRows, repository } from '@fitscore/db';
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

  /**
   * The median days from receipt (the deal's creation) to its decision (its first move from New to
   * Hot, Track or Cold, from the status history), and how many deals have one.
   */
  decisionTime: async (fundId: string): Promise<{ median: number | null; decisions: number }> => {
    const [row] = await rawRows<{ median: number | string | null; decisions: number | string }>(
      db,
      sql`
      with decided as (
        select distinct on (h.deal_id) h.deal_id, h.created_at as decided_at, d.created_at as received_at
        from ${dealStatusHistory} h
        join ${deals} d on d.id = h.deal_id
        where d.fund_id = ${fundId} and ${isDecisionMove({ fromStatus: sql`h.from_status`, toStatus: sql`h.to_status` })}
        order by h.deal_id, h.created_at
      )
      select
        percentile_cont(0.5) within group (order by extract(epoch from (decided_at - received_at)) / 86400) as median,
        count(*)::int as decisions
      from decided`,
    );
    return { median: row?.median == null ? null : Number(row.median), decisions: Number(row?.decisions ?? 0) };
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
