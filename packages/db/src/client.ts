import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { genericPlansOption, nameRepeatedStatements } from './named-statements.ts';
import { prepareRepeatedStatements } from './pglite-prepared.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or `memory://` for a throw-away one. */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * How many repeated statements are kept prepared under a name (named-statements.ts on
   * PostgreSQL, pglite-prepared.ts on PGlite); 0 sends every statement unnamed (as a
   * transaction-pooling proxy in front of PostgreSQL needs). Default 500.
   */
  namedStatements?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any fixed number: serialises migrations across processes sharing one PostgreSQL.
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.namedStatements ?? 500);
  return openPglite(options.dataDir ?? 'memory://', options.namedStatements ?? 500);
}

async function openPostgres(url: string, max: number, namedStatements: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, ...genericPlansOption(namedStatements) });
  nameRepeatedStatements(pool, namedStatements);
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, namedStatements: number): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the deals search's trigram indexes (migration 0010 creates the extension).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  await prepareRepeatedStatements(client, namedStatements);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Applies the committed SQL migrations; safe to run from several processes at once. */
export async function migrateDatabase(handle: DatabaseHandle, databaseUrl?: string): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
