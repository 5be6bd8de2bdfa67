import type { DatabaseHandle } from '@fitscore/db';
import { pathToFileURL } from 'node:url';
import { loadConfig, type AppConfig } from '../config/env.ts';
import { createCompaniesRepository } from '../modules/companies/companies.repository.ts';
import { createCompanyImportService } from '../modules/companies/company-import.service.ts';
import { consoleOutput, openCliDatabase, type CliOutput } from './cli-database.ts';

/**
 * Loads the labelled sample companies (source 'sample'); `--remove` takes them out again.
 * Never run by the server itself: sample data is there only when someone asks for it.
 */
export async function seedSampleCompaniesCli(
  args: string[],
  options: { config?: AppConfig; database?: DatabaseHandle; out?: CliOutput } = {},
): Promise<number> {
  const out = options.out ?? consoleOutput;
  const database = options.database ?? (await openCliDatabase(options.config ?? loadConfig()));
  try {
    const importer = createCompanyImportService(createCompaniesRepository(database.db));
    if (args.includes('--remove')) {
      out.log(`Removed ${await importer.removeSample()} sample companies.`);
      return 0;
    }
    const { inserted, updated } = await importer.seedSample();
    out.log(`Loaded ${inserted + updated} sample companies (${inserted} new, ${updated} refreshed). They show a 'Sample data' badge.`);
    return 0;
  } finally {
    if (!options.database) await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  seedSampleCompaniesCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
