import type { DealStatus } from '@fitscore/contracts';
import { blindLookSettings, blindLookStages, dealVotes, fundStages, repository, users } from '@fitscore/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

/** Members' votes (deal_votes) and the fund's blind first look (blind_look_settings, blind_look_stages): written here only. */
export const createBlindLookRepository = repository((db) => ({
  /**
   * The fund's setting; off with no stage when it was never saved. One statement: every pipeline read
   * of a member asks it.
   */
  settings: async (fundId: string): Promise<{ enabled: boolean; stageIds: string[] }> => {
    const [row] = await db
      .select({
        enabled: sql<boolean>`coalesce((${db.select({ enabled: blindLookSettings.enabled }).from(blindLookSettings).where(eq(blindLookSettings.fundId, fundId))}), false)`,
        stageIds: sql<string[]>`(${db
          .select({ ids: sql`coalesce(json_agg(${blindLookStages.stageId} order by ${fundStages.position}), '[]'::json)` })
          .from(blindLookStages)
          .innerJoin(fundStages, eq(fundStages.id, blindLookStages.stageId))
          .where(eq(blindLookStages.fundId, fundId))})`,
      })
      .from(sql`(select 1) as one`);
    return { enabled: row?.enabled ?? false, stageIds: row?.stageIds ?? [] };
  },

  /** Which of these ids are the fund's own stages. */
  ownStages: async (fundId: string, ids: string[]): Promise<string[]> => {
    if (!ids.length) return [];
    const rows = await db.select({ id: fundStages.id }).from(fundStages).where(and(eq(fundStages.fundId, fundId), inArray(fundStages.id, ids)));
    return rows.map((r) => r.id);
  },

  save: async (fundId: string, enabled: boolean, stageIds: string[]) => {
    await db
      .insert(blindLookSettings)
      .values({ fundId, enabled })
      .onConflictDoUpdate({ target: blindLookSettings.fundId, set: { enabled, updatedAt: new Date() } });
    await db.delete(blindLookStages).where(eq(blindLookStages.fundId, fundId));
    if (stageIds.length) await db.insert(blindLookStages).values(stageIds.map((stageId) => ({ fundId, stageId })));
  },

  /** A member's own Hot/Track/Cold on a deal: the latest press replaces the one before. */
  recordVote: async (dealId: string, userId: string, vote: DealStatus) => {
    await db
      .insert(dealVotes)
      .values({ dealId, userId, vote })
      .onConflictDoUpdate({ target: [dealVotes.dealId, dealVotes.userId], set: { vote, votedAt: new Date() } });
  },

  /** The deals among these the member has voted on. */
  votedOn: async (userId: string, dealIds: string[]): Promise<Set<string>> => {
    if (!dealIds.length) return new Set();
    const rows = await db
      .select({ dealId: dealVotes.dealId })
      .from(dealVotes)
      .where(and(eq(dealVotes.userId, userId), inArray(dealVotes.dealId, dealIds)));
    return new Set(rows.map((r) => r.dealId));
  },

  /** Every member's vote on the deal, newest first. */
  votes: (dealId: string) =>
    db
      .select({ userId: dealVotes.userId, name: users.name, email: users.email, vote: dealVotes.vote, votedAt: dealVotes.votedAt })
      .from(dealVotes)
      .innerJoin(users, eq(users.id, dealVotes.userId))
      .where(eq(dealVotes.dealId, dealId))
      .orderBy(asc(dealVotes.votedAt)),
}));
export type BlindLookRepository = ReturnType<typeof createBlindLookRepository>;
