import type { DatabaseHandle } from '@fitscore/db';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type AppConfig } from '../config/env.ts';
import { createCompaniesRepository } from '../modules/companies/companies.repository.ts';
import { createCompanyImportService } from '../modules/companies/company-import.service.ts';
import { consoleOutput, openCliDatabase, takeCwd, type CliOutput } from './cli-database.ts';

const USAGE = 'Usage: npm run import:companies -- path/to/companies.csv   (format: docs/companies-csv.md)';

/** Exit codes: 0 all rows imported; 2 some rows refused (the valid ones were imported); 1 nothing could be done. */
export async function importCompaniesCli(
  args: string[],
  options: { config?: AppConfig; database?: DatabaseHandle; out?: CliOutput; cwd?: string } = {},
): Promise<number> {
  const out = options.out ?? consoleOutput;
  const { cwd, rest } = takeCwd(args, options.cwd ?? process.cwd());
  const file = rest.find((a) => !a.startsWith('-'));
  if (!file || rest.includes('--help') || rest.includes('-h')) {
    out.error(USAGE);
    return 1;
  }
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (err) {
    out.error(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
    return 1;
  }

  const database = options.database ?? (await openCliDatabase(options.config ?? loadConfig()));
  try {
    const importer = createCompanyImportService(createCompaniesRepository(database.db));
    const report = await importer.importCsv(text);
    if (report.fatal) {
      out.error(report.fatal);
      out.error('Nothing was imported.');
      return 1;
    }
    for (const e of report.errors) out.error(`Line ${e.line}: ${e.message}`);
    out.log(
      `Imported ${report.inserted + report.updated} companies (${report.inserted} new, ${report.updated} updated)` +
        (report.errors.length ? `; ${report.errors.length} row${report.errors.length > 1 ? 's' : ''} refused (see above).` : '.'),
    );
    return report.errors.length ? 2 : 0;
  } finally {
    if (!options.database) await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  importCompaniesCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
