import { dealImports, decks, deals, fundArchiveLinks, fundDeletions, fundMembers, funds, intakeItems, repository, users } from '@fitscore/db';
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { describeTable, type FundTable } from './fund-tables.repository.ts';

export type FundDeletionRow = typeof fundDeletions.$inferSelect & { requestedByName: string | null };

const EXPORT_PAGE = 500;

/**
 * The fund-data module's tables (fund_deletions, fund_archive_links) are written here only; everything else is read:
 * the fund's rows of each table in FUND_TABLES and the keys of its files (ADR 0070).
 */
export const createFundDataRepository = repository((db) => ({
  async fund(fundId: string) {
    const [row] = await db.select({ name: funds.fundName, plan: funds.plan }).from(funds).where(eq(funds.id, fundId));
    return row;
  },

  async deletion(fundId: string): Promise<FundDeletionRow | undefined> {
    const [row] = await db
      .select({ deletion: fundDeletions, requestedByName: users.name })
      .from(fundDeletions)
      .leftJoin(users, eq(users.id, fundDeletions.requestedBy))
      .where(eq(fundDeletions.fundId, fundId));
    return row ? { ...row.deletion, requestedByName: row.requestedByName } : undefined;
  },

  /** The deletion, unless one is already scheduled (then undefined). */
  async scheduleDeletion(fundId: string, requestedBy: string, purgeAfter: Date) {
    const [row] = await db.insert(fundDeletions).values({ fundId, requestedBy, purgeAfter }).onConflictDoNothing().returning();
    return row;
  },

  /** Cancels the deletion while it is not yet due; whether there was one to cancel. */
  async cancelDeletion(fundId: string, now: Date): Promise<boolean> {
    const gone = await db
      .delete(fundDeletions)
      .where(and(eq(fundDeletions.fundId, fundId), gt(fundDeletions.purgeAfter, now)))
      .returning({ fundId: fundDeletions.fundId });
    return gone.length > 0;
  },

  /** A new download link of the fund's archive for its admin; the fund's links that have expired go. */
  async createArchiveLink(fundId: string, userId: string, expiresAt: Date, now: Date): Promise<string> {
    await db.delete(fundArchiveLinks).where(and(eq(fundArchiveLinks.fundId, fundId), lt(fundArchiveLinks.expiresAt, now)));
    const [row] = await db.insert(fundArchiveLinks).values({ fundId, userId, expiresAt }).returning({ id: fundArchiveLinks.id });
    return row!.id;
  },

  /** Marks the link used; false when it was used before, has expired, or is not this admin's link of this fund. */
  async useArchiveLink(id: string, fundId: string, userId: string, now: Date): Promise<boolean> {
    const used = await db
      .update(fundArchiveLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(fundArchiveLinks.id, id),
          eq(fundArchiveLinks.fundId, fundId),
          eq(fundArchiveLinks.userId, userId),
          isNull(fundArchiveLinks.usedAt),
          gt(fundArchiveLinks.expiresAt, now),
        ),
      )
      .returning({ id: fundArchiveLinks.id });
    return used.length > 0;
  },

  /** The fund's rows of one table, a page at a time in primary-key order, keyed by database column names. */
  async *rows(t: FundTable, fundId: string): AsyncGenerator<Record<string, unknown>> {
    const { columns, key } = describeTable(t);
    let after: unknown[] | undefined;
    for (;;) {
      const where = after
        ? and(t.scope(fundId), sql`(${sql.join(key.map((k) => k.column), sql`, `)}) > (${sql.join(key.map((k, i) => sql.param(after![i], k.column)), sql`, `)})`)
        : t.scope(fundId);
      const page = (await db
        .select()
        .from(t.table)
        .where(where)
        .orderBy(...key.map((k) => asc(k.column)))
        .limit(EXPORT_PAGE)) as Record<string, unknown>[];
      for (const row of page) yield Object.fromEntries(columns.map((c) => [c.name, row[c.prop] ?? null]));
      const last = page.at(-1);
      if (page.length < EXPORT_PAGE || !last) return;
      after = key.map((k) => last[k.prop]);
    }
  },

  /** The fund's deck files, oldest first. */
  async decks(fundId: string) {
    return db
      .select({ id: decks.id, dealId: decks.dealId, version: decks.version, filename: decks.filename, blobKey: decks.blobKey })
      .from(decks)
      .innerJoin(deals, eq(deals.id, decks.dealId))
      .where(eq(deals.fundId, fundId))
      .orderBy(asc(decks.createdAt), asc(decks.id));
  },

  /** The stored payloads of the fund's intake items (raw messages, a form's deck). */
  async intakePayloadKeys(fundId: string): Promise<string[]> {
    const rows = await db
      .select({ key: intakeItems.payloadKey })
      .from(intakeItems)
      .where(and(eq(intakeItems.fundId, fundId), isNotNull(intakeItems.payloadKey)));
    return rows.flatMap((r) => (r.key ? [r.key] : []));
  },

  /** The uploaded CSVs of the fund's deal imports (an import that ran deleted its own; one never started or failed kept it). */
  async importFileKeys(fundId: string): Promise<string[]> {
    const rows = await db.select({ key: dealImports.blobKey }).from(dealImports).where(eq(dealImports.fundId, fundId));
    return rows.map((r) => r.key);
  },

  async memberIds(fundId: string): Promise<string[]> {
    const rows = await db.select({ userId: fundMembers.userId }).from(fundMembers).where(eq(fundMembers.fundId, fundId));
    return rows.map((r) => r.userId);
  },

  /** Funds whose deletion is due at `now` (a purge missed by its job is found here). */
  async dueDeletions(now: Date): Promise<string[]> {
    const rows = await db.select({ fundId: fundDeletions.fundId }).from(fundDeletions).where(lte(fundDeletions.purgeAfter, now));
    return rows.map((r) => r.fundId);
  },
}));
export type FundDataRepository = ReturnType<typeof createFundDataRepository>;
