import type { Executor, Transaction } from '@fitscore/db';
import { fundMembers, preparedName, sessions, users } from '@fitscore/db';
import { and, desc, eq, gt, isNull, ne, notInArray, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type SessionUser = Omit<UserRow, 'passwordHash'>;

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  type: users.type,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** Live: not revoked, not expired, and used within the idle limit. */
const live = (idleDays: number) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(days => ${idleDays})`),
  );

export function createAuthRepository(db: Executor, { idleDays }: { idleDays: number }) {
  // Built once and prepared under a name (the guard of every request runs it): PostgreSQL parses it once per connection (ADR 0047).
  const liveSession = db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      user: sessionUserColumns,
      fundId: fundMembers.fundId,
      fundRole: fundMembers.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(fundMembers, eq(fundMembers.userId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), live(idleDays)))
    .limit(1)
    .prepare(preparedName('auth: live session by token'));
  /** The statements that may run in a caller's transaction (`in(tx)`); `ex` is the database or the transaction. */
  const statements = (ex: Executor) => ({
    findUserByEmail: async (email: string): Promise<UserRow | undefined> => {
      const [row] = await ex.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    findUserById: async (id: string): Promise<UserRow | undefined> => {
      const [row] = await ex.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Returns undefined when the email is already taken (unique violation), so races are safe. */
    insertUser: async (values: typeof users.$inferInsert): Promise<UserRow | undefined> => {
      const [row] = await ex.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
      return row;
    },

    updatePasswordHash: async (userId: string, passwordHash: string) => {
      await ex.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    },

    insertSession: async (values: typeof sessions.$inferInsert) => {
      const [row] = await ex.insert(sessions).values(values).returning({ id: sessions.id });
      return row!;
    },

    touchSession: async (sessionId: string) => {
      await ex.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
    },

    revokeSession: async (sessionId: string, userId: string) => {
      const rows = await ex
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Returns how many sessions were ended. */
    revokeOtherSessions: async (userId: string, keepSessionId: string) => {
      const rows = await ex
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Ends every session of the user (password reset). */
    revokeAllSessions: async (userId: string) => {
      await ex
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
    /** Ends the user's live sessions beyond the `keep` newest; returns how many ended. */
    revokeBeyondNewest: async (userId: string, keep: number) => {
      const newest = ex
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live(idleDays)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(keep);
      const rows = await ex
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), notInArray(sessions.id, newest)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    listLiveSessions: async (userId: string) =>
      ex
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), live(idleDays)))
        .orderBy(sessions.lastSeenAt),
  });
  return {
    ...statements(db),
    /**
     * The live session for a token hash, with its user and, for an investor, their fund and role
     * there: one round trip for the access guard of every request (it is most of an API call's cost).
     */
    findLiveSession: async (tokenHash: string) => {
      const [row] = await liveSession.execute({ tokenHash });
      return row;
    },

    /** The same statements in a unit of work's transaction (a password reset's five writes are one). */
    in: (tx: Transaction | undefined) => (tx ? statements(tx) : statements(db)),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
