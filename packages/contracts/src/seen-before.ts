import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { DealCommentSchema } from './deal-comments.ts';
import { DEAL_ROW_STATUSES, DEAL_SOURCES, DealIdParamsSchema, type Deal } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';
import { VersionComparisonSchema } from './versions.ts';

/**
 * 'Seen before' (issue 31 point 6): a company that comes back — a new deck, another channel,
 * months later — is merged into its deal; the deal page then shows what the fund saw and decided
 * before it came back, and the pipeline row marks it 'Returning'.
 */

/** A later arrival this long after the first is a return even through the same channel (not a double submit). */
export const RETURN_AFTER_MS = 24 * 60 * 60 * 1000;

type Arrival = Pick<Deal['sources'][number], 'channel' | 'receivedAt'>;

/**
 * When the company came back: the first later arrival through another channel, or through the same
 * one a day or more after the first. Null when it has not come back. One rule for the row and the page.
 */
export function returnedAt(sources: readonly Arrival[]): string | null {
  const [first, ...later] = sources;
  if (!first) return null;
  const firstAt = Date.parse(first.receivedAt);
  const back = later.find((s) => s.channel !== first.channel || Date.parse(s.receivedAt) - firstAt >= RETURN_AFTER_MS);
  return back?.receivedAt ?? null;
}

const ArrivalSchema = z.object({ channel: z.enum(DEAL_SOURCES), receivedAt: IsoDateTimeSchema });

export const SeenBeforeSchema = z.object({
  /** When the company came back (returnedAt), or null: then the rest is empty. */
  returnedAt: IsoDateTimeSchema.nullable(),
  /** Blind first look: the member has not given their own view yet, so the past is withheld (the rest is empty). */
  hidden: z.boolean(),
  /** Every arrival, oldest first. */
  arrivals: z.array(ArrivalSchema),
  /** The decks it sent before it came back, oldest first, each with its FitScore under the fund's weights (null: never scored). */
  earlierDecks: z.array(
    z.object({
      id: z.string(),
      version: z.number().int().positive(),
      filename: z.string(),
      uploadedAt: IsoDateTimeSchema,
      fitScore: z.number().int().nullable(),
    }),
  ),
  /** From the last scored deck before it came back to the current deck, when both were scored and differ. */
  changes: VersionComparisonSchema.omit({ from: true, to: true })
    .extend({ fromVersion: z.number().int(), toVersion: z.number().int(), fromFitScore: z.number().int(), toFitScore: z.number().int() })
    .nullable(),
  /** The fund's Hot/Track/Cold decisions before it came back, oldest first, with the reasons it gave when it passed. */
  decisions: z.array(
    z.object({
      from: z.enum(DEAL_ROW_STATUSES),
      to: z.enum(DEAL_ROW_STATUSES),
      note: z.string(),
      at: IsoDateTimeSchema,
      by: z.object({ id: z.string(), name: z.string() }).nullable(),
      reasons: z.array(z.string()),
    }),
  ),
  /** The team's comments of that time (before it came back), oldest first. */
  comments: z.array(DealCommentSchema),
});
export type SeenBefore = z.infer<typeof SeenBeforeSchema>;

export const seenBeforeEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id/seen-before',
    access: 'fund:member',
    summary: 'A returning company: its earlier decks and scores, what changed, the earlier decisions with their reasons and the comments of the time',
    tags: ['deals'],
    params: DealIdParamsSchema,
    response: SeenBeforeSchema,
  }),
};
