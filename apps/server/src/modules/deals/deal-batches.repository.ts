import type { BulkAction, DealRowStatus } from '@fitscore/contracts';
import { dealBatches, dealBatchItems, deals, rawRows, repository } from '@fitscore/db';
import { and, eq, sql } from 'drizzle-orm';

/** A bulk action's record (issue 31 point 3): the batch, and each deal's values before it, for its one Undo. */
export const createDealBatchesRepository = repository((db) => ({
  create: async (fundId: string, userId: string, action: BulkAction): Promise<string> => {
    const [row] = await db.insert(dealBatches).values({ fundId, userId, action, selected: 0 }).returning({ id: dealBatches.id });
    return row!.id;
  },

  /**
   * Each of the fund's deals among `dealIds`, locked until the transaction ends, recorded in the
   * batch with its status, stage, owner and whether it had `tag`, in one statement; their ids.
   */
  record: async (batchId: string, fundId: string, dealIds: string[], tag: string | null): Promise<string[]> => {
    const rows = await rawRows<{ id: string }>(
      db,
      sql`insert into ${dealBatchItems} (batch_id, deal_id, status, pipeline_stage_id, owner_user_id, had_tag)
          select ${batchId}::uuid, d.id, d.status, d.pipeline_stage_id, d.owner_user_id, coalesce(${tag}::text = any(d.tags), false)
          from (select * from ${deals} where ${deals.fundId} = ${fundId} and ${deals.id} = any(${sql.param(dealIds)}::uuid[]) for update) d
          returning deal_id as id`,
    );
    const ids = rows.map((r) => r.id);
    await db.update(dealBatches).set({ selected: ids.length }).where(eq(dealBatches.id, batchId));
    return ids;
  },

  /** The fund's batch, locked (an Undo at a time). */
  lock: async (fundId: string, batchId: string) => {
    const [row] = await db
      .select()
      .from(dealBatches)
      .where(and(eq(dealBatches.id, batchId), eq(dealBatches.fundId, fundId)))
      .for('update');
    return row;
  },

  items: (batchId: string): Promise<{ dealId: string; status: DealRowStatus; pipelineStageId: string | null; ownerUserId: string | null; hadTag: boolean }[]> =>
    db
      .select({ dealId: dealBatchItems.dealId, status: dealBatchItems.status, pipelineStageId: dealBatchItems.pipelineStageId, ownerUserId: dealBatchItems.ownerUserId, hadTag: dealBatchItems.hadTag })
      .from(dealBatchItems)
      .where(eq(dealBatchItems.batchId, batchId)),

  markUndone: async (batchId: string) => {
    await db.update(dealBatches).set({ undoneAt: sql`now()` }).where(eq(dealBatches.id, batchId));
  },
}));
export type DealBatchesRepository = ReturnType<typeof createDealBatchesRepository>;
