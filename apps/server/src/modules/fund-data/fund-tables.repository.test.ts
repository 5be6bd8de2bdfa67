import { rawRows } from '@fitscore/db';
import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { FUND_TABLES, NOT_EXPORTED } from './fund-tables.repository.ts';

/**
 * The registry of a fund's tables against the migrated database itself: a table another module
 * adds that names a fund, a deal or any row of the fund is exported (an entry in FUND_TABLES) or
 * said not to be (NOT_EXPORTED); and every exported table goes when the fund's row is deleted.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

interface ForeignKey {
  table: string;
  references: string;
  on_delete: string;
}

const registered = FUND_TABLES.map((t) => getTableName(t.table));

async function foreignKeys() {
  return rawRows<ForeignKey>(
    database.handle.db,
    sql`select c.conrelid::regclass::text as table, c.confrelid::regclass::text as references,
          case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' when 'r' then 'restrict' else 'no action' end as on_delete
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
}

describe('the tables of a fund', () => {
  it('every table that names a fund or hangs off one of its rows is exported or said not to be', async () => {
    const keys = await foreignKeys();
    const byColumn = await rawRows<{ table: string }>(
      database.handle.db,
      sql`select distinct table_name as table from information_schema.columns where table_schema = 'public' and column_name in ('fund_id', 'deal_id')`,
    );
    // Tables pointing at the fund or at a table of the fund ('users' is people, not a fund's).
    const fundRows = new Set([...registered.filter((t) => t !== 'users'), ...Object.keys(NOT_EXPORTED)]);
    const pointing = keys.filter((k) => fundRows.has(k.references)).map((k) => k.table);
    const unclassified = [...new Set([...byColumn.map((c) => c.table), ...pointing])].filter((t) => !registered.includes(t) && !(t in NOT_EXPORTED));
    expect(unclassified, 'add each to FUND_TABLES (fund-tables.repository.ts) or to NOT_EXPORTED with the reason').toEqual([]);
  });

  it('every exported table but the members’ accounts goes with the fund’s row (ON DELETE CASCADE, directly or through its parent)', async () => {
    const keys = await foreignKeys();
    const cascadesFromFund = new Set(['funds']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const k of keys) {
        if (k.on_delete === 'cascade' && cascadesFromFund.has(k.references) && !cascadesFromFund.has(k.table)) {
          cascadesFromFund.add(k.table);
          grew = true;
        }
      }
    }
    expect(registered.filter((t) => t !== 'users' && !cascadesFromFund.has(t))).toEqual([]);
  });
});
