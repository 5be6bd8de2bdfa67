import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config/env.ts';
import { restoreInstance } from './backups.ts';
import { consoleOutput, takeCwd } from './cli-database.ts';

/**
 * `npm run restore -- DIR [--force]`: restores a backup into the instance the environment
 * describes: an empty PostgreSQL database (DATABASE_URL) or a DATA_DIR without a database.
 * --force replaces what is there (the old embedded database is kept beside it).
 */
export async function restoreCli(args: string[]): Promise<number> {
  const { cwd, rest } = takeCwd(args, process.cwd());
  const given = rest.find((a) => !a.startsWith('--'));
  if (!given) {
    console.error('Usage: npm run restore -- <backup folder> [--force]');
    return 2;
  }
  await restoreInstance(loadConfig(), isAbsolute(given) ? given : resolve(cwd, given), consoleOutput, { force: rest.includes('--force') });
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  restoreCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
