import type { ImportMapping, ImportOutcome } from '@fitscore/contracts';
import { dealImportRows, dealImports, funds, repository } from '@fitscore/db';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';

export type DealImportRow = typeof dealImports.$inferSelect;
export type NewDealImport = Pick<typeof dealImports.$inferInsert, 'fundId' | 'userId' | 'filename' | 'blobKey' | 'columns' | 'dayFirst' | 'sample' | 'mapping' | 'totalRows'> & { id: string };
export interface ReportRow {
  row: number;
  company: string;
  outcome: ImportOutcome;
  dealId: string | null;
  reason: string;
  deckUrl: string | null;
}

/** Is this the unique index that allows one queued or running import per fund? */
export function isOneRunningViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'deal_imports_one_running_idx')) return true;
  }
  return false;
}

/** The deal-import module's tables: the imports, and what became of each of their rows. */
export const createDealImportRepository = repository((db) => ({
  insert: async (values: NewDealImport) => {
    const [row] = await db.insert(dealImports).values(values).returning();
    return row!;
  },

  get: async (fundId: string, id: string) => {
    const [row] = await db.select().from(dealImports).where(and(eq(dealImports.fundId, fundId), eq(dealImports.id, id)));
    return row;
  },

  byId: async (id: string) => {
    const [row] = await db.select().from(dealImports).where(eq(dealImports.id, id));
    return row;
  },

  /** The one the job works on, locked until its batch commits. */
  lock: async (id: string) => {
    const [row] = await db.select().from(dealImports).where(eq(dealImports.id, id)).for('update');
    return row;
  },

  /** The fund's running import if any, else its newest. */
  current: async (fundId: string) => {
    const [row] = await db
      .select()
      .from(dealImports)
      .where(eq(dealImports.fundId, fundId))
      .orderBy(sql`${dealImports.status} in ('queued', 'running') desc`, desc(dealImports.createdAt))
      .limit(1);
    return row;
  },

  /** Queued with its mapping, unless another import of the fund is queued or running (the unique index throws). */
  queue: async (fundId: string, id: string, mapping: ImportMapping) => {
    const rows = await db
      .update(dealImports)
      .set({ status: 'queued', mapping })
      .where(and(eq(dealImports.fundId, fundId), eq(dealImports.id, id), eq(dealImports.status, 'mapping')))
      .returning();
    return rows[0];
  },

  markRunning: async (id: string) => {
    await db.update(dealImports).set({ status: 'running', startedAt: sql`coalesce(${dealImports.startedAt}, now())` }).where(eq(dealImports.id, id));
  },

  /** A batch's rows and the import's counts, in the batch's transaction. */
  recordBatch: async (id: string, rows: ReportRow[]) => {
    if (rows.length === 0) return;
    await db.insert(dealImportRows).values(rows.map((r) => ({ importId: id, ...r }))).onConflictDoNothing();
    const count = (o: ImportOutcome) => rows.filter((r) => r.outcome === o).length;
    await db
      .update(dealImports)
      .set({
        processed: sql`${dealImports.processed} + ${rows.length}`,
        imported: sql`${dealImports.imported} + ${count('imported')}`,
        merged: sql`${dealImports.merged} + ${count('merged')}`,
        refused: sql`${dealImports.refused} + ${count('refused')}`,
      })
      .where(eq(dealImports.id, id));
  },

  finish: async (id: string, error: string | null) => {
    await db
      .update(dealImports)
      .set({ status: error ? 'failed' : 'done', error, finishedAt: sql`now()` })
      .where(and(eq(dealImports.id, id), inArray(dealImports.status, ['queued', 'running'])));
  },

  deckResult: async (id: string, row: number, result: string) => {
    await db.update(dealImportRows).set({ deckResult: result }).where(and(eq(dealImportRows.importId, id), eq(dealImportRows.row, row)));
  },

  refusedRows: (id: string, limit: number) =>
    db.select().from(dealImportRows).where(and(eq(dealImportRows.importId, id), eq(dealImportRows.outcome, 'refused'))).orderBy(asc(dealImportRows.row)).limit(limit),

  /** The report a page at a time, in file order. */
  reportPage: (id: string, after: number, limit: number) =>
    db.select().from(dealImportRows).where(and(eq(dealImportRows.importId, id), gt(dealImportRows.row, after))).orderBy(asc(dealImportRows.row)).limit(limit),

  /** The fund's plan, for whether a fetched deck may still be scored on the trial. */
  fund: async (fundId: string) => {
    const [row] = await db.select({ id: funds.id, plan: funds.plan, trialScoresUsed: funds.trialScoresUsed }).from(funds).where(eq(funds.id, fundId));
    return row;
  },
}));
export type DealImportRepository = ReturnType<typeof createDealImportRepository>;
