import { z } from 'zod';
import { DEAL_STATUSES, DealIdParamsSchema } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';

/** What a member sees in place of the score and the team's views until they record their own (issue 31 point 7). */
export const BLIND_NOTICE = 'Record your own view first';
/** The FitScore cell of a deal the caller has not voted on in a blind stage. */
export const HIDDEN_UNTIL_VOTE = 'Hidden until you vote';

/** A fund's 'Blind first look': on or off, and the fund's own stages it applies to. */
export const BlindLookSettingsSchema = z.object({
  enabled: z.boolean(),
  stageIds: z.array(z.string()),
});
export type BlindLookSettings = z.infer<typeof BlindLookSettingsSchema>;

export const BlindLookBodySchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  stageIds: z.array(z.uuid({ error: 'Stage not found' })).max(50, 'At most 50 stages'),
});
export type BlindLookBody = z.infer<typeof BlindLookBodySchema>;

/**
 * 'Team views': each member's own Hot/Track/Cold on the deal and when. `hidden`: the caller has not
 * recorded theirs and the deal is in a blind stage, so the others' are left out.
 */
export const TeamViewsSchema = z.object({
  hidden: z.boolean(),
  mine: z.enum(DEAL_STATUSES).nullable(),
  views: z.array(
    z.object({
      member: z.object({ id: z.string(), name: z.string() }),
      vote: z.enum(DEAL_STATUSES),
      at: z.string(),
    }),
  ),
});
export type TeamViews = z.infer<typeof TeamViewsSchema>;

export const blindLookEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/vc/blind-look',
    access: 'fund:member',
    summary: "The fund's 'Blind first look' setting and the stages it applies to",
    tags: ['stages'],
    response: BlindLookSettingsSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/vc/blind-look',
    access: 'fund:admin',
    summary: "Turn 'Blind first look' on or off and choose the fund's stages it applies to",
    tags: ['stages'],
    body: BlindLookBodySchema,
    response: BlindLookSettingsSchema,
  }),
  views: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id/views',
    access: 'fund:member',
    summary: "Each member's own Hot/Track/Cold on a deal ('Team views'); others' are hidden until the caller records theirs in a blind stage",
    tags: ['deals'],
    params: DealIdParamsSchema,
    response: TeamViewsSchema,
  }),
} as const;
