import type { Database } from '@fitscore/db';
import { fundMembers, sessions } from '@fitscore/db';
import type { FundMembership } from '../../plugins/auth.ts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

/** Reads fund membership and session liveness for the event stream (the access guard reads them with the session); it never writes. */
export function createAccessRepository(db: Database) {
  return {
    /** The one fund an investor belongs to, with their role there; null before their fund exists. */
    async membershipOf(userId: string): Promise<FundMembership | null> {
      const [row] = await db
        .select({ fundId: fundMembers.fundId, role: fundMembers.role })
        .from(fundMembers)
        .where(eq(fundMembers.userId, userId));
      if (!row) return null;
      return { fundId: row.fundId, role: row.role };
    },

    /** An open event stream's re-check (issue 28 point 5): its session still live, and its user's fund now. One round trip. */
    async streamAccess(sessionId: string, userId: string): Promise<{ live: boolean; fundId: string | null }> {
      const [row] = await db
        .select({
          live: sql<boolean>`exists (select 1 from ${sessions} where ${and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))})`,
          fundId: sql<string | null>`(select ${fundMembers.fundId} from ${fundMembers} where ${eq(fundMembers.userId, userId)})`,
        })
        .from(sql`(select 1) as one`);
      return { live: Boolean(row?.live), fundId: row?.fundId ?? null };
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
