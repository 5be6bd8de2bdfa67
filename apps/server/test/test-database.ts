import { migrateDatabase, openDatabase, type DatabaseHandle } from '@fitscore/db';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | undefined;
  /** The data folder (uploaded files) that goes with this database: servers sharing one share both. */
  dataDir: string;
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or,
 * when TEST_DATABASE_URL points at a PostgreSQL server, a new database created on it and
 * dropped afterwards, so suites never share rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-test-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(handle);
    return {
      handle,
      url: undefined,
      dataDir,
      dispose: async () => {
        await handle.close().catch(() => {});
        removeDataDir();
      },
    };
  }
  const name = `fitscore_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await migrateDatabase(handle, url.toString());
  return {
    handle,
    url: url.toString(),
    dataDir,
    dispose: async () => {
      removeDataDir();
      // A test may have closed it already (readiness without a database).
      await handle.close().catch(() => {});
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
