import type { Database } from '@fitscore/db';
import { twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor } from '@fitscore/db';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export function createAccountSecurityRepository(db: Database) {
  return {
    findTwoFactor: async (userId: string): Promise<TwoFactorRow | undefined> => {
      const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
      return row;
    },

    /** Stores a new pending secret; false when two-factor is already on (it is never replaced then). */
    savePendingSecret: async (userId: string, secretEncrypted: string): Promise<boolean> => {
      const rows = await db
        .insert(userTwoFactor)
        .values({ userId, secretEncrypted })
        .onConflictDoUpdate({
          target: userTwoFactor.userId,
          set: { secretEncrypted, lastUsedStep: null, updatedAt: sql`now()` },
          setWhere: isNull(userTwoFactor.enabledAt),
        })
        .returning({ userId: userTwoFactor.userId });
      return rows.length > 0;
    },

    /** Turns two-factor on with its first accepted step and a fresh set of recovery-code hashes. */
    enable: async (userId: string, step: number, recoveryCodeHashes: string[]): Promise<boolean> =>
      db.transaction(async (tx) => {
        const rows = await tx
          .update(userTwoFactor)
          .set({ enabledAt: sql`now()`, lastUsedStep: step, updatedAt: sql`now()` })
          .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
          .returning({ userId: userTwoFactor.userId });
        if (rows.length === 0) return false;
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.insert(twoFactorRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })));
        return true;
      }),

    /** Records `step` as used; false when it (or a later one) was used already: the replay guard. */
    claimStep: async (userId: string, step: number): Promise<boolean> => {
      const rows = await db
        .update(userTwoFactor)
        .set({ lastUsedStep: step, updatedAt: sql`now()` })
        .where(
          and(
            eq(userTwoFactor.userId, userId),
            isNotNull(userTwoFactor.enabledAt),
            or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return rows.length > 0;
    },

    /** Uses up a recovery code; false when unknown or used before. */
    useRecoveryCode: async (userId: string, codeHash: string): Promise<boolean> => {
      const rows = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, userId),
            eq(twoFactorRecoveryCodes.codeHash, codeHash),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      return rows.length > 0;
    },

    countUnusedRecoveryCodes: async (userId: string): Promise<number> => {
      const [row] = await db
        .select({ n: count() })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    disable: async (userId: string) =>
      db.transaction(async (tx) => {
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      }),

    insertChallenge: async (userId: string, tokenHash: string, expiresAt: Date) => {
      // Spent and expired challenges of this user are of no further use.
      await db
        .delete(twoFactorChallenges)
        .where(
          and(
            eq(twoFactorChallenges.userId, userId),
            or(isNotNull(twoFactorChallenges.consumedAt), lt(twoFactorChallenges.expiresAt, sql`now()`)),
          ),
        );
      await db.insert(twoFactorChallenges).values({ userId, tokenHash, expiresAt });
    },

    /**
     * Counts one attempt against a live challenge before its code is checked, so parallel
     * guesses cannot exceed the limit. Undefined when the challenge is unknown, spent, expired
     * or out of attempts.
     */
    claimChallengeAttempt: async (tokenHash: string, maxAttempts: number) => {
      const [row] = await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(
          and(
            eq(twoFactorChallenges.tokenHash, tokenHash),
            isNull(twoFactorChallenges.consumedAt),
            gt(twoFactorChallenges.expiresAt, sql`now()`),
            lt(twoFactorChallenges.attempts, maxAttempts),
          ),
        )
        .returning({ id: twoFactorChallenges.id, userId: twoFactorChallenges.userId, attempts: twoFactorChallenges.attempts });
      return row;
    },

    findChallenge: async (tokenHash: string) => {
      const [row] = await db
        .select()
        .from(twoFactorChallenges)
        .where(eq(twoFactorChallenges.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    /** Marks the challenge answered; false if it was answered already (a parallel request won). */
    consumeChallenge: async (id: string): Promise<boolean> => {
      const rows = await db
        .update(twoFactorChallenges)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(twoFactorChallenges.id, id), isNull(twoFactorChallenges.consumedAt)))
        .returning({ id: twoFactorChallenges.id });
      return rows.length > 0;
    },

    deleteChallenges: async (userId: string) => {
      await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
    },
  };
}

export type AccountSecurityRepository = ReturnType<typeof createAccountSecurityRepository>;
