import type { Database } from '@fitscore/db';
import { leads } from '@fitscore/db';

export function createLeadsRepository(db: Database) {
  return {
    insert: async (values: typeof leads.$inferInsert) => {
      await db.insert(leads).values(values);
    },
  };
}
export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
