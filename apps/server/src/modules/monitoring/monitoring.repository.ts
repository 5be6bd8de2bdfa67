import { intakeItems, type Database } from '@fitscore/db';
import { count } from 'drizzle-orm';

/**
 * What the metrics read from the database, read-only: the intake log's items by channel and
 * outcome. Counted where every host's items are (a host's own counters would each see a part).
 */
export function createMonitoringRepository(db: Database) {
  return {
    intakeItems: () =>
      db
        .select({ channel: intakeItems.channel, outcome: intakeItems.outcome, n: count() })
        .from(intakeItems)
        .groupBy(intakeItems.channel, intakeItems.outcome),
  };
}
