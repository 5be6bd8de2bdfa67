import { deals, fundMembers, repository, users } from '@fitscore/db';
import { and, asc, eq, sql } from 'drizzle-orm';

/** The fund's people, and deal ownership among them (kept apart from the pipeline's queries). */
export const createDealTeamRepository = repository((db) => ({
  members: (fundId: string) =>
    db
      .select({ id: users.id, name: users.name, email: users.email, role: fundMembers.role })
      .from(fundMembers)
      .innerJoin(users, eq(users.id, fundMembers.userId))
      .where(eq(fundMembers.fundId, fundId))
      .orderBy(asc(fundMembers.createdAt), asc(users.name)),

  isMember: async (fundId: string, userId: string): Promise<boolean> => {
    const [row] = await db
      .select({ userId: fundMembers.userId })
      .from(fundMembers)
      .where(and(eq(fundMembers.fundId, fundId), eq(fundMembers.userId, userId)));
    return Boolean(row);
  },

  /** Sets the deal's owner; false when the deal is not the fund's. */
  assign: async (fundId: string, dealId: string, ownerUserId: string | null): Promise<boolean> => {
    const rows = await db
      .update(deals)
      .set({ ownerUserId, updatedAt: sql`now()` })
      .where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)))
      .returning({ id: deals.id });
    return rows.length > 0;
  },

  /** The deals a member owned become unowned (they left the fund); how many. */
  releaseOwnedBy: async (fundId: string, userId: string): Promise<number> => {
    const rows = await db
      .update(deals)
      .set({ ownerUserId: null, updatedAt: sql`now()` })
      .where(and(eq(deals.fundId, fundId), eq(deals.ownerUserId, userId)))
      .returning({ id: deals.id });
    return rows.length;
  },
}));
export type DealTeamRepository = ReturnType<typeof createDealTeamRepository>;
