import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * A fund's data, whole (issue 33 point 6, ADR 0070): an admin downloads everything the fund holds
 * as one ZIP archive (a JSON Lines file per table and the deck files), and can delete the fund:
 * after typing its name, the fund is scheduled for deletion and purged, rows and files, once the
 * grace period has passed, unless an admin cancels before. Both on the Enterprise plan.
 */
export const FUND_DATA_MESSAGES = {
  enterpriseRequired: 'Data export and fund deletion are part of the Enterprise plan. Contact sales to add them to your fund.',
  nameMismatch: 'Type the fund’s name exactly as it is shown to confirm.',
  confirmRequired: 'Type the fund’s name to confirm.',
  alreadyScheduled: 'This fund is already scheduled for deletion.',
  notScheduled: 'This fund is not scheduled for deletion.',
  gracePeriodOver: 'The grace period has ended: the fund is being deleted.',
  linkExpired: 'This download link has expired. Export the data again from Settings → Data.',
  linkUsed: 'This download link has already been used. Export the data again from Settings → Data.',
} as const;

/** How long an archive's download link works: long enough for the browser to start it, never to be kept. */
export const FUND_ARCHIVE_LINK_TTL_SECONDS = 60;

/** A link the browser downloads the archive from by itself (it streams to disk, never into the page's memory). */
export const FundArchiveLinkSchema = z.object({ url: z.string(), expiresAt: IsoDateTimeSchema }).meta({ id: 'FundArchiveLink' });
export type FundArchiveLink = z.infer<typeof FundArchiveLinkSchema>;

export const FundDeletionSchema = z
  .object({
    /** When the fund's rows and files are deleted for good. */
    purgeAfter: IsoDateTimeSchema,
    requestedAt: IsoDateTimeSchema,
    requestedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  })
  .meta({ id: 'FundDeletion' });
export type FundDeletion = z.infer<typeof FundDeletionSchema>;

/** The fund's deletion, if one is scheduled (null: none), and how long a new one would wait. */
export const FundDeletionStatusSchema = z.object({ deletion: FundDeletionSchema.nullable(), graceHours: z.number().int() });
export type FundDeletionStatus = z.infer<typeof FundDeletionStatusSchema>;

export const ScheduleFundDeletionBodySchema = z
  .object({ confirm_name: z.string({ error: FUND_DATA_MESSAGES.confirmRequired }).trim().min(1, FUND_DATA_MESSAGES.confirmRequired).max(300, FUND_DATA_MESSAGES.nameMismatch) })
  .strict();
export type ScheduleFundDeletionBody = z.infer<typeof ScheduleFundDeletionBodySchema>;

export const fundDataEndpoints = {
  exportArchive: defineEndpoint({
    method: 'GET',
    path: '/api/vc/fund-data/export',
    access: 'fund:admin',
    summary:
      'Everything the fund holds as one ZIP archive, streamed: a JSON Lines file per table under data/ and the deck files under decks/ (402 without the Enterprise plan)',
    tags: ['fund-data'],
    binary: { contentType: 'application/zip' },
    response: z.string(),
  }),
  exportLink: defineEndpoint({
    method: 'POST',
    path: '/api/vc/fund-data/export/link',
    access: 'fund:admin',
    summary:
      'A link to the archive for the browser to download by itself: it works once, within 60 seconds, for this session only, while the caller is still an admin of the fund (402 without the Enterprise plan)',
    tags: ['fund-data'],
    response: FundArchiveLinkSchema,
  }),
  exportDownload: defineEndpoint({
    method: 'GET',
    path: '/api/vc/fund-data/export/download',
    access: 'public',
    summary: 'The archive, from a link made by POST /api/vc/fund-data/export/link (401 once it has expired, has been used or its session has ended, 403 once its maker is no longer an admin)',
    tags: ['fund-data'],
    // Optional so that no ticket is a 401 from the ticket check, never a 400 from the query's (auth before validation).
    query: z.object({ ticket: z.string().optional() }),
    binary: { contentType: 'application/zip' },
    response: z.string(),
  }),
  deletion: defineEndpoint({
    method: 'GET',
    path: '/api/vc/fund-data/deletion',
    access: 'fund:member',
    summary: 'Whether the fund is scheduled for deletion, and when it is purged',
    tags: ['fund-data'],
    response: FundDeletionStatusSchema,
  }),
  scheduleDeletion: defineEndpoint({
    method: 'POST',
    path: '/api/vc/fund-data/deletion',
    access: 'fund:admin',
    summary: 'Schedules the fund’s deletion after the grace period; the body repeats the fund’s name (402 without the Enterprise plan)',
    tags: ['fund-data'],
    body: ScheduleFundDeletionBodySchema,
    status: 202,
    response: FundDeletionStatusSchema,
  }),
  cancelDeletion: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/fund-data/deletion',
    access: 'fund:admin',
    summary: 'Cancels the fund’s scheduled deletion (during the grace period)',
    tags: ['fund-data'],
    response: FundDeletionStatusSchema,
  }),
} as const;
