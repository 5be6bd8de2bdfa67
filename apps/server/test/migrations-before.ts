import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '@fitscore/db';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An embedded database migrated up to (not including) the migration whose tag starts with
 * `prefix` (e.g. '0005_'), for a test to store rows as they were before it and then run the rest
 * (`migrateDatabase`). `close` also removes the copied migrations.
 */
export async function databaseBeforeMigration(prefix: string): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'fitscore-migrations-'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.startsWith(prefix));
  if (upTo < 0) throw new Error(`no migration ${prefix}`);
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  for (const entry of journal.entries.slice(0, upTo)) cpSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));

  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrate(handle.db as never, { migrationsFolder: folder });
  return {
    handle,
    async close() {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
