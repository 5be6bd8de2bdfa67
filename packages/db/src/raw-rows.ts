import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The rows of a hand-written statement (`sql` with a `with`, a `returning` of expressions, ...).
 * Both drivers answer `execute` with `{ rows }`, but drizzle's PgDatabase types it per driver;
 * the row type is the caller's word for what the statement selects.
 */
export async function rawRows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
