import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/env.ts';
import { backupInstance } from './backups.ts';
import { consoleOutput, takeCwd } from './cli-database.ts';

/**
 * `npm run backup [-- DIR] [--force]`: a backup of the instance the environment describes (the
 * embedded database in DATA_DIR, or DATABASE_URL's) into DIR, by default backups/<time> here.
 * The embedded database must not be in use: stop the server first (--force if it crashed).
 */
export async function backupCli(args: string[]): Promise<number> {
  const { cwd, rest } = takeCwd(args, process.cwd());
  const force = rest.includes('--force');
  const given = rest.find((a) => !a.startsWith('--'));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = given ? (isAbsolute(given) ? given : resolve(cwd, given)) : join(cwd, 'backups', stamp);
  await backupInstance(loadConfig(), dir, consoleOutput, { force });
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  backupCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
