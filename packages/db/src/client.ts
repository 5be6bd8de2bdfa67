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
import * as schema from './schema/index.ts';
import { nameStatements } from './statements-by-shape.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for the statements measured to need a generic plan: the pipeline's list
   * reads (ADR 0055). On PostgreSQL a pool of its own whose sessions set
   * `plan_cache_mode = force_generic_plan`, so a list statement prepared by name is planned once per
   * connection instead of on every run; PostgreSQL sets plan caching per session, never per
   * statement. It connects only when used (worker hosts never do). The embedded database's one
   * connection otherwise.
   */
  listDb: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (for connections of its own: LISTEN, pg-boss); none for the embedded database. */
  url?: string;
  /** The embedded database's client (pg-boss's PGlite adapter, its own dump for backups). */
  pglite?: PGlite;
  /** The pool's connections (PostgreSQL): open, idle, and callers waiting for one. */
  poolUse(): { total: number; idle: number; waiting: number };
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
   * Whether the list queries built once per shape (statements-by-shape.ts) are prepared under a
   * name on PostgreSQL: any number above 0 (the default, 500); 0 sends them unnamed, for a pooling
   * proxy that cannot keep named statements.
   */
  namedStatements?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any fixed number: serialises migrations across processes sharing one PostgreSQL.
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  nameStatements((options.namedStatements ?? 500) > 0);
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://');
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // `options` is node-postgres's startup parameter: the server applies it to every session of this pool.
  // Half the main pool's size: a list read is short, and the connections a cluster holds stay bounded.
  const listPool = new pg.Pool({ connectionString: url, max: Math.max(1, Math.ceil(max / 2)), options: '-c plan_cache_mode=force_generic_plan' });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  listPool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const listDb = drizzlePg(listPool, { schema }) as unknown as Database;
  return {
    db,
    listDb,
    kind: 'postgres',
    url,
    poolUse: () => ({
      total: pool.totalCount + listPool.totalCount,
      idle: pool.idleCount + listPool.idleCount,
      waiting: pool.waitingCount + listPool.waitingCount,
    }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await Promise.all([pool.end(), listPool.end()]);
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the deals search's trigram indexes (migration 0010 creates the extension).
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    listDb: db,
    kind: 'pglite',
    pglite: client,
    // One connection, in-process: in use while a query runs, never waited for by a pool.
    poolUse: () => ({ total: 1, idle: 1, waiting: 0 }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * Fills an empty folder with the embedded database from `archive`, a dump of it (its own
 * `dumpDataDir`, which the backup writes): the restore of `npm run restore`.
 */
export async function loadEmbeddedDatabase(dataDir: string, archive: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: archive });
  await client.close();
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
