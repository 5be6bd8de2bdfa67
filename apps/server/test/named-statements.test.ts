import { openDatabase, type DatabaseHandle } from '@fitscore/db';
import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/** Runs on the PostgreSQL stage (TEST_DATABASE_URL); the embedded database has no named statements. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.log('named-statements.test.ts: skipped, it needs TEST_DATABASE_URL (a PostgreSQL server)');

describe.skipIf(!onPostgres)('repeated statements are prepared under a name on PostgreSQL (ADR 0029)', () => {
  let test: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    await test?.dispose();
  });

  /** One connection, so every statement and the look at pg_prepared_statements share it. */
  async function open(namedStatements: number) {
    test = await openTestDatabase();
    handle = await openDatabase({ databaseUrl: test.url, poolSize: 1, namedStatements });
    return handle.db;
  }
  /** The rows of a statement (node-postgres answers with a result holding them). */
  const rows = async (db: DatabaseHandle['db'], query: SQL) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const prepared = async (db: DatabaseHandle['db']) => (await rows(db, sql.raw('select statement from pg_prepared_statements'))).map((r) => r.statement);

  it('keeps a parameterised statement prepared from its second run, answers it the same, and leaves one-offs unnamed', async () => {
    const db = await open(500);
    const square = (n: number) => rows(db, sql`select ${n}::int * ${n}::int as square`);
    expect(await square(3)).toEqual([{ square: 9 }]);
    expect(await prepared(db)).toEqual([]);
    expect(await square(4)).toEqual([{ square: 16 }]);
    expect(await square(5)).toEqual([{ square: 25 }]);
    expect(await prepared(db)).toEqual(['select $1::int * $2::int as square']);
    await db.execute(sql`select ${1}::int as once`);
    expect(await prepared(db)).toHaveLength(1);
  });

  it('names no more statements than the limit, and none at 0', async () => {
    const db = await open(2);
    for (const column of ['a', 'b', 'c']) {
      for (let i = 0; i < 3; i++) await db.execute(sql`select ${i}::int as ${sql.identifier(column)}`);
    }
    expect(await prepared(db)).toHaveLength(2);
    await handle!.close();
    await test!.dispose();

    const none = await open(0);
    for (let i = 0; i < 3; i++) await none.execute(sql`select ${i}::int as a`);
    expect(await prepared(none)).toEqual([]);
  });
});
