import type { Database } from '@fitscore/db';
import { fundMembers } from '@fitscore/db';
import type { FundMembership } from '../../plugins/auth.ts';
import { eq } from 'drizzle-orm';

/** Reads fund membership for the event stream (the access guard reads it with the session); it never writes. */
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
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
