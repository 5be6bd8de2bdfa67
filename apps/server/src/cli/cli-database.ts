import { migrateDatabase, openDatabase, type DatabaseHandle } from '@fitscore/db';
import { join } from 'node:path';
import type { AppConfig } from '../config/env.ts';

/**
 * The server's own database for a command-line task: the embedded one in DATA_DIR by default,
 * PostgreSQL when DATABASE_URL is set; migrated first, like the server does at start.
 * The embedded database is one process's at a time: stop the server before running a command on it.
 */
export async function openCliDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pg'), poolSize: 2, namedStatements: config.databaseNamedStatements });
  await migrateDatabase(handle, config.databaseUrl);
  return handle;
}

/** Where a relative path given on the command line points: `--cwd <dir>` (set by the npm script) or here. */
export function takeCwd(args: string[], fallback: string): { cwd: string; rest: string[] } {
  const i = args.indexOf('--cwd');
  if (i < 0) return { cwd: fallback, rest: args };
  const cwd = args[i + 1] || fallback;
  return { cwd, rest: [...args.slice(0, i), ...args.slice(i + 2)] };
}

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

export const consoleOutput: CliOutput = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};
