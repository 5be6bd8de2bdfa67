import type { Database } from '@fitscore/db';
import { metricSnapshots } from '@fitscore/db';
import { asc, eq } from 'drizzle-orm';

export type MetricSnapshotRow = typeof metricSnapshots.$inferSelect;

export function createMetricsRepository(db: Database) {
  return {
    append: async (values: typeof metricSnapshots.$inferInsert) => {
      await db.insert(metricSnapshots).values(values);
    },
    history: (userId: string): Promise<MetricSnapshotRow[]> =>
      db.select().from(metricSnapshots).where(eq(metricSnapshots.userId, userId)).orderBy(asc(metricSnapshots.recordedAt)),
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
