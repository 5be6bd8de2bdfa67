import { z } from 'zod';

/**
 * Lists are read a page at a time with a keyset cursor: the page after the last row seen,
 * in a stable order (the sort key, then the id), so a page costs the same deep in a list of
 * 100,000 as at its start and rows added meanwhile are neither skipped nor repeated.
 * The cursor is opaque to clients: the server signs it and refuses one that was changed.
 */

export const PAGE_LIMIT_DEFAULT = 25;
export const PAGE_LIMIT_MAX = 100;
export const CURSOR_MAX_LENGTH = 512;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A query-string list: `?stage=Seed&stage=Series%20A` (or one value) becomes an array. */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(50)).optional();
}

/**
 * The query of a listing endpoint: page size, cursor, one sort key among the endpoint's,
 * its order, and the endpoint's own filters (use `queryList` for multi-valued ones).
 */
export function pageQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape = Record<never, never>>(options: {
  sorts: S;
  defaultSort: S[number];
  defaultOrder?: SortOrder;
  filters?: F;
}) {
  return z.object({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`)
      .default(PAGE_LIMIT_DEFAULT),
    cursor: z.string().min(1).max(CURSOR_MAX_LENGTH, 'The page cursor is not valid.').optional(),
    sort: z.enum(options.sorts, { error: `sort must be one of: ${options.sorts.join(', ')}` }).default(options.defaultSort as never),
    order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).default(options.defaultOrder ?? 'desc'),
    ...((options.filters ?? {}) as F),
  });
}

/** One page: the rows and the cursor of the next page (null on the last). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * What a cursor holds: the sort and order it was made for (a cursor is only valid for the
 * same listing) and the last row's sort value and id.
 */
export const CursorPositionSchema = z.object({
  sort: z.string().min(1).max(64),
  order: z.enum(SORT_ORDERS),
  after: z.tuple([z.union([z.string().max(256), z.number(), z.null()]), z.string().min(1).max(64)]),
});
export type CursorPosition = z.infer<typeof CursorPositionSchema>;
