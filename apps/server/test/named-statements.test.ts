import { openDatabase, rawRows, type DatabaseHandle } from '@fitscore/db';
import { sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * How often a prepared statement ran on its generic plan and on a plan made for its values
 * (PostgreSQL makes the first five runs' plans for their values unless told to keep the generic one).
 */
async function plansOf(db: DatabaseHandle['db'], text: string) {
  const [row] = await rawRows<{ generic_plans: string | number; custom_plans: string | number }>(
    db,
    sql`select generic_plans, custom_plans from pg_prepared_statements where strpos(statement, ${text}) > 0 and statement not like '%pg_prepared_statements%'`,
  );
  return row && { generic: Number(row.generic_plans), custom: Number(row.custom_plans) };
}

/** The rows of a statement. */
const rows = (db: DatabaseHandle['db'], query: SQL) => rawRows<Record<string, unknown>>(db, query);

/** Runs on the PostgreSQL stage (TEST_DATABASE_URL); the embedded database has no named statements. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.log('named-statements.test.ts: the PostgreSQL cases skipped, they need TEST_DATABASE_URL (a PostgreSQL server)');

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

  it('runs them on their generic plan, never planned again for each run (ADR 0032)', async () => {
    const db = await open(500);
    for (let n = 0; n < 8; n++) await rows(db, sql`select ${n}::int * 2 as twice`);
    expect(await plansOf(db, 'twice')).toEqual({ generic: 7, custom: 0 });
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

/** Runs on the embedded stage: the server's own PGlite, as `openDatabase` gives it. */
describe.skipIf(onPostgres)('repeated statements are prepared once on the embedded PGlite (ADR 0031)', () => {
  const handles: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
  });
  async function open(namedStatements: number) {
    const handle = await openDatabase({ dataDir: 'memory://', namedStatements });
    handles.push(handle);
    await handle.db.execute(sql.raw(`create table t (id int primary key, name text, at timestamptz, tags text[], doc jsonb, amount numeric, note text)`));
    await handle.db.execute(sql.raw(`insert into t select g, 'n' || g, '2026-11-25T10:00:00Z', array['a', 'b'], '{"x": 1}', 1.5, null from generate_series(1, 100) g`));
    return handle.db;
  }
  const prepared = async (db: DatabaseHandle['db']) => (await rows(db, sql.raw('select statement from pg_prepared_statements'))).map((r) => r.statement);

  it('prepares a parameterised statement from its second run and answers exactly as an unprepared one', async () => {
    const db = await open(500);
    const plain = await open(0);
    const page = (on: DatabaseHandle['db'], after: number) => rows(on, sql`select * from t where id > ${after} and name like ${'n%'} order by id limit 5`);
    const first = await page(db, 10);
    expect(await prepared(db)).toEqual([]);
    for (const after of [10, 20, 95, 100]) expect(await page(db, after)).toEqual(await page(plain, after));
    expect(await prepared(db)).toEqual(['select * from t where id > $1 and name like $2 order by id limit 5']);
    expect(first[0]).toEqual({ id: 11, name: 'n11', at: '2026-11-25 10:00:00+00', tags: ['a', 'b'], doc: { x: 1 }, amount: '1.5', note: null });
    expect(await prepared(plain)).toEqual([]);
  });

  it('counts the rows a prepared write changed, and keeps a one-off unprepared', async () => {
    const db = await open(500);
    const rename = (name: string) => db.execute(sql`update t set note = ${name} where id <= ${3}`);
    await rename('a');
    const changed = (await rename('b')) as unknown as { affectedRows: number };
    expect(changed.affectedRows).toBe(3);
    expect(await rows(db, sql`select note from t where id = ${2}`)).toEqual([{ note: 'b' }]);
    await db.execute(sql`select ${1}::int as once`);
    expect(await prepared(db)).toEqual(['update t set note = $1 where id <= $2']);
  });

  it('throws the database error of a prepared statement and goes on answering after it', async () => {
    const db = await open(500);
    const insert = (id: number) => db.execute(sql`insert into t (id, name) values (${id}, ${'x'})`);
    await insert(1001);
    await insert(1002);
    const error = (await insert(1).catch((e: unknown) => e)) as { cause?: { code?: string } };
    expect(error.cause?.code).toBe('23505');
    await insert(1003);
    expect(await rows(db, sql`select count(*)::int as n from t where id > ${1000}`)).toEqual([{ n: 3 }]);
  });

  it('runs them on their generic plan, never planned again for each run (ADR 0032)', async () => {
    const db = await open(500);
    for (let n = 0; n < 8; n++) await rows(db, sql`select * from t where id > ${n} order by id limit 1`);
    expect(await plansOf(db, 'order by id limit 1')).toEqual({ generic: 7, custom: 0 });
  });

  it('prepares a statement again when the table under it changed', async () => {
    const db = await open(500);
    const one = () => rows(db, sql`select * from t where id = ${1}`);
    await one();
    await one();
    await db.execute(sql.raw('alter table t add column extra int'));
    expect(Object.keys((await one())[0]!)).toContain('extra');
  });
});
