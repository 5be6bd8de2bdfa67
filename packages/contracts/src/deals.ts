import { InvestorBriefSchema } from './investor-brief.ts';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, queryList } from './pagination.ts';
import { SUB_SCORE_KEYS } from './vocabulary.ts';

/** A deal's triage status in a fund's pipeline (spec: Hot/Track/Cold; keys 1/2/3). */
export const DEAL_STATUSES = ['hot', 'track', 'cold'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  hot: 'Hot',
  track: 'Track',
  cold: 'Cold',
};

/** A deal's place in the pipeline: `new` (shown under All only) until someone triages it. */
export const DEAL_ROW_STATUSES = ['new', ...DEAL_STATUSES] as const;
export type DealRowStatus = (typeof DEAL_ROW_STATUSES)[number];
export const DEAL_SOURCES = ['upload', 'form', 'email', 'webhook', 'platform', 'import'] as const;
export const DEAL_CONFIDENCES = ['High', 'Medium', 'Low'] as const;
export const DEAL_SORTS = ['date', '-date', 'fitScore', '-fitScore', 'name'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
/**
 * A deal's scoring state. 'deck_link': the deck came only as a link (DocSend, Drive…) that is not
 * downloaded, so there is nothing to score until a deck is uploaded (issue 12); not 'queued'.
 * 'no_deck': imported from a CSV without a deck (or while its deck URL is being fetched).
 */
export const SCORING_STATES = ['queued', 'running', 'done', 'failed', 'deck_link', 'no_deck'] as const;

/** Spec: each fund starts on a trial of 200 scores. */
export const TRIAL_SCORE_LIMIT = 200;
/**
 * The server-push event to a fund's members when one of its deals arrived, was merged, began or
 * finished scoring, or changed status or owner (`data`: DealChangedEvent): screens that list or
 * count deals read them again.
 */
export const DEAL_CHANGED_EVENT = 'deal.changed' as const;
export interface DealChangedEvent {
  dealId: string;
}
export const STRONG_MATCH_TAG = 'Strong match';
export const STRONG_MATCH_AT = 70;
export const TRIAL_EXPORT_REFUSED = 'Trial limit reached. Upgrade to Pro for CSV export.';
export const TRIAL_SCORING_REFUSED = 'Trial limit reached. Upgrade to Pro to score more deals.';

/**
 * The facts of a deal the intake can read from its deck when nobody typed them (issue 29 point 9):
 * the deal page marks them 'read from the deck' until a member edits them.
 */
export const DEAL_DECK_FACTS = ['startupName', 'stage', 'sector', 'geography'] as const;
export type DealDeckFact = (typeof DEAL_DECK_FACTS)[number];

export const DealSchema = z.object({
  id: z.string(),
  startupName: z.string(),
  sector: z.string(),
  stage: z.string(),
  geography: z.string(),
  fitScore: z.number().int().nullable(),
  confidence: z.enum(DEAL_CONFIDENCES).nullable(),
  tags: z.array(z.string()),
  source: z.enum(DEAL_SOURCES),
  status: z.enum(DEAL_ROW_STATUSES),
  /** When the deal arrived (ISO). */
  date: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  website: z.string(),
  contactEmail: z.string(),
  oneLiner: z.string(),
  reviewedAt: z.string().nullable(),
  scoredAt: z.string().nullable(),
  /** Each part fits (true), is outside (false) or unknown (null: no stage or place we can read; never 'outside'). */
  thesisFit: z.object({ sector: z.boolean(), stage: z.boolean().nullable(), geography: z.boolean().nullable(), ticket: z.boolean().nullable() }),
  /** `error`: why a failed scoring failed; `deckLink`: the link of a 'deck_link' deal. */
  scoring: z.object({ state: z.enum(SCORING_STATES), error: z.string().optional(), deckLink: z.string().optional() }),
  /**
   * Every arrival of the deal, oldest first (issue 12): the first is how it came in; more mean
   * the same company arrived again and was merged ('also received by Email on …'). `deckLink`:
   * a deck sent only as a link, not downloaded; `note`: a forwarded email's body text.
   */
  sources: z.array(
    z.object({ channel: z.enum(DEAL_SOURCES), receivedAt: z.string(), deckLink: z.string().nullable(), note: z.string() }),
  ),
  /** Which of the name, stage, sector and geography were read from the deck (not typed by anyone). */
  factsFromDeck: z.array(z.enum(DEAL_DECK_FACTS)),
  /** The fund's own stage it was moved to (stages.ts); null: the first stage of its triage (stageOfDeal). */
  pipelineStageId: z.string().nullable(),
  /**
   * Blind first look (blind-look.ts): the caller has not recorded their own Hot/Track/Cold on this
   * deal in a blind stage, so its FitScore, confidence and score tags are left out (null, none).
   */
  hidden: z.boolean().optional(),
});
export type Deal = z.infer<typeof DealSchema>;

/** A member's correction of a deal's facts (the deal page's 'Edit facts'); each edited fact is no longer 'read from the deck'. */
export const DealFactsBodySchema = z.object({
  startupName: z.string().trim().min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters'),
  stage: z.string().trim().max(50, 'Stage must be at most 50 characters'),
  sector: z.string().trim().max(200, 'Sector must be at most 200 characters'),
  geography: z.string().trim().max(200, 'Geography must be at most 200 characters'),
});
export type DealFactsBody = z.infer<typeof DealFactsBodySchema>;

export const DealPlanSchema = z.object({
  name: z.enum(['trial', 'pro', 'enterprise']),
  trialRemaining: z.number().int(),
  trialLimit: z.number().int(),
});

const text = z.string().trim().max(200);
/** The list's filters (also the CSV export's); repeated keys are several values. */
export const DealFiltersSchema = z.object({
  status: z.enum(DEAL_ROW_STATUSES, { error: `status must be one of: ${DEAL_ROW_STATUSES.join(', ')}` }).optional(),
  q: text.optional(),
  sector: queryList(text),
  stage: queryList(text),
  region: queryList(text),
  confidence: queryList(z.enum(DEAL_CONFIDENCES, { error: 'confidence must be High, Medium or Low' })),
  source: queryList(z.enum(DEAL_SOURCES, { error: `source must be one of: ${DEAL_SOURCES.join(', ')}` })),
  owner: queryList(z.uuid({ error: 'owner must be a member id' })),
  /** The fund's own stages (not `stage`, the company's funding stage). */
  pipelineStage: queryList(z.uuid({ error: 'pipelineStage must be a stage id' })),
  sort: z.enum(DEAL_SORTS, { error: `sort must be one of: ${DEAL_SORTS.join(', ')}` }).default('-date'),
});
export type DealFilters = z.infer<typeof DealFiltersSchema>;

export const DealListQuerySchema = DealFiltersSchema.extend({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`)
    .default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().min(1).max(512, 'The page cursor is not valid.').optional(),
});
export type DealListQuery = z.infer<typeof DealListQuerySchema>;

/** The filter dimensions whose options show how many deals have each value. */
export const DEAL_FACETS = ['sector', 'stage', 'region', 'confidence', 'source', 'owner'] as const;
export type DealFacet = (typeof DEAL_FACETS)[number];
/** Per facet, the number of the fund's deals (in the tab) with each value; '' counts unset ones. */
export const DealFacetsSchema = z.object({
  facets: z.record(z.enum(DEAL_FACETS), z.record(z.string(), z.number().int())),
});
export const DealFacetsQuerySchema = DealFiltersSchema.pick({ status: true });

/**
 * The Upload Deck & Score form's fields (multipart, beside the deck in `file`). The dialog's inputs
 * stop at the same lengths; a longer value sent by another client is refused, not cut.
 */
export const DealUploadFieldsSchema = z.object({
  companyName: z.string().trim().min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters'),
  stage: z.string().trim().max(50, 'Stage must be at most 50 characters').default(''),
  sector: z.string().trim().max(200, 'Sector must be at most 200 characters').default(''),
});

/**
 * How far a broad search counts its matches: a search whose words most of the fund's names hold (or
 * too short for the name index) counts each status up to this many, and says so in `countsCap`.
 */
export const DEAL_SEARCH_COUNT_CAP = 100;

export const DealListSchema = z.object({
  deals: z.array(DealSchema),
  nextCursor: z.string().nullable(),
  counts: z.object({ all: z.number().int(), hot: z.number().int(), track: z.number().int(), cold: z.number().int() }),
  /** Null when every count is exact; else the count a broad search stopped at (a count equal to it means at least that many). */
  countsCap: z.number().int().nullable(),
  plan: DealPlanSchema,
});

const SubScoreViewSchema = z.object({
  score: z.number().int(),
  weight: z.number().int(),
  summary: z.string(),
  evidence: z.array(z.object({ page: z.number().int().nullable(), quote: z.string() })),
});
export const DealDetailSchema = z.object({
  deal: DealSchema,
  analysis: z
    .object({
      fitScore: z.number().int(),
      subScores: z.record(z.enum(SUB_SCORE_KEYS), SubScoreViewSchema),
      strengths: z.array(z.object({ dimension: z.enum(SUB_SCORE_KEYS), text: z.string() })),
      risks: z.array(z.object({ dimension: z.enum(SUB_SCORE_KEYS), text: z.string() })),
      redFlags: z.array(z.object({ message: z.string(), page: z.number().int() })),
      pages: z.number().int(),
      /** The deck the score came from; `format` is what its bytes are (the viewer says how a .pptx slide is drawn). */
      deck: z.object({ filename: z.string().nullable(), version: z.number().int(), format: z.enum(['pdf', 'pptx', 'ppt']).nullable() }),
      /** The 30-second brief the founder also sees (issue 32 point 5); null for an analysis too old to give one. */
      brief: InvestorBriefSchema.nullable(),
    })
    .nullable(),
  /**
   * Blind first look: with the analysis hidden from the caller (deal.hidden), the deck it came from,
   * to judge by before giving their own view. Absent otherwise (the analysis carries it).
   */
  deck: z
    .object({ filename: z.string().nullable(), version: z.number().int(), format: z.enum(['pdf', 'pptx', 'ppt']).nullable(), pages: z.number().int() })
    .optional(),
  history: z.array(
    z.object({
      from: z.enum(DEAL_ROW_STATUSES),
      to: z.enum(DEAL_ROW_STATUSES),
      note: z.string(),
      at: z.string(),
      by: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
});

export const DealIdParamsSchema = z.object({ id: z.uuid({ error: 'Deal not found' }) });
export const DealStatusBodySchema = z.object({
  status: z.enum(DEAL_STATUSES, { error: 'status must be hot, track or cold' }),
  note: z.string().max(2000).default(''),
});

export const dealsEndpoints = {
  latestDeal: defineEndpoint({
    method: 'GET',
    path: '/api/vc/latest-deal',
    access: 'fund:member',
    summary: "The fund's newest scored deal (null when none)",
    tags: ['deals'],
    response: z.object({ deal: DealSchema.nullable() }),
  }),
  markReviewed: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/mark-reviewed',
    access: 'fund:member',
    summary: 'Mark a deal as reviewed',
    tags: ['deals'],
    params: DealIdParamsSchema,
    response: z.object({ ok: z.literal(true), deal: DealSchema }),
  }),
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/status',
    access: 'fund:member',
    summary: "Move a deal to Hot, Track or Cold (recorded in the deal's history)",
    tags: ['deals'],
    params: DealIdParamsSchema,
    body: DealStatusBodySchema,
    response: z.object({ ok: z.literal(true), deal: DealSchema }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals',
    access: 'fund:member',
    summary:
      "The fund's pipeline: filters, search, sort and a keyset cursor, with counts per status (a broad search counts each up to countsCap) and the plan",
    tags: ['deals'],
    query: DealListQuerySchema,
    response: DealListSchema,
  }),
  facets: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/facets',
    access: 'fund:member',
    summary: "How many of the fund's deals (in a tab) have each filter option: sector, stage, region, confidence, source, owner",
    tags: ['deals'],
    query: DealFacetsQuerySchema,
    response: DealFacetsSchema,
  }),
  updateFacts: defineEndpoint({
    method: 'PATCH',
    path: '/api/vc/deals/:id/facts',
    access: 'fund:member',
    summary: "Correct a deal's name, stage, sector or geography (those read from the deck are marked until edited)",
    tags: ['deals'],
    params: DealIdParamsSchema,
    body: DealFactsBodySchema,
    response: z.object({ ok: z.literal(true), deal: DealSchema }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id',
    access: 'fund:member',
    summary: "A deal with its analysis under the fund's weights and its status history",
    tags: ['deals'],
    params: DealIdParamsSchema,
    response: DealDetailSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/upload',
    access: 'fund:member',
    summary: 'Add a deal from a deck (multipart: companyName, stage, sector, file) and queue its scoring',
    tags: ['deals'],
    upload: { field: 'file' },
    status: 202,
    response: z.object({ deal: DealSchema }),
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/export.csv',
    access: 'fund:member',
    summary: 'The pipeline as CSV (same filters as the list), streamed',
    tags: ['deals'],
    query: DealFiltersSchema,
    binary: { contentType: 'text/csv' },
    response: z.string(),
  }),
} as const;
