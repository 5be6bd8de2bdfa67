import { parseCompaniesCsv, type CsvRowError } from './companies-csv.ts';
import type { CompaniesRepository } from './companies.repository.ts';
import { SAMPLE_COMPANIES } from './sample-companies.ts';

export interface ImportReport {
  inserted: number;
  updated: number;
  /** Rows refused, each with its line number; the valid rows were stored. */
  errors: CsvRowError[];
  /** The file as a whole could not be read; nothing was stored. */
  fatal: string | null;
}

/** Loads companies into the dataset: CSV files (source 'import') and the labelled sample set. */
export function createCompanyImportService(repo: Pick<CompaniesRepository, 'upsertMany' | 'removeSource'>) {
  return {
    async importCsv(text: string): Promise<ImportReport> {
      const parsed = parseCompaniesCsv(text);
      if (parsed.fatal) return { inserted: 0, updated: 0, errors: [], fatal: parsed.fatal };
      const { inserted, updated } = parsed.rows.length
        ? await repo.upsertMany(
            parsed.rows.map((r) => r.data),
            'import',
          )
        : { inserted: 0, updated: 0 };
      return { inserted, updated, errors: parsed.errors, fatal: null };
    },

    /** Loads (or refreshes) the sample set; running it twice changes nothing. */
    seedSample: () => repo.upsertMany(SAMPLE_COMPANIES, 'sample'),

    removeSample: () => repo.removeSource('sample'),
  };
}
export type CompanyImportService = ReturnType<typeof createCompanyImportService>;
