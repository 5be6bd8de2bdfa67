import { IMPORT_SAMPLE_ROWS, MAX_IMPORT_ROWS } from '@fitscore/contracts';
import { parse, type Options } from 'csv-parse';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.ts';

/**
 * How every CSV of an import is read (ADR 0068): a byte-order mark dropped, blank lines and lines
 * of empty cells skipped, rows of any length (a short row's missing cells are blank), quotes
 * tolerated where a hand-edited export puts them wrongly, cells trimmed.
 */
const CSV_OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  trim: true,
  // A single cell longer than this is not a deal export (a binary file read as text).
  max_record_size: 1024 * 1024,
};

export const TOO_MANY_ROWS = `An import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows. Split the file and import each part.`;
export const NOT_A_CSV = 'This file could not be read as CSV. Export it again as CSV (comma-separated, UTF-8).';
export const EMPTY_CSV = 'This file has a header but no rows to import.';

/** A date like 31/12/2024 or 12.31.24: its first and second numbers. */
const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/;

/** What the upload's single read finds: the header, the first rows, how many rows, and how each column writes dates. */
export interface CsvOverview {
  columns: string[];
  sample: string[][];
  totalRows: number;
  /** Per column: more of its numeric dates can only be day-first (13/01) than month-first (01/13). */
  dayFirst: boolean[];
}

/** The header's names; a blank one is 'Column N'. */
const headerOf = (record: string[]) => record.map((name, i) => name || `Column ${i + 1}`);

function readError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError('bad_request', NOT_A_CSV);
}

/** Reads an uploaded CSV once as it streams in: refused as soon as it has too many rows. */
export async function overviewOf(source: AsyncIterable<Uint8Array>): Promise<CsvOverview> {
  const parser = Readable.from(source).pipe(parse(CSV_OPTIONS));
  let columns: string[] | undefined;
  const sample: string[][] = [];
  let totalRows = 0;
  const dayEvidence: number[] = [];
  const monthEvidence: number[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = headerOf(record);
        continue;
      }
      totalRows += 1;
      if (totalRows > MAX_IMPORT_ROWS) throw new AppError('payload_too_large', TOO_MANY_ROWS);
      if (sample.length < IMPORT_SAMPLE_ROWS) sample.push(record);
      for (let i = 0; i < record.length; i += 1) {
        const m = NUMERIC_DATE.exec(record[i]!);
        if (!m) continue;
        if (Number(m[1]) > 12) dayEvidence[i] = (dayEvidence[i] ?? 0) + 1;
        else if (Number(m[2]) > 12) monthEvidence[i] = (monthEvidence[i] ?? 0) + 1;
      }
    }
  } catch (err) {
    parser.destroy();
    throw readError(err);
  }
  if (!columns) throw new AppError('bad_request', NOT_A_CSV);
  if (totalRows === 0) throw new AppError('bad_request', EMPTY_CSV);
  return { columns, sample, totalRows, dayFirst: columns.map((_, i) => (dayEvidence[i] ?? 0) > (monthEvidence[i] ?? 0)) };
}

/** The data rows of a stored CSV (the header aside), numbered from 1, from row `after + 1` on. */
export async function* rowsOf(bytes: Uint8Array, after: number): AsyncGenerator<{ row: number; cells: string[] }> {
  const parser = Readable.from([bytes]).pipe(parse(CSV_OPTIONS));
  let row = -1;
  for await (const record of parser as AsyncIterable<string[]>) {
    row += 1;
    if (row === 0 || row <= after) continue;
    yield { row, cells: record };
  }
}
