import type { ApiKeyScope, FundPlanId } from '@fitscore/contracts';
import { apiKeys, fundMembers, funds, repository, users } from '@fitscore/db';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { createdByName: string | null };

/** What a presented key resolves to: its fund, its scopes, and whether its maker still belongs to the fund. */
export interface ApiKeyHolder {
  id: string;
  fundId: string;
  scopes: ApiKeyScope[];
  plan: FundPlanId;
  createdBy: string | null;
  /** The maker is still a member of the fund (a key never outlives its maker's access). */
  makerInFund: boolean;
}

/** Writes `last_used_at` at most once a minute per key, so a busy key costs no write per call. */
const LAST_USED_EVERY = sql`interval '1 minute'`;

export const createApiKeysRepository = repository((db) => ({
  async fundPlan(fundId: string): Promise<FundPlanId | undefined> {
    const [row] = await db.select({ plan: funds.plan }).from(funds).where(eq(funds.id, fundId));
    return row?.plan;
  },

  async list(fundId: string): Promise<ApiKeyRow[]> {
    const rows = await db
      .select({ key: apiKeys, createdByName: users.name })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(eq(apiKeys.fundId, fundId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    return rows.map((r) => ({ ...r.key, createdByName: r.createdByName }));
  },

  async insert(values: { fundId: string; name: string; scopes: ApiKeyScope[]; tokenHash: string; preview: string; createdBy: string; expiresAt: Date | null }): Promise<ApiKeyRow> {
    const [row] = await db.insert(apiKeys).values(values).returning();
    const [maker] = await db.select({ name: users.name }).from(users).where(eq(users.id, values.createdBy));
    return { ...row!, createdByName: maker?.name ?? null };
  },

  /** Revokes the fund's key; false when the fund has no such key (or it was revoked before). */
  async revoke(fundId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.fundId, fundId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  },

  /** The live key with this hash (not revoked, not expired), with its fund's plan. */
  async holder(tokenHash: string): Promise<ApiKeyHolder | undefined> {
    const [row] = await db
      .select({
        id: apiKeys.id,
        fundId: apiKeys.fundId,
        scopes: apiKeys.scopes,
        plan: funds.plan,
        createdBy: apiKeys.createdBy,
        member: fundMembers.userId,
      })
      .from(apiKeys)
      .innerJoin(funds, eq(funds.id, apiKeys.fundId))
      .leftJoin(fundMembers, and(eq(fundMembers.fundId, apiKeys.fundId), eq(fundMembers.userId, apiKeys.createdBy)))
      .where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`))));
    if (!row) return undefined;
    return { id: row.id, fundId: row.fundId, scopes: row.scopes as ApiKeyScope[], plan: row.plan, createdBy: row.createdBy, makerInFund: row.member !== null };
  },

  /** True when this call wrote `last_used_at` (the first use in a minute): the audit log hears of those only. */
  async touch(id: string): Promise<boolean> {
    const written = await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${LAST_USED_EVERY}`))))
      .returning({ id: apiKeys.id });
    return written.length > 0;
  },
}));
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
