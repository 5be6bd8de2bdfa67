import { deals, fundMembers, rawRows, repository, users } from '@fitscore/db';
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

  /** Gives the fund's deals among `dealIds` that have another owner this one (null: none); each with its owner before. */
  assign: (fundId: string, dealIds: string[], ownerUserId: string | null) =>
    rawRows<{ id: string; from: string | null; startupName: string }>(
      db,
      sql`with old as (
            select ${deals.id} as id, ${deals.ownerUserId} as owner, ${deals.startupName} as startup_name from ${deals}
            where ${deals.fundId} = ${fundId} and ${deals.id} = any(${sql.param(dealIds)}::uuid[]) and ${deals.ownerUserId} is distinct from ${ownerUserId}::uuid
            for update
          )
          update ${deals} set owner_user_id = ${ownerUserId}::uuid, updated_at = now() from old where ${deals.id} = old.id
          returning old.id as id, old.owner as "from", old.startup_name as "startupName"`,
    ),

  /** The fund's deals this member owns, locked for their release. */
  ownedBy: async (fundId: string, userId: string): Promise<string[]> => {
    const rows = await db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.fundId, fundId), eq(deals.ownerUserId, userId)))
      .for('update');
    return rows.map((r) => r.id);
  },
}));
export type DealTeamRepository = ReturnType<typeof createDealTeamRepository>;
