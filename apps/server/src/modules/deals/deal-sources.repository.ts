import { dealSources, repository } from '@fitscore/db';
import { asc, inArray } from 'drizzle-orm';

export interface DealSourceView {
  channel: (typeof dealSources.$inferSelect)['channel'];
  receivedAt: string;
  deckLink: string | null;
  note: string;
}

/** The intake arrivals of deals (issue 12), read for the deals of one answer at a time. */
export const createDealSourcesRepository = repository((db) => ({
  sourcesOf: async (dealIds: string[]): Promise<Map<string, DealSourceView[]>> => {
    const byDeal = new Map<string, DealSourceView[]>();
    if (dealIds.length === 0) return byDeal;
    const rows = await db
      .select()
      .from(dealSources)
      .where(inArray(dealSources.dealId, dealIds))
      .orderBy(asc(dealSources.receivedAt), asc(dealSources.id));
    for (const row of rows) {
      const list = byDeal.get(row.dealId) ?? [];
      list.push({ channel: row.channel, receivedAt: row.receivedAt.toISOString(), deckLink: row.deckLink, note: row.note });
      byDeal.set(row.dealId, list);
    }
    return byDeal;
  },
}));
export type DealSourcesRepository = ReturnType<typeof createDealSourcesRepository>;
