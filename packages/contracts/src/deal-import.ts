import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Importing a fund's existing deal flow from a CSV (Affinity, Airtable, Dealum or any export,
 * issue 31 point 5): the file is read once on upload (its header, first rows and row count), the
 * investor maps its columns, sees a preview, and the import runs as a job the screen polls.
 */

/** The largest CSV accepted, in bytes: counted while the upload is read, never after. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** The most data rows one import takes (the header aside). */
export const MAX_IMPORT_ROWS = 50_000;
/** How many of the file's first rows the mapping screen shows and previews. */
export const IMPORT_SAMPLE_ROWS = 8;

/** What a column can become on the deal. `company` is required. */
export const IMPORT_FIELDS = ['company', 'website', 'stage', 'owner', 'date', 'tags', 'notes', 'deck', 'sector', 'geography', 'contactEmail', 'oneLiner'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  company: 'Company',
  website: 'Website',
  stage: 'Stage',
  owner: 'Owner',
  date: 'Date added',
  tags: 'Tags',
  notes: 'Notes',
  deck: 'Deck URL',
  sector: 'Sector',
  geography: 'Geography',
  contactEmail: 'Contact email',
  oneLiner: 'One-liner',
};

export const IMPORT_STATUSES = ['mapping', 'queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_OUTCOMES = ['imported', 'merged', 'refused'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export const IMPORT_NEEDS_COMPANY = 'Choose the column that holds the company name';
export const IMPORT_ALREADY_RUNNING = 'An import is already running for your fund. Wait for it to finish.';
export const IMPORT_NOT_FOUND = 'Import not found';

/** Each field to the index (0-based) of the column it is read from; a field left out is not imported. */
export const ImportMappingSchema = z
  .object(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.number().int().min(0, 'Unknown column').max(999, 'Unknown column').optional()])) as Record<
      ImportField,
      z.ZodOptional<z.ZodNumber>
    >,
  )
  .strict();
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ImportMappingBodySchema = z.object({
  mapping: ImportMappingSchema.refine((m) => m.company !== undefined, { message: IMPORT_NEEDS_COMPANY, path: ['company'] }),
});
export type ImportMappingBody = z.infer<typeof ImportMappingBodySchema>;

export const ImportIdParamsSchema = z.object({ id: z.uuid({ error: IMPORT_NOT_FOUND }) });

/** One row of the report: what became of a row of the file, and why. */
export const ImportReportRowSchema = z.object({
  /** The row's line in the file's data (1 = first row after the header). */
  row: z.number().int(),
  company: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  dealId: z.string().nullable(),
  /** Why it was refused or merged; what was read differently (an unknown stage, an owner who is not a member). */
  reason: z.string(),
  /** The deck URL's fate: fetched and sent to scoring, or why not (null: no deck URL). */
  deck: z.string().nullable(),
});
export type ImportReportRow = z.infer<typeof ImportReportRowSchema>;

export const DealImportSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  filename: z.string(),
  /** The header's names, in order (a blank one is 'Column N'). */
  columns: z.array(z.string()),
  /** The mapping guessed from the header names (before the investor's choice), or the one chosen. */
  mapping: ImportMappingSchema,
  /** The file's first rows as read, for the mapping screen. */
  sample: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  processed: z.number().int(),
  imported: z.number().int(),
  merged: z.number().int(),
  refused: z.number().int(),
  /** Why the import stopped, when it failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The first refused rows (the full report is the CSV). */
  refusedRows: z.array(ImportReportRowSchema),
});
export type DealImport = z.infer<typeof DealImportSchema>;

/** A row as it will be imported. */
export const ImportPreviewRowSchema = z.object({
  row: z.number().int(),
  company: z.string(),
  website: z.string(),
  /** The fund's stage it goes to. */
  stage: z.string(),
  owner: z.string().nullable(),
  date: z.string().nullable(),
  tags: z.array(z.string()),
  notes: z.string(),
  deck: z.string().nullable(),
  /** Refused, and why (null: it will be imported or merged). */
  refusal: z.string().nullable(),
  /** What is read differently from the file (unknown stage, owner not a member, unreadable date). */
  warnings: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRowSchema>;

export const dealImportEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deal-imports',
    access: 'fund:member',
    summary: 'Upload a CSV of deals (multipart: file): its columns, first rows and the suggested mapping',
    tags: ['deal-imports'],
    upload: { field: 'file' },
    status: 201,
    response: DealImportSchema,
  }),
  current: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deal-imports/current',
    access: 'fund:member',
    summary: "The fund's latest import (running, or the last one), or null",
    tags: ['deal-imports'],
    response: z.object({ import: DealImportSchema.nullable() }),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deal-imports/:id',
    access: 'fund:member',
    summary: 'An import: its status and progress, counts and first refused rows',
    tags: ['deal-imports'],
    params: ImportIdParamsSchema,
    response: DealImportSchema,
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deal-imports/:id/preview',
    access: 'fund:member',
    summary: 'The first rows as they will be imported under a mapping',
    tags: ['deal-imports'],
    params: ImportIdParamsSchema,
    body: ImportMappingBodySchema,
    response: z.object({ rows: z.array(ImportPreviewRowSchema) }),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deal-imports/:id/start',
    access: 'fund:member',
    summary: 'Import the rows under a mapping, as a job (one import at a time per fund)',
    tags: ['deal-imports'],
    params: ImportIdParamsSchema,
    body: ImportMappingBodySchema,
    status: 202,
    response: DealImportSchema,
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deal-imports/:id/report.csv',
    access: 'fund:member',
    summary: 'Every row of the import with what became of it and why (CSV)',
    tags: ['deal-imports'],
    params: ImportIdParamsSchema,
    binary: { contentType: 'text/csv' },
    response: z.string(),
  }),
} as const;
