import { openDatabase, statementsByShape, type DatabaseHandle } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

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
