import { fundMembers, funds, repository } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';

export type FundRow = typeof funds.$inferSelect;
/** The columns a service may change (ids, membership and creation time are the repository's). */
export type FundChanges = Partial<Omit<typeof funds.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'onboardingCompletedAt'>>;

/** Thrown inside the creating transaction when another request made the user's fund first. */
class AlreadyMember extends Error {}

export const createFundsRepository = repository((db) => {
  async function findByUser(userId: string): Promise<FundRow | undefined> {
    const [row] = await db
      .select({ fund: funds })
      .from(fundMembers)
      .innerJoin(funds, eq(funds.id, fundMembers.fundId))
      .where(eq(fundMembers.userId, userId));
    return row?.fund;
  }

  return {
    findByUser,

    /**
     * The user's fund, created with the model's defaults (and the user as its owner) on the
     * first save. Two first saves at once make one fund: the loser's insert rolls back.
     */
    async ensureForUser(userId: string): Promise<FundRow> {
      const existing = await findByUser(userId);
      if (existing) return existing;
      try {
        return await db.transaction(async (tx) => {
          const [fund] = await tx.insert(funds).values({}).returning();
          const [member] = await tx
            .insert(fundMembers)
            .values({ fundId: fund!.id, userId, role: 'admin' })
            .onConflictDoNothing({ target: fundMembers.userId })
            .returning();
          if (!member) throw new AlreadyMember();
          return fund!;
        });
      } catch (err) {
        if (!(err instanceof AlreadyMember)) throw err;
        const fund = await findByUser(userId);
        if (!fund) throw err;
        return fund;
      }
    },

    /** The fund, its row locked until the transaction ends: a read-modify-write sees no save in between. */
    async lock(fundId: string): Promise<FundRow> {
      const [row] = await db.select().from(funds).where(eq(funds.id, fundId)).for('update');
      return row!;
    },

    async update(fundId: string, changes: FundChanges): Promise<FundRow> {
      const [row] = await db
        .update(funds)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(funds.id, fundId))
        .returning();
      return row!;
    },

    /** Deletes the fund; its members, deals and every other row of it go by ON DELETE CASCADE. */
    async remove(fundId: string): Promise<void> {
      await db.delete(funds).where(eq(funds.id, fundId));
    },

    /** Stamps the first time onboarding was complete; later calls keep that time. */
    async markOnboarded(fundId: string): Promise<FundRow> {
      const [row] = await db
        .update(funds)
        .set({ onboardingCompletedAt: sql`coalesce(${funds.onboardingCompletedAt}, now())` })
        .where(eq(funds.id, fundId))
        .returning();
      return row!;
    },
  };
});
export type FundsRepository = ReturnType<typeof createFundsRepository>;
