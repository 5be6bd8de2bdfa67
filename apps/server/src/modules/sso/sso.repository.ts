import type { FundPlanId } from '@fitscore/contracts';
import { fundMembers, funds, repository, scimTokens, ssoConnections, ssoDomains, ssoHandoffs, ssoIdentities, ssoLoginStates, users } from '@fitscore/db';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoIdentityRow = typeof ssoIdentities.$inferSelect;
export type ScimTokenRow = typeof scimTokens.$inferSelect & { createdByName: string | null };

/** The connection an email's domain signs in through, with its fund's plan. */
export type DomainConnection = SsoConnectionRow & { plan: FundPlanId };

/** Writes `last_used_at` at most once a minute per token. */
const LAST_USED_EVERY = sql`interval '1 minute'`;

/** The fund's single sign-on: its connection and domains, sign-ins in flight, identities and SCIM tokens. */
export const createSsoRepository = repository((db) => ({
  async fundPlan(fundId: string): Promise<FundPlanId | undefined> {
    const [row] = await db.select({ plan: funds.plan }).from(funds).where(eq(funds.id, fundId));
    return row?.plan;
  },

  async connection(fundId: string): Promise<SsoConnectionRow | undefined> {
    const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.fundId, fundId));
    return row;
  },

  /**
   * Stores the fund's connection and its domains in one transaction; a domain already claimed by
   * another fund is answered with its name and nothing changes.
   */
  saveConnection: (
    fundId: string,
    values: { issuerUrl: string; clientId: string; clientSecretSealed: string; domains: string[]; requireSso: boolean },
  ): Promise<{ ok: true; row: SsoConnectionRow } | { ok: false; taken: string }> =>
    db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ domain: ssoDomains.domain })
        .from(ssoDomains)
        .where(and(inArray(ssoDomains.domain, values.domains), ne(ssoDomains.fundId, fundId)))
        .limit(1);
      if (claimed) return { ok: false, taken: claimed.domain };
      const [row] = await tx
        .insert(ssoConnections)
        .values({ fundId, ...values })
        .onConflictDoUpdate({ target: ssoConnections.fundId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      await tx.delete(ssoDomains).where(eq(ssoDomains.fundId, fundId));
      await tx.insert(ssoDomains).values(values.domains.map((domain) => ({ domain, fundId })));
      return { ok: true, row: row! };
    }),

  async removeConnection(fundId: string): Promise<boolean> {
    const rows = await db.delete(ssoConnections).where(eq(ssoConnections.fundId, fundId)).returning({ id: ssoConnections.fundId });
    return rows.length > 0;
  },

  async connectionForDomain(domain: string): Promise<DomainConnection | undefined> {
    const [row] = await db
      .select({ connection: ssoConnections, plan: funds.plan })
      .from(ssoDomains)
      .innerJoin(ssoConnections, eq(ssoConnections.fundId, ssoDomains.fundId))
      .innerJoin(funds, eq(funds.id, ssoDomains.fundId))
      .where(eq(ssoDomains.domain, domain));
    return row ? { ...row.connection, plan: row.plan } : undefined;
  },

  /** Whether the account with this email is a member of an Enterprise fund that requires single sign-on. */
  async memberMustUseSso(email: string): Promise<boolean> {
    const [row] = await db
      .select({ fundId: fundMembers.fundId })
      .from(users)
      .innerJoin(fundMembers, eq(fundMembers.userId, users.id))
      .innerJoin(ssoConnections, eq(ssoConnections.fundId, fundMembers.fundId))
      .innerJoin(funds, eq(funds.id, fundMembers.fundId))
      .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(ssoConnections.requireSso, true), eq(funds.plan, 'enterprise')))
      .limit(1);
    return row !== undefined;
  },

  async insertState(values: { stateHash: string; fundId: string; codeVerifier: string; nonce: string; expiresAt: Date }) {
    await db.insert(ssoLoginStates).values(values);
    // Spent and expired sign-ins are not kept.
    await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, sql`now() - interval '1 day'`));
  },

  /** Uses a sign-in's state: the first caller gets it while it is fresh, every later one nothing. */
  async takeState(stateHash: string) {
    const [row] = await db
      .update(ssoLoginStates)
      .set({ usedAt: sql`now()` })
      .where(and(eq(ssoLoginStates.stateHash, stateHash), isNull(ssoLoginStates.usedAt), gt(ssoLoginStates.expiresAt, sql`now()`)))
      .returning();
    return row;
  },

  /** The fund a sign-in's state was issued for, used or expired (kept a day): a replay is the fund's failed sign-in. */
  async stateFund(stateHash: string): Promise<string | undefined> {
    const [row] = await db.select({ fundId: ssoLoginStates.fundId }).from(ssoLoginStates).where(eq(ssoLoginStates.stateHash, stateHash));
    return row?.fundId;
  },

  async insertHandoff(values: { codeHash: string; userId: string; expiresAt: Date }) {
    await db.insert(ssoHandoffs).values(values);
    await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, sql`now() - interval '1 day'`));
  },

  async takeHandoff(codeHash: string): Promise<string | undefined> {
    const [row] = await db
      .update(ssoHandoffs)
      .set({ usedAt: sql`now()` })
      .where(and(eq(ssoHandoffs.codeHash, codeHash), isNull(ssoHandoffs.usedAt), gt(ssoHandoffs.expiresAt, sql`now()`)))
      .returning({ userId: ssoHandoffs.userId });
    return row?.userId;
  },

  identityByUserName: async (fundId: string, userName: string): Promise<SsoIdentityRow | undefined> => {
    const [row] = await db.select().from(ssoIdentities).where(and(eq(ssoIdentities.fundId, fundId), eq(ssoIdentities.userName, userName)));
    return row;
  },

  identityById: async (fundId: string, id: string): Promise<SsoIdentityRow | undefined> => {
    const [row] = await db.select().from(ssoIdentities).where(and(eq(ssoIdentities.fundId, fundId), eq(ssoIdentities.id, id)));
    return row;
  },

  /** A page of the fund's identities, optionally only those whose `column` equals `value`. */
  async identities(fundId: string, filter: { column: 'userName' | 'externalId'; value: string } | null, offset: number, limit: number) {
    const where = and(
      eq(ssoIdentities.fundId, fundId),
      filter ? (filter.column === 'userName' ? eq(ssoIdentities.userName, filter.value.toLowerCase()) : eq(ssoIdentities.externalId, filter.value)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(ssoIdentities).where(where).orderBy(asc(ssoIdentities.createdAt), asc(ssoIdentities.id)).offset(offset).limit(limit),
      db.select({ n: count() }).from(ssoIdentities).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Adds or updates the fund's identity for a user (by userName). */
  async upsertIdentity(values: {
    fundId: string;
    userId: string;
    userName: string;
    externalId?: string | null;
    givenName?: string | null;
    familyName?: string | null;
    subject?: string | null;
    active: boolean;
  }): Promise<SsoIdentityRow> {
    const set: Partial<typeof ssoIdentities.$inferInsert> = { userId: values.userId, active: values.active, updatedAt: sql`now()` as never };
    if (values.externalId !== undefined) set.externalId = values.externalId;
    if (values.givenName !== undefined) set.givenName = values.givenName;
    if (values.familyName !== undefined) set.familyName = values.familyName;
    if (values.subject !== undefined) set.subject = values.subject;
    const [row] = await db
      .insert(ssoIdentities)
      .values(values)
      .onConflictDoUpdate({ target: [ssoIdentities.fundId, ssoIdentities.userName], set })
      .returning();
    return row!;
  },

  async updateIdentity(id: string, set: { externalId?: string | null; givenName?: string | null; familyName?: string | null; active?: boolean }) {
    const [row] = await db
      .update(ssoIdentities)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(ssoIdentities.id, id))
      .returning();
    return row!;
  },

  async deleteIdentity(id: string) {
    await db.delete(ssoIdentities).where(eq(ssoIdentities.id, id));
  },

  async scimTokens(fundId: string): Promise<ScimTokenRow[]> {
    const rows = await db
      .select({ token: scimTokens, createdByName: users.name })
      .from(scimTokens)
      .leftJoin(users, eq(users.id, scimTokens.createdBy))
      .where(and(eq(scimTokens.fundId, fundId), isNull(scimTokens.revokedAt)))
      .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
    return rows.map((r) => ({ ...r.token, createdByName: r.createdByName }));
  },

  async insertScimToken(values: { fundId: string; tokenHash: string; preview: string; createdBy: string }): Promise<ScimTokenRow> {
    const [row] = await db.insert(scimTokens).values(values).returning();
    const [maker] = await db.select({ name: users.name }).from(users).where(eq(users.id, values.createdBy));
    return { ...row!, createdByName: maker?.name ?? null };
  },

  async revokeScimToken(fundId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(scimTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(scimTokens.fundId, fundId), eq(scimTokens.id, id), isNull(scimTokens.revokedAt)))
      .returning({ id: scimTokens.id });
    return rows.length > 0;
  },

  /** The live token with this hash and its fund's plan. */
  async scimHolder(tokenHash: string): Promise<{ id: string; fundId: string; plan: FundPlanId } | undefined> {
    const [row] = await db
      .select({ id: scimTokens.id, fundId: scimTokens.fundId, plan: funds.plan })
      .from(scimTokens)
      .innerJoin(funds, eq(funds.id, scimTokens.fundId))
      .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)));
    return row;
  },

  async touchScimToken(id: string) {
    await db
      .update(scimTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(scimTokens.id, id), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - ${LAST_USED_EVERY}`))));
  },
}));
export type SsoRepository = ReturnType<typeof createSsoRepository>;
