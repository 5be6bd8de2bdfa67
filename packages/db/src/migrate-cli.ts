/**
 * `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
 * A relative DATA_DIR is read from the repository root, as the server reads it (npm runs this
 * script inside packages/db, so the working folder would point at the wrong database).
 */
import { isAbsolute, join, resolve } from 'node:path';
import { migrateDatabase, openDatabase } from './client.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
const databaseUrl = process.env.DATABASE_URL || undefined;
const configuredDataDir = process.env.DATA_DIR ?? 'data';
const dataDir = join(isAbsolute(configuredDataDir) ? configuredDataDir : resolve(repoRoot, configuredDataDir), 'pg');
const handle = await openDatabase({ databaseUrl, dataDir });
await migrateDatabase(handle, databaseUrl);
await handle.close();
console.log(`Migrations applied to ${databaseUrl ? 'PostgreSQL' : dataDir}`);
