import { deals, funds, openDatabase, statementsByShape, users, type DatabaseHandle } from '@fitscore/db';
import { eq, getTableColumns, sql } from 'drizzle-orm';
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

describe('statementsByShape row mapping', () => {
  let test: TestDatabase | undefined;
  afterEach(() => test?.dispose());

  it("answers exactly as drizzle's own mapping: nested objects, a left join that found nothing, SQL fields, dates, arrays and JSON", async () => {
    // The embedded database, or PostgreSQL through node-postgres on the PostgreSQL stage.
    test = await openTestDatabase();
    const db = test.handle.db;
    const [owner] = await db.insert(users).values({ email: 'owner@example.com', name: 'Owner', type: 'vc', passwordHash: 'x' }).returning();
    const [fund] = await db.insert(funds).values({ fundName: 'Mapping Fund' }).returning();
    await db.insert(deals).values([
      { fundId: fund!.id, startupName: 'Owned', source: 'upload', ownerUserId: owner!.id, tags: ['Revenue', 'Repeat founders'], reviewedAt: new Date('2026-01-02T03:04:05.678Z') },
      { fundId: fund!.id, startupName: 'Unowned', source: 'email', confidence: 'High' },
    ]);
    const query = () =>
      db
        .select({
          deal: getTableColumns(deals),
          owner: { id: users.id, name: users.name, createdAt: users.createdAt },
          label: sql<string>`upper(${deals.startupName})`.as('label'),
          facts: sql<{ n: number }>`json_build_object('n', ${sql.placeholder('n')}::int)`,
        })
        .from(deals)
        .leftJoin(users, eq(users.id, deals.ownerUserId))
        .where(eq(deals.fundId, sql.placeholder('fundId')))
        .orderBy(deals.startupName);

    const statement = statementsByShape()('deals', query);
    // The driver kept the select's fields, so the mapper worked out once is the one that runs.
    expect(typeof (statement as unknown as { customResultMapper?: unknown }).customResultMapper).toBe('function');
    const compiled = await statement.execute({ fundId: fund!.id, n: 3 });
    const drizzles = await query().prepare('').execute({ fundId: fund!.id, n: 3 });
    expect(compiled).toEqual(drizzles);
    expect(compiled.map((r) => [r.deal.startupName, r.owner?.name ?? null, r.label, r.facts.n])).toEqual([
      ['Owned', 'Owner', 'OWNED', 3],
      ['Unowned', null, 'UNOWNED', 3],
    ]);
    expect(compiled[1]!.owner).toBeNull();
    expect(compiled[0]!.deal.reviewedAt).toEqual(new Date('2026-01-02T03:04:05.678Z'));
  });
});
