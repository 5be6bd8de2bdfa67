import { migrateDatabase, rawRows, type DatabaseHandle } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../test/migrations-before.ts';

/**
 * Migration 0005 on a database that already holds rows from before it: fund creators
 * ('owner') become 'admin', and each stored analysis gets its nine sub-score columns.
 */
let before: Awaited<ReturnType<typeof databaseBeforeMigration>>;
let handle: DatabaseHandle;

const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(handle.db, query);

beforeAll(async () => {
  before = await databaseBeforeMigration('0005_');
  handle = before.handle;
});
afterAll(() => before.close());

describe('migration 0005 (scoring owner, sub-score columns, member roles)', () => {
  it('keeps every existing row and converts it', async () => {
    const subScores = { team: 7, market: 6, problemSolution: 5, traction: 9, product: 4, businessModel: 3, financials: 8, gtm: 2, risks: 10 };
    const analysis = { subScores: Object.fromEntries(Object.entries(subScores).map(([k, score]) => [k, { score, summary: '' }])) };
    const [user] = await rows<{ id: string }>(sql`insert into users (email, type, password_hash) values ('old@example.com', 'founder', 'x') returning id`);
    const [vc] = await rows<{ id: string }>(sql`insert into users (email, type, password_hash) values ('oldvc@example.com', 'vc', 'x') returning id`);
    const [fund] = await rows<{ id: string }>(sql`insert into funds default values returning id`);
    await handle.db.execute(sql`insert into fund_members (fund_id, user_id, role) values (${fund!.id}, ${vc!.id}, 'owner')`);
    await handle.db.execute(
      sql`insert into fit_scores (user_id, deck_version, engine_version, overall, analysis, profile) values (${user!.id}, 1, 'old', 60, ${JSON.stringify(analysis)}::jsonb, '{}'::jsonb)`,
    );

    await migrateDatabase(handle);

    expect(await rows(sql`select role from fund_members`)).toEqual([{ role: 'admin' }]);
    const [score] = await rows<Record<string, number>>(
      sql`select score_team, score_market, score_problem_solution, score_traction, score_product, score_business_model, score_financials, score_gtm, score_risks from fit_scores`,
    );
    expect(score).toEqual({
      score_team: 7,
      score_market: 6,
      score_problem_solution: 5,
      score_traction: 9,
      score_product: 4,
      score_business_model: 3,
      score_financials: 8,
      score_gtm: 2,
      score_risks: 10,
    });
    // The old role is refused from now on, and a row needs exactly one owner.
    await expect(handle.db.execute(sql`update fund_members set role = 'owner'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update fit_scores set user_id = null`)).rejects.toThrow();
  });
});
