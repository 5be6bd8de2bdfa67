/** `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from './client.ts';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = join(process.env.DATA_DIR ?? 'data', 'pg');
const handle = await openDatabase({ databaseUrl, dataDir });
await migrateDatabase(handle, databaseUrl);
await handle.close();
console.log(`Migrations applied to ${databaseUrl ? 'PostgreSQL' : dataDir}`);
