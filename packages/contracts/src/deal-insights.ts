import { z } from 'zod';
import { DEAL_SOURCES, DealIdParamsSchema, DealSchema } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';

/** The dashboard's chart: deals received per week (Monday, UTC) by source. */
export const DEAL_WEEKS_DEFAULT = 12;
export const DealWeeksSchema = z.object({
  weeks: z.array(
    z.object({
      /** The week's Monday, YYYY-MM-DD (UTC). */
      start: z.string(),
      total: z.number().int(),
      bySource: z.record(z.enum(DEAL_SOURCES), z.number().int()),
    }),
  ),
});
export type DealWeeks = z.infer<typeof DealWeeksSchema>;

/**
 * How long the fund takes to decide (issue 13 §3, ADR 0025): a decision is a deal's first move from
 * New to Hot, Track or Cold; its time runs from the deal's receipt (when it entered the pipeline).
 */
export const DECISION_TIME_HELP =
  "Days from receiving a deal to its first move from New to Hot, Track or Cold, as the median over your fund's deals.";
export const DecisionTimeSchema = z.object({
  /** The median in days, to one decimal; null before the first decision. */
  medianDays: z.number().nullable(),
  /** How many deals have had a decision. */
  decisions: z.number().int(),
});
export type DecisionTime = z.infer<typeof DecisionTimeSchema>;

export const DeckPageParamsSchema = DealIdParamsSchema.extend({
  /** 1-based; anything but a page of the deck is a 404. */
  n: z.string().max(12),
});

export const dealInsightEndpoints = {
  weekly: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/weekly',
    access: 'fund:member',
    summary: 'Deals received per week by source, oldest week first, this week last',
    tags: ['deals'],
    query: z.object({
      weeks: z.coerce
        .number({ error: 'weeks must be a number' })
        .int('weeks must be a whole number')
        .min(1, 'weeks must be at least 1')
        .max(52, 'weeks must be at most 52')
        .default(DEAL_WEEKS_DEFAULT),
    }),
    response: DealWeeksSchema,
  }),
  decisionTime: defineEndpoint({
    method: 'GET',
    path: '/api/vc/decision-time',
    access: 'fund:member',
    summary: "Median days from a deal's receipt to its first move from New to Hot, Track or Cold, over the fund's deals",
    tags: ['deals'],
    response: DecisionTimeSchema,
  }),
  deckPage: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id/deck/pages/:n.png',
    access: 'fund:member',
    summary: "A page of the deal's deck drawn as a PNG (PDF and .pptx decks; .ppt answers 422; cached, private)",
    tags: ['deals'],
    params: DeckPageParamsSchema,
    binary: { contentType: 'image/png' },
    response: z.string(),
  }),
  retryScoring: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/retry-scoring',
    access: 'fund:member',
    summary: "Scores a deal again after its deck could not be read (its scoring failed); the trial's limit applies",
    tags: ['deals'],
    params: DealIdParamsSchema,
    status: 202,
    response: z.object({ deal: DealSchema }),
  }),
} as const;
