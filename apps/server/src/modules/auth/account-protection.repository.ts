import { accountTokens, emailVerifications, repository, signInFailures } from '@fitscore/db';
import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';

export type FailureScope = (typeof signInFailures.$inferSelect)['scope'];
export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** Failure counters, mailed single-use tokens and email verification: the tables of account protection. */
export const createAccountProtectionRepository = repository((db) => ({
    /** When each of these counters next allows an attempt (only counters that block now). */
    blockedUntil: async (keys: { scope: FailureScope; key: string }[]) => {
      if (keys.length === 0) return [];
      return db
        .select({ scope: signInFailures.scope, key: signInFailures.key, blockedUntil: signInFailures.blockedUntil })
        .from(signInFailures)
        .where(
          and(
            or(...keys.map((k) => and(eq(signInFailures.scope, k.scope), eq(signInFailures.key, k.key)))),
            gt(signInFailures.blockedUntil, sql`now()`),
          ),
        );
    },

    /**
     * Counts one failure atomically (a counter older than the window starts again at 1) and
     * returns the new count.
     */
    recordFailure: async (scope: FailureScope, key: string, windowSeconds: number): Promise<number> => {
      const [row] = await db
        .insert(signInFailures)
        .values({ scope, key, failures: 1 })
        .onConflictDoUpdate({
          target: [signInFailures.scope, signInFailures.key],
          set: {
            failures: sql`case when ${signInFailures.lastFailureAt} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${signInFailures.failures} + 1 end`,
            lastFailureAt: sql`now()`,
          },
        })
        .returning({ failures: signInFailures.failures });
      return row!.failures;
    },

    block: async (scope: FailureScope, key: string, seconds: number) => {
      await db
        .update(signInFailures)
        .set({ blockedUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(and(eq(signInFailures.scope, scope), eq(signInFailures.key, key)));
    },

    clearFailures: async (scope: FailureScope, keys: string[]) => {
      if (keys.length === 0) return;
      await db.delete(signInFailures).where(and(eq(signInFailures.scope, scope), inArray(signInFailures.key, keys)));
    },

    /** Stores a token's hash; earlier unused tokens of the same purpose stop working (they stay counted). */
    replaceToken: async (userId: string, purpose: TokenPurpose, tokenHash: string, expiresAt: Date) =>
      db.transaction(async (tx) => {
        await tx
          .update(accountTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
        // A day after expiry a token is of no use, not even for counting recent mails.
        await tx
          .delete(accountTokens)
          .where(and(eq(accountTokens.userId, userId), lt(accountTokens.expiresAt, sql`now() - interval '1 day'`)));
        await tx.insert(accountTokens).values({ userId, purpose, tokenHash, expiresAt });
      }),

    /** How many tokens of this purpose were made for the user in the last `seconds`. */
    countRecentTokens: async (userId: string, purpose: TokenPurpose, seconds: number): Promise<number> => {
      const [row] = await db
        .select({ n: count() })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            gt(accountTokens.createdAt, sql`now() - make_interval(secs => ${seconds})`),
          ),
        );
      return row?.n ?? 0;
    },

    /** Uses a live token up; the user id it was made for, or undefined (unknown, used, or expired). */
    claimToken: async (purpose: TokenPurpose, tokenHash: string): Promise<string | undefined> => {
      const [row] = await db
        .update(accountTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: accountTokens.userId });
      return row?.userId;
    },

    startVerification: async (userId: string) => {
      await db.insert(emailVerifications).values({ userId }).onConflictDoNothing();
    },

    markVerified: async (userId: string) => {
      await db
        .update(emailVerifications)
        .set({ verifiedAt: sql`now()` })
        .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.verifiedAt)));
    },

    /** False only while a verification is pending; accounts older than verification count as verified. */
    isVerified: async (userId: string): Promise<boolean> => {
      const [row] = await db
        .select({ verifiedAt: emailVerifications.verifiedAt })
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, userId))
        .limit(1);
      return !row || row.verifiedAt !== null;
    },
  }));

export type AccountProtectionRepository = ReturnType<typeof createAccountProtectionRepository>;
