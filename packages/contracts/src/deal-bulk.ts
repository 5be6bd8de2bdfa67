import { z } from 'zod';
import { DEAL_STATUSES, DealFiltersSchema } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';
import { DECLINE_REASON_MAX } from './matches.ts';

/** The most deals one bulk action changes (issue 31 point 3: 1,000 deals within 2 s; ten times that is still one statement each). */
export const BULK_MAX_DEALS = 10_000;
export const BULK_TOO_MANY = `Select at most ${BULK_MAX_DEALS.toLocaleString('en-US')} deals for one action`;
export const BULK_TAG_MAX = 40;

/**
 * The deals an action is for: rows picked one by one (`ids`), or every deal matching the list's
 * filters and search (`filters`, the tab's status included) but those in `except`.
 */
/**
 * Picked deals (`ids`) or every deal matching the pipeline's filters but `except` — one of the two.
 * One object rather than a union, so a bad value is refused with the name of its own field.
 */
export const BulkSelectionSchema = z
  .object({
    ids: z.array(z.uuid({ error: 'Deal not found' })).min(1, 'Select at least one deal').max(BULK_MAX_DEALS, BULK_TOO_MANY).optional(),
    filters: DealFiltersSchema.omit({ sort: true }).optional(),
    except: z.array(z.uuid({ error: 'Deal not found' })).max(BULK_MAX_DEALS, BULK_TOO_MANY).default([]),
  })
  .refine((s) => (s.ids === undefined) !== (s.filters === undefined), { message: 'Select deals by ids or by filters, not both', path: ['ids'] });
export type BulkSelection = z.infer<typeof BulkSelectionSchema>;

const reasons = z
  .array(z.string().trim().min(1, 'Reasons cannot be empty').max(DECLINE_REASON_MAX, `Each reason must be at most ${DECLINE_REASON_MAX} characters`))
  .min(1, 'Give at least one reason')
  .max(10, 'Give at most 10 reasons');

/** What a bulk action does to each selected deal: the single-deal operations, once for the set. */
export const BulkActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), status: z.enum(DEAL_STATUSES, { error: 'status must be hot, track or cold' }) }),
  z.object({ kind: z.literal('stage'), stageId: z.uuid({ error: 'Stage not found' }), reasons: reasons.optional(), note: z.string().max(2000).default('') }),
  z.object({ kind: z.literal('assign'), ownerId: z.uuid({ error: 'owner must be a member id' }).nullable() }),
  z.object({ kind: z.literal('tag'), tag: z.string().trim().min(1, 'Tag cannot be empty').max(BULK_TAG_MAX, `A tag must be at most ${BULK_TAG_MAX} characters`) }),
  z.object({ kind: z.literal('decline'), reasons, note: z.string().max(2000).default('') }),
]);
export type BulkAction = z.infer<typeof BulkActionSchema>;
export type BulkActionKind = BulkAction['kind'];

export const BulkBodySchema = z.object({ selection: BulkSelectionSchema, action: BulkActionSchema });
export type BulkBody = z.infer<typeof BulkBodySchema>;

/** A batch done: how many deals it selected and changed, and the id its one Undo takes. */
export const BulkResultSchema = z.object({ batchId: z.uuid(), selected: z.number().int(), changed: z.number().int() });
export type BulkResult = z.infer<typeof BulkResultSchema>;

export const BulkExportBodySchema = z.object({ selection: BulkSelectionSchema });
export const BulkBatchParamsSchema = z.object({ batchId: z.uuid({ error: 'Batch not found' }) });
export const BATCH_NOT_FOUND = 'Batch not found';
export const BATCH_ALREADY_UNDONE = 'This change was already undone';

export const dealBulkEndpoints = {
  apply: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/bulk',
    access: 'fund:member',
    summary:
      'Set the status or stage, assign, add a tag or decline with reasons for many deals at once (picked, or all matching the filters), in one transaction; answers the batch id its Undo takes',
    tags: ['deals'],
    body: BulkBodySchema,
    response: BulkResultSchema,
  }),
  undo: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/bulk/:batchId/undo',
    access: 'fund:member',
    summary: "Undo a bulk action: each deal gets back what it had before (recorded in each deal's activity)",
    tags: ['deals'],
    params: BulkBatchParamsSchema,
    response: z.object({ ok: z.literal(true), restored: z.number().int() }),
  }),
  exportCsv: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/bulk/export.csv',
    access: 'fund:member',
    summary: 'The selected deals as CSV (the columns of the pipeline export), streamed',
    tags: ['deals'],
    body: BulkExportBodySchema,
    binary: { contentType: 'text/csv' },
    response: z.string(),
  }),
} as const;
