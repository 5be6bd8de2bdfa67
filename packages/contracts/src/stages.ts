import { z } from 'zod';
import { DEAL_ROW_STATUSES, DealFiltersSchema, DealSchema, type DealRowStatus } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';
import { DECLINE_REASON_MAX } from './matches.ts';

/**
 * The fund's own stages (issue 31 point 1): its process, in order, each mapped to the spec's
 * triage (a deal in the stage has that status). 'Stage' in the UI is 'Stage in our process',
 * never the company's funding stage (`Deal['stage']`).
 */
export const STAGE_TRIAGES = DEAL_ROW_STATUSES;
export type StageTriage = DealRowStatus;
export const STAGE_TRIAGE_LABELS: Record<StageTriage, string> = {
  new: 'New (not triaged)',
  hot: 'Hot',
  track: 'Track',
  cold: 'Cold',
};

/** What every fund starts with. */
export const DEFAULT_FUND_STAGES: readonly { name: string; triage: StageTriage }[] = [
  { name: 'New', triage: 'new' },
  { name: 'Screening', triage: 'track' },
  { name: 'First call', triage: 'track' },
  { name: 'Partner meeting', triage: 'hot' },
  { name: 'Diligence', triage: 'hot' },
  { name: 'IC', triage: 'hot' },
  { name: 'Term sheet', triage: 'hot' },
  { name: 'Invested', triage: 'hot' },
  { name: 'Passed', triage: 'cold' },
];
export const STAGE_NAME_MAX = 60;
export const STAGES_MAX = 30;

export const FundStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  triage: z.enum(STAGE_TRIAGES),
});
export type FundStage = z.infer<typeof FundStageSchema>;

/**
 * The stage a deal is in: its own, or (none set: made before stages, or never moved) the first
 * stage whose triage is its status, else the first stage. Server and screens use this one rule.
 */
export function stageOfDeal<S extends Pick<FundStage, 'id' | 'triage'>>(
  stages: readonly S[],
  deal: { pipelineStageId: string | null; status: DealRowStatus },
): S | undefined {
  const own = deal.pipelineStageId ? stages.find((s) => s.id === deal.pipelineStageId) : undefined;
  return own ?? stages.find((s) => s.triage === deal.status) ?? stages[0];
}

export const StagesSchema = z.object({ stages: z.array(FundStageSchema) });

/**
 * The admin's whole list, in order: a stage with an `id` is kept (renamed, moved, re-mapped), one
 * without is added, one left out is removed; `moves` says where a removed stage's deals go.
 */
export const StagesBodySchema = z.object({
  stages: z
    .array(
      z.object({
        id: z.uuid({ error: 'Stage not found' }).optional(),
        name: z
          .string()
          .trim()
          .min(1, 'A stage needs a name')
          .max(STAGE_NAME_MAX, `A stage name must be at most ${STAGE_NAME_MAX} characters`),
        triage: z.enum(STAGE_TRIAGES, { error: 'triage must be new, hot, track or cold' }),
      }),
    )
    .min(1, 'Keep at least one stage')
    .max(STAGES_MAX, `At most ${STAGES_MAX} stages`),
  moves: z.record(z.uuid({ error: 'Stage not found' }), z.uuid({ error: 'Stage not found' })).default({}),
});
export type StagesBody = z.infer<typeof StagesBodySchema>;

/** Moving a deal to a stage; a stage mapped to Cold needs the decline reasons, as the Cold dialog does. */
export const MoveToStageBodySchema = z.object({
  stageId: z.uuid({ error: 'Stage not found' }),
  reasons: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Reasons cannot be empty')
        .max(DECLINE_REASON_MAX, `Each reason must be at most ${DECLINE_REASON_MAX} characters`),
    )
    .max(10, 'Give at most 10 reasons')
    .optional(),
  note: z.string().max(2000).default(''),
});
export type MoveToStageBody = z.infer<typeof MoveToStageBodySchema>;

export const BOARD_COLUMN_LIMIT = 30;
/** The board: the table's filters and search; each column is one stage. */
export const DealBoardQuerySchema = DealFiltersSchema.omit({ status: true, sort: true });
export type DealBoardQuery = z.infer<typeof DealBoardQuerySchema>;
export const DealBoardSchema = z.object({
  columns: z.array(
    z.object({
      stage: FundStageSchema,
      count: z.number().int(),
      deals: z.array(DealSchema),
      /** The rest of the column: GET /api/vc/deals?pipelineStage=<id>&cursor=… (the list's filters). */
      nextCursor: z.string().nullable(),
    }),
  ),
});
export type DealBoard = z.infer<typeof DealBoardSchema>;

export const stagesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/stages',
    access: 'fund:member',
    summary: "The fund's own stages, in order, each with the triage it maps to",
    tags: ['stages'],
    response: StagesSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/vc/stages',
    access: 'fund:admin',
    summary: "Rename, reorder, add or remove the fund's stages (a removed stage's deals go where `moves` says)",
    tags: ['stages'],
    body: StagesBodySchema,
    response: StagesSchema,
  }),
  move: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/stage',
    access: 'fund:member',
    summary:
      "Move a deal to one of the fund's stages: its triage follows the stage (a Cold stage needs the decline reasons)",
    tags: ['deals'],
    params: z.object({ id: z.uuid({ error: 'Deal not found' }) }),
    body: MoveToStageBodySchema,
    response: z.object({ ok: z.literal(true), deal: DealSchema }),
  }),
  board: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/board',
    access: 'fund:member',
    summary:
      'The pipeline as a board: per stage, its count and first page of deals (newest first) with a cursor, under the list filters and search',
    tags: ['deals'],
    query: DealBoardQuerySchema,
    response: DealBoardSchema,
  }),
} as const;
