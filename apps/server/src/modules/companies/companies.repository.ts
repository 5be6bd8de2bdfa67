import type { Database } from '@fitscore/db';
import { companies, rawRows } from '@fitscore/db';
import { and, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { CompanyCsvRow } from './companies-csv.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanySource = CompanyRow['source'];

// Enough for any real dataset; ranking reads them all in one pass.
const MAX_RANKED = 20_000;
const UPSERT_BATCH = 200;

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function createCompaniesRepository(db: Database) {
  return {
    /**
     * Inserts or updates rows of one source by name (case-insensitive), in one transaction.
     * Names must be unique within `rows`.
     */
    upsertMany: async (rows: CompanyCsvRow[], source: 'import' | 'sample'): Promise<{ inserted: number; updated: number }> => {
      let inserted = 0;
      let updated = 0;
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
          const batch = rows.slice(i, i + UPSERT_BATCH);
          const values = batch.map(
            (r) => sql`(${r.name}, ${r.sector}, ${r.stage}, ${r.business_model}, ${r.description}, ${r.last_round},
              ${r.amount}::bigint, ${r.currency},
              array(select jsonb_array_elements_text(${JSON.stringify(r.investors)}::jsonb)),
              ${r.link}, ${r.raised_at}::date, ${source})`,
          );
          const result = await rawRows<{ inserted: boolean }>(
            tx,
            sql`
            insert into ${companies} (name, sector, stage, business_model, description, last_round, amount, currency,
              investors, link, raised_at, source)
            values ${sql.join(values, sql`, `)}
            on conflict (lower(name), source) do update set
              name = excluded.name, sector = excluded.sector, stage = excluded.stage,
              business_model = excluded.business_model, description = excluded.description,
              last_round = excluded.last_round, amount = excluded.amount, currency = excluded.currency,
              investors = excluded.investors, link = excluded.link, raised_at = excluded.raised_at,
              updated_at = now()
            returning (xmax = 0) as inserted`,
          );
          for (const r of result) {
            if (r.inserted) inserted += 1;
            else updated += 1;
          }
        }
      });
      return { inserted, updated };
    },

    /** Every company a founder is compared with: all rows except the founder's own report. */
    listForRanking: (excludeUserId: string): Promise<CompanyRow[]> =>
      db
        .select()
        .from(companies)
        .where(or(isNull(companies.founderUserId), ne(companies.founderUserId, excludeUserId)))
        .orderBy(desc(sql`coalesce(${companies.raisedAt}, ${companies.createdAt}::date)`), companies.name)
        .limit(MAX_RANKED),

    countBySource: async (): Promise<Record<CompanySource, number>> => {
      const rows = await db.select({ source: companies.source, n: count() }).from(companies).groupBy(companies.source);
      const out: Record<CompanySource, number> = { import: 0, platform: 0, sample: 0 };
      for (const r of rows) out[r.source] = Number(r.n);
      return out;
    },

    findPlatform: async (userId: string): Promise<CompanyRow | undefined> => {
      const [row] = await db
        .select()
        .from(companies)
        .where(and(eq(companies.founderUserId, userId), eq(companies.source, 'platform')));
      return row;
    },

    /** One reported raise per founder: inserts it or replaces the founder's earlier one. */
    upsertPlatform: async (
      userId: string,
      values: Omit<typeof companies.$inferInsert, 'source' | 'founderUserId' | 'id' | 'createdAt' | 'updatedAt'>,
    ): Promise<CompanyRow> => {
      const [row] = await db
        .insert(companies)
        .values({ ...values, source: 'platform', founderUserId: userId })
        .onConflictDoUpdate({
          target: companies.founderUserId,
          targetWhere: sql`${companies.founderUserId} is not null`,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    removePlatform: async (userId: string): Promise<boolean> => {
      const rows = await db
        .delete(companies)
        .where(and(eq(companies.founderUserId, userId), eq(companies.source, 'platform')))
        .returning({ id: companies.id });
      return rows.length > 0;
    },

    removeSource: async (source: 'import' | 'sample'): Promise<number> => {
      const rows = await db.delete(companies).where(eq(companies.source, source)).returning({ id: companies.id });
      return rows.length;
    },
  };
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
