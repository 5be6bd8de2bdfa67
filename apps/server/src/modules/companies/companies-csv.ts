import { BUSINESS_MODELS, INDUSTRIES, ROUND_NAMES, STAGES, isHttpUrl } from '@fitscore/contracts';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';

/**
 * The companies CSV format (docs/companies-csv.md): a header row, then one company per row.
 * Rows are checked one by one; a bad row is reported with its line number and skipped.
 */

export const CSV_COLUMNS = [
  'name',
  'sector',
  'stage',
  'business_model',
  'description',
  'last_round',
  'amount',
  'currency',
  'investors',
  'link',
  'raised_at',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly CsvColumn[] = ['name', 'sector', 'stage', 'last_round'];
export const MAX_CSV_ROWS = 50_000;

/** Matches a listed value whatever its case and spacing ('series a' → 'Series A'). */
function oneOf<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  const byKey = new Map(values.map((v) => [v.toLowerCase().replace(/\s+/g, ' '), v]));
  return z
    .string()
    .transform((v) => byKey.get(v.toLowerCase().replace(/\s+/g, ' ')) ?? v)
    .pipe(z.enum(values, { error: (issue) => `${what} "${String(issue.input)}" is not one of: ${values.join(', ')}` }));
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const amountSchema = z.preprocess(
  emptyToNull,
  z
    .string()
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const cleaned = v.replace(/[,_\s]/g, '');
      if (!/^\d+(\.\d+)?$/.test(cleaned)) {
        ctx.addIssue({ code: 'custom', message: `amount "${v}" must be a plain number such as 4000000 (leave empty when undisclosed)` });
        return z.NEVER;
      }
      const n = Math.round(Number(cleaned));
      if (n <= 0 || n > 1e13) {
        ctx.addIssue({ code: 'custom', message: `amount "${v}" must be greater than 0 and realistic` });
        return z.NEVER;
      }
      return n;
    }),
);

const dateSchema = z.preprocess(
  emptyToNull,
  z
    .string()
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const full = /^\d{4}-\d{2}$/.test(v) ? `${v}-01` : v;
      const time = Date.parse(`${full}T00:00:00Z`);
      const ok = /^\d{4}-\d{2}-\d{2}$/.test(full) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(full);
      if (!ok) {
        ctx.addIssue({ code: 'custom', message: `raised_at "${v}" must be a date as YYYY-MM-DD or YYYY-MM` });
        return z.NEVER;
      }
      if (Date.parse(`${full}T00:00:00Z`) > Date.now() + 86_400_000) {
        ctx.addIssue({ code: 'custom', message: `raised_at "${v}" is in the future` });
        return z.NEVER;
      }
      return full;
    }),
);

export const CompanyCsvRowSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(120, 'name must be at most 120 characters'),
  sector: oneOf(INDUSTRIES, 'sector'),
  stage: oneOf(STAGES, 'stage'),
  business_model: z.preprocess(emptyToNull, oneOf(BUSINESS_MODELS, 'business_model').nullable()),
  description: z.string().trim().max(500, 'description must be at most 500 characters').default(''),
  last_round: oneOf(ROUND_NAMES, 'last_round'),
  amount: amountSchema.default(null),
  currency: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? 'USD' : v),
    z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{3}$/, 'currency must be a 3-letter ISO code such as USD or EUR')),
  ).default('USD'),
  investors: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(120, 'each investor name must be at most 120 characters')).max(20, 'list at most 20 investors')),
  link: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(500, 'link is too long')
      .refine(isHttpUrl, 'link must be a web address such as https://example.com')
      .transform((v) => (v.includes('://') ? v : `https://${v}`))
      .nullable(),
  ).default(null),
  raised_at: dateSchema.default(null),
});
export type CompanyCsvRow = z.output<typeof CompanyCsvRowSchema>;

export interface CsvRowError {
  /** 1-based line in the file where the row starts (the header is line 1). */
  line: number;
  message: string;
}

export interface ParsedCsv {
  rows: { line: number; data: CompanyCsvRow }[];
  errors: CsvRowError[];
  /** Set when the file as a whole cannot be read (no header, unknown columns, broken quoting). */
  fatal: string | null;
}

export function parseCompaniesCsv(text: string): ParsedCsv {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as never;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    return { rows: [], errors: [], fatal: `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${(err as Error).message}` };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [], fatal: 'The file is empty: it needs a header row and at least one company.' };

  const columns = header.record.map((c) => c.trim().toLowerCase());
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length) {
    return {
      rows: [],
      errors: [],
      fatal: `Line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `"${c}"`).join(', ')}. Allowed: ${CSV_COLUMNS.join(', ')}.`,
    };
  }
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) return { rows: [], errors: [], fatal: `Line 1: the header must include ${missing.join(', ')}.` };
  const duplicate = columns.find((c, i) => columns.indexOf(c) !== i);
  if (duplicate) return { rows: [], errors: [], fatal: `Line 1: the column "${duplicate}" appears twice.` };
  if (body.length > MAX_CSV_ROWS) {
    return { rows: [], errors: [], fatal: `The file has ${body.length} rows; import at most ${MAX_CSV_ROWS} at a time.` };
  }

  const rows: ParsedCsv['rows'] = [];
  const errors: CsvRowError[] = [];
  const seen = new Map<string, number>();
  for (const { record, info, raw } of body) {
    // info.lines is where the record ends; a quoted field may span several lines.
    const line = info.lines - (raw.replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0);
    if (record.length !== columns.length) {
      errors.push({ line, message: `expected ${columns.length} fields, found ${record.length}` });
      continue;
    }
    const input = Object.fromEntries(columns.map((c, i) => [c, record[i]]));
    const parsed = CompanyCsvRowSchema.safeParse(input);
    if (!parsed.success) {
      errors.push({ line, message: parsed.error.issues.map((i) => i.message).join('; ') });
      continue;
    }
    const key = parsed.data.name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, message: `"${parsed.data.name}" already appears on line ${first}` });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, data: parsed.data });
  }
  return { rows, errors, fatal: null };
}
