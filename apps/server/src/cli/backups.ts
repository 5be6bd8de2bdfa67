import { loadEmbeddedDatabase, openDatabase } from '@fitscore/db';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config/env.ts';
import { APP_SECRET_FILE } from '../modules/account-security/secret-box.ts';
import type { CliOutput } from './cli-database.ts';

/**
 * Backups of an instance (ADR 0046): the database, as PostgreSQL's own dump (pg_dump's custom
 * format) or, for the embedded database, PGlite's dump of its data folder; the uploaded files when
 * they are in DATA_DIR (in an S3 bucket they stay there: the bucket's own versioning or replication
 * keeps them); and the generated key (DATA_DIR/app-secret.key) that encrypted two-factor secrets
 * need, unless APP_SECRET gives it. A backup holds secrets: keep it as safe as the database.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'postgres' | 'embedded';
  /** Where the uploaded files are: copied into the backup, or left in the named bucket. */
  blobs: { kind: 'copied'; files: number } | { kind: 'bucket'; bucket: string };
  appSecretKey: boolean;
}

const MANIFEST = 'manifest.json';
const POSTGRES_DUMP = 'database.dump';
const EMBEDDED_DUMP = 'database.tar.gz';
const SECRET_FILE = APP_SECRET_FILE;

function run(command: string, args: string[], out: CliOutput): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.on('data', (c: Buffer) => out.log(c.toString().trimEnd()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error(`${command} not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`) : err),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

const countFiles = (dir: string): number =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length : 0;

/** The embedded database is one process's at a time: its folder holds postmaster.pid while it is open. */
function assertEmbeddedClosed(dataDir: string, force: boolean) {
  if (!force && existsSync(join(dataDir, 'postmaster.pid'))) {
    throw new Error(`The embedded database in ${dataDir} is in use (or was not closed cleanly): stop the server first, or pass --force if it is not running.`);
  }
}

/** Writes a backup of the instance `config` describes into `outDir` (created; must be empty). */
export async function backupInstance(config: AppConfig, outDir: string, out: CliOutput, options: { force?: boolean } = {}): Promise<BackupManifest> {
  if (existsSync(outDir) && readdirSync(outDir).length > 0) throw new Error(`${outDir} is not empty: give a new folder for the backup.`);
  mkdirSync(outDir, { recursive: true });
  let database: BackupManifest['database'];
  if (config.databaseUrl) {
    database = 'postgres';
    out.log('Dumping the PostgreSQL database (pg_dump, custom format)...');
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', join(outDir, POSTGRES_DUMP), '--dbname', config.databaseUrl], out);
  } else {
    database = 'embedded';
    const dataDir = join(config.dataDir, 'pg');
    if (!existsSync(dataDir)) throw new Error(`No embedded database in ${dataDir}.`);
    assertEmbeddedClosed(dataDir, Boolean(options.force));
    out.log(`Dumping the embedded database in ${dataDir}...`);
    const handle = await openDatabase({ dataDir });
    try {
      const archive = await handle.pglite!.dumpDataDir('gzip');
      writeFileSync(join(outDir, EMBEDDED_DUMP), Buffer.from(await archive.arrayBuffer()));
    } finally {
      await handle.close();
    }
  }
  let blobs: BackupManifest['blobs'];
  if (config.blobs.kind === 's3') {
    blobs = { kind: 'bucket', bucket: config.blobs.bucket };
    out.log(`Uploaded files stay in the bucket ${config.blobs.bucket} (not copied).`);
  } else {
    const from = join(config.dataDir, 'blobs');
    if (existsSync(from)) cpSync(from, join(outDir, 'blobs'), { recursive: true });
    blobs = { kind: 'copied', files: countFiles(join(outDir, 'blobs')) };
    out.log(`Copied ${blobs.files} uploaded files from ${from}.`);
  }
  const secret = join(config.dataDir, SECRET_FILE);
  const appSecretKey = !config.appSecret && existsSync(secret);
  if (appSecretKey) cpSync(secret, join(outDir, SECRET_FILE));
  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database, blobs, appSecretKey };
  writeFileSync(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  out.log(`Backup written to ${outDir}.`);
  return manifest;
}

/** Tables in a PostgreSQL database other than the system's: a restore goes into an empty one. */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into the instance `config` describes: its database must be empty (a new
 * PostgreSQL database, or no embedded one in DATA_DIR) unless `force`, which replaces it (the old
 * embedded folder is kept beside it). The server, started afterwards, applies newer migrations.
 */
export async function restoreInstance(config: AppConfig, fromDir: string, out: CliOutput, options: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifestFile = join(fromDir, MANIFEST);
  if (!existsSync(manifestFile)) throw new Error(`${fromDir} is not a FitScore backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}.`);
  if (manifest.database === 'postgres') {
    if (!config.databaseUrl) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.');
    const tables = await tablesIn(config.databaseUrl);
    if (tables > 0 && !options.force) throw new Error(`The database has ${tables} tables already: restore into an empty database, or pass --force to replace them.`);
    out.log('Restoring the PostgreSQL database (pg_restore)...');
    await run(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', ...(tables > 0 ? ['--clean', '--if-exists'] : []), '--dbname', config.databaseUrl, join(fromDir, POSTGRES_DUMP)],
      out,
    );
  } else {
    if (config.databaseUrl) throw new Error('This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.');
    const dataDir = join(config.dataDir, 'pg');
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
      if (!options.force) throw new Error(`${dataDir} holds a database already: restore into a new DATA_DIR, or pass --force to replace it.`);
      assertEmbeddedClosed(dataDir, false);
      const aside = `${dataDir}.before-restore-${Date.now()}`;
      renameSync(dataDir, aside);
      out.log(`The database that was there is kept in ${aside}.`);
    }
    out.log(`Restoring the embedded database into ${dataDir}...`);
    await loadEmbeddedDatabase(dataDir, new Blob([readFileSync(join(fromDir, EMBEDDED_DUMP))]));
  }
  if (manifest.blobs.kind === 'copied') {
    const to = join(config.dataDir, 'blobs');
    if (existsSync(join(fromDir, 'blobs'))) cpSync(join(fromDir, 'blobs'), to, { recursive: true, force: Boolean(options.force), errorOnExist: false });
    out.log(`Restored ${manifest.blobs.files} uploaded files into ${to}.`);
  } else {
    out.log(`Uploaded files are in the bucket ${manifest.blobs.bucket}: point S3_BUCKET at it (or at a copy).`);
  }
  if (manifest.appSecretKey) {
    const to = join(config.dataDir, SECRET_FILE);
    if (existsSync(to) && readFileSync(to, 'utf8') !== readFileSync(join(fromDir, SECRET_FILE), 'utf8') && !options.force) {
      throw new Error(`${to} exists with another key: move it away, or pass --force to replace it with the backup's.`);
    }
    mkdirSync(config.dataDir, { recursive: true });
    cpSync(join(fromDir, SECRET_FILE), to);
  }
  out.log('Restored. Start the server on this configuration.');
  return manifest;
}
