import type { AuditActionGroup } from '@fitscore/contracts';
import { auditEvents, fundMembers, funds, repository, twoFactorChallenges, users } from '@fitscore/db';
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = typeof auditEvents.$inferInsert;

export interface AuditQuery {
  fundId: string;
  group?: AuditActionGroup | undefined;
  actor?: string | undefined;
  /** Inclusive lower bound. */
  from?: Date | undefined;
  /** Exclusive upper bound. */
  before?: Date | undefined;
  after?: { at: Date; id: string } | undefined;
  limit: number;
}

/** The audit log's table: written here only. */
export const createAuditRepository = repository((db) => ({
    async insert(row: NewAuditRow): Promise<void> {
      await db.insert(auditEvents).values(row);
    },

    /** Whether the fund has an entry of this action and target since `since` (a busy API key is logged once an hour). */
    async recentlyRecorded(fundId: string, action: string, target: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(and(eq(auditEvents.fundId, fundId), eq(auditEvents.action, action), eq(auditEvents.target, target), gte(auditEvents.at, since)))
        .limit(1);
      return row !== undefined;
    },

    /** A user's name, email and fund (the fund they belong to, if any). */
    async person(by: { userId: string } | { email: string }) {
      const [row] = await db
        .select({ userId: users.id, name: users.name, email: users.email, fundId: fundMembers.fundId })
        .from(users)
        .leftJoin(fundMembers, eq(fundMembers.userId, users.id))
        .where('userId' in by ? eq(users.id, by.userId) : eq(sql`lower(${users.email})`, by.email.toLowerCase()))
        .limit(1);
      return row;
    },

    /** The user a sign-in's second-factor challenge (its SHA-256) was issued to: read, never written here. */
    async challengeUser(tokenHash: string): Promise<string | undefined> {
      const [row] = await db.select({ userId: twoFactorChallenges.userId }).from(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash));
      return row?.userId;
    },

    async fundPlan(fundId: string) {
      const [row] = await db.select({ plan: funds.plan }).from(funds).where(eq(funds.id, fundId));
      return row?.plan;
    },

    /** Newest first, keyset-paged on (at, id). */
    async page(q: AuditQuery): Promise<AuditRow[]> {
      const where: (SQL | undefined)[] = [eq(auditEvents.fundId, q.fundId)];
      if (q.group) where.push(like(auditEvents.action, `${q.group}.%`));
      if (q.actor) where.push(eq(auditEvents.actorUserId, q.actor));
      if (q.from) where.push(gte(auditEvents.at, q.from));
      if (q.before) where.push(lt(auditEvents.at, q.before));
      if (q.after) where.push(or(lt(auditEvents.at, q.after.at), and(eq(auditEvents.at, q.after.at), lt(auditEvents.id, q.after.id))));
      return db
        .select()
        .from(auditEvents)
        .where(and(...where))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(q.limit);
    },

    /** Deletes entries older than `cutoff`; returns how many. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const gone = await db.delete(auditEvents).where(lt(auditEvents.at, cutoff)).returning({ id: auditEvents.id });
      return gone.length;
    },
}));
export type AuditRepository = ReturnType<typeof createAuditRepository>;
