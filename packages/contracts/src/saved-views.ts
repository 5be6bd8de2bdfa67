import { z } from 'zod';
import { DEAL_CONFIDENCES, DEAL_SORTS, DEAL_SOURCES, DEAL_STATUSES } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';

/** The pipeline's optional columns (Startup and Actions always show). */
export const PIPELINE_COLUMNS = ['date', 'sector', 'stage', 'geography', 'fitScore', 'source'] as const;
export type PipelineColumn = (typeof PIPELINE_COLUMNS)[number];
export const PIPELINE_COLUMN_LABELS: Record<PipelineColumn, string> = {
  date: 'Date',
  sector: 'Sector',
  stage: 'Stage',
  geography: 'Geography',
  fitScore: 'FitScore',
  source: 'Source',
};
export const PIPELINE_LAYOUTS = ['table', 'board'] as const;

const text = z.string().trim().max(200).default('');
/** What a saved view holds: the pipeline's tab, search, filters and sort (as its address keeps them), columns and layout. */
export const SavedViewStateSchema = z.object({
  tab: z.enum(['all', ...DEAL_STATUSES]).default('all'),
  q: text,
  sector: text,
  stage: text,
  region: text,
  confidence: z.union([z.enum(DEAL_CONFIDENCES), z.literal('')]).default(''),
  source: z.union([z.enum(DEAL_SOURCES), z.literal('')]).default(''),
  owner: z.union([z.uuid({ error: 'owner must be a member id' }), z.literal('')]).default(''),
  sort: z.enum(DEAL_SORTS, { error: `sort must be one of: ${DEAL_SORTS.join(', ')}` }).default('-date'),
  columns: z
    .array(z.enum(PIPELINE_COLUMNS, { error: `columns must be among: ${PIPELINE_COLUMNS.join(', ')}` }))
    .max(PIPELINE_COLUMNS.length)
    .default([...PIPELINE_COLUMNS]),
  layout: z.enum(PIPELINE_LAYOUTS).default('table'),
});
export type SavedViewState = z.infer<typeof SavedViewStateSchema>;

/** The built-in view every member has: the deals they own. */
export const MY_DEALS_VIEW_ID = 'my-deals';
export const MY_DEALS_VIEW_NAME = 'My deals';
export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEWS_MAX = 50;
export const SAVED_VIEW_NOT_FOUND = 'View not found';

export const SavedViewSchema = z.object({
  /** A uuid, or 'my-deals' for the built-in view. */
  id: z.string(),
  name: z.string(),
  /** Shown to every member of the fund (else to its author only). */
  shared: z.boolean(),
  builtIn: z.boolean(),
  /** Only the author renames, shares or deletes a view. */
  mine: z.boolean(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  state: SavedViewStateSchema,
});
export type SavedView = z.infer<typeof SavedViewSchema>;

export const SavedViewsSchema = z.object({
  views: z.array(SavedViewSchema),
  /** The view the pipeline opens with for this member; null: the plain pipeline. */
  defaultViewId: z.string().nullable(),
});
export type SavedViews = z.infer<typeof SavedViewsSchema>;

export const SavedViewBodySchema = z.object({
  name: z
    .string({ error: 'Name the view' })
    .trim()
    .min(1, 'Name the view')
    .max(SAVED_VIEW_NAME_MAX, `A view name must be at most ${SAVED_VIEW_NAME_MAX} characters`),
  shared: z.boolean().default(false),
  state: SavedViewStateSchema,
});
export type SavedViewBody = z.infer<typeof SavedViewBodySchema>;
export const SavedViewUpdateSchema = SavedViewBodySchema.partial();
export type SavedViewUpdate = z.infer<typeof SavedViewUpdateSchema>;
export const SavedViewParamsSchema = z.object({ id: z.uuid({ error: SAVED_VIEW_NOT_FOUND }) });
export const DefaultViewBodySchema = z.object({
  viewId: z.union([z.uuid({ error: SAVED_VIEW_NOT_FOUND }), z.literal(MY_DEALS_VIEW_ID)]).nullable(),
});

export const savedViewEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/views',
    access: 'fund:member',
    summary: "The pipeline views this member can use: 'My deals', their own and those shared with the fund, and their default",
    tags: ['views'],
    response: SavedViewsSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/vc/views',
    access: 'fund:member',
    summary: 'Save the pipeline as a named view (private, or shared with the fund)',
    tags: ['views'],
    body: SavedViewBodySchema,
    status: 201,
    response: z.object({ view: SavedViewSchema }),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/vc/views/:id',
    access: 'fund:member',
    summary: "Rename, share or unshare, or overwrite one of the member's own views",
    tags: ['views'],
    params: SavedViewParamsSchema,
    body: SavedViewUpdateSchema,
    response: z.object({ view: SavedViewSchema }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/views/:id',
    access: 'fund:member',
    summary: "Delete one of the member's own views (members who had it as their default open the plain pipeline)",
    tags: ['views'],
    params: SavedViewParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  setDefault: defineEndpoint({
    method: 'PUT',
    path: '/api/vc/views/default',
    access: 'fund:member',
    summary: "The view the pipeline opens with for this member (null: the plain pipeline)",
    tags: ['views'],
    body: DefaultViewBodySchema,
    response: z.object({ defaultViewId: z.string().nullable() }),
  }),
} as const;
