import type { FundStage, StageTriage } from '@fitscore/contracts';
import { fundStages, funds, repository } from '@fitscore/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

const columns = { id: fundStages.id, name: fundStages.name, position: fundStages.position, triage: fundStages.triage };

/** The fund's own stages (fund_stages): written here only. */
export const createStagesRepository = repository((db) => ({
  list: (fundId: string): Promise<FundStage[]> =>
    db.select(columns).from(fundStages).where(eq(fundStages.fundId, fundId)).orderBy(asc(fundStages.position)),

  /** The fund, locked until the transaction ends: its first read makes its stages once. False when there is no such fund. */
  lockFund: async (fundId: string): Promise<boolean> => {
    const [row] = await db.select({ id: funds.id }).from(funds).where(eq(funds.id, fundId)).for('update');
    return Boolean(row);
  },

  insert: async (fundId: string, stages: { name: string; triage: StageTriage; position: number }[]) => {
    if (stages.length) await db.insert(fundStages).values(stages.map((s) => ({ fundId, ...s })));
  },

  update: async (fundId: string, id: string, values: { name: string; triage: StageTriage; position: number }) => {
    await db
      .update(fundStages)
      .set(values)
      .where(and(eq(fundStages.id, id), eq(fundStages.fundId, fundId)));
  },

  remove: async (fundId: string, ids: string[]) => {
    if (ids.length) await db.delete(fundStages).where(and(eq(fundStages.fundId, fundId), inArray(fundStages.id, ids)));
  },
}));
export type StagesRepository = ReturnType<typeof createStagesRepository>;
