import { openDatabase, rawRows, statementsByShape, type DatabaseHandle } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

describe('statementsByShape (ADR 0029)', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(() => handle?.close());

  it('builds a statement once per shape, answers each run with its own values, and keeps at most its limit', async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    const db = handle.db;
    const statement = statementsByShape(2);
    const built: string[] = [];
    /** `x` times a factor fixed by the shape, as a filter's SQL is fixed by which filters are set. */
    const times = (factor: number) => () => {
      built.push(`x${factor}`);
      return db.select({ n: sql<number>`${sql.placeholder('x')}::int * ${factor}` }).from(sql`(select 1) as one`);
    };
    const run = async (factor: number, x: number) => (await statement(`x${factor}`, times(factor)).execute({ x }))[0]!.n;

    expect(await run(2, 5)).toBe(10);
    expect(await run(2, 7)).toBe(14);
    expect(await run(3, 7)).toBe(21);
    expect(built).toEqual(['x2', 'x3']);
    // A third shape drops the oldest: it is built again when next asked for.
    expect(await run(4, 1)).toBe(4);
    expect(await run(3, 2)).toBe(6);
    expect(await run(2, 1)).toBe(2);
    expect(built).toEqual(['x2', 'x3', 'x4', 'x2']);
  });
});

/** Runs on the PostgreSQL stage (TEST_DATABASE_URL); the embedded database has no named statements. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('statementsByShape on PostgreSQL (ADR 0047)', () => {
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
  const prepared = async (db: DatabaseHandle['db']) =>
    (await rawRows<{ name: string; statement: string }>(db, sql.raw('select name, statement from pg_prepared_statements'))).filter((r) => r.statement.includes('* 3'));

  it("prepares each shape once per connection under a name, through drizzle's prepare(), on PostgreSQL's own plan choice", async () => {
    const db = await open(500);
    const statement = statementsByShape();
    const times3 = () => db.select({ n: sql<number>`${sql.placeholder('x')}::int * 3` }).from(sql`(select 1) as one`);
    for (const x of [1, 2, 3]) expect((await statement('times 3', times3).execute({ x }))[0]!.n).toBe(x * 3);
    const named = await prepared(db);
    expect(named).toHaveLength(1);
    expect(named[0]!.name).toMatch(/^fs_[\w-]{22}$/);
    // No setting forces generic plans on the connection: PostgreSQL chooses per statement (ADR 0047).
    expect(await rawRows(db, sql.raw('show plan_cache_mode'))).toEqual([{ plan_cache_mode: 'auto' }]);
  });

  it('sends the shapes unnamed with DATABASE_NAMED_STATEMENTS=0 (a pooling proxy that cannot keep them)', async () => {
    const db = await open(0);
    const statement = statementsByShape();
    const times3 = () => db.select({ n: sql<number>`${sql.placeholder('x')}::int * 3` }).from(sql`(select 1) as one`);
    for (const x of [1, 2]) expect((await statement('times 3', times3).execute({ x }))[0]!.n).toBe(x * 3);
    expect(await prepared(db)).toEqual([]);
  });

  it('runs the list reads on a pool of their own that keeps one generic plan per named statement; every other statement keeps PostgreSQL’s choice (ADR 0055)', async () => {
    await open(500);
    const lists = handle!.listDb;
    expect(await rawRows(lists, sql.raw('show plan_cache_mode'))).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    expect(await rawRows(handle!.db, sql.raw('show plan_cache_mode'))).toEqual([{ plan_cache_mode: 'auto' }]);
    const statement = statementsByShape();
    const times3 = () => lists.select({ n: sql<number>`${sql.placeholder('x')}::int * 3` }).from(sql`(select 1) as one`);
    for (const x of [1, 2, 3]) expect((await statement('times 3 on the list pool', times3).execute({ x }))[0]!.n).toBe(x * 3);
    // Planned once, then reused: no custom plan on any run.
    const plans = await rawRows<{ generic_plans: string; custom_plans: string }>(
      lists,
      sql.raw("select generic_plans::text, custom_plans::text from pg_prepared_statements where statement like '%* 3%'"),
    );
    expect(plans).toEqual([{ generic_plans: '3', custom_plans: '0' }]);
  });
});
