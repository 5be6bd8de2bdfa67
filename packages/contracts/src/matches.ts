import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Founders meet the investors who fit (issue 13 §3): the funds on the platform ranked by thesis
 * fit and by the founder's FitScore under each fund's weights; warm-intro requests and how each
 * ended; the reasons a fund gives when it passes.
 */

export const INVESTOR_MATCHES_FEATURE = 'Investor matches';
/** One request per fund per this many days. */
export const INTRO_COOLDOWN_DAYS = 30;
export const INTRO_NOTE_MAX = 1000;
export const INTRO_ANSWER_MAX = 2000;
export const MATCHES_LIMIT = 20;

/**
 * An intro's state: `pending` (the fund has not decided), `moreinfo` (the fund asked a question),
 * `answered` (the founder answered it once), `accepted` (the company is in the fund's pipeline),
 * `dismissed` (not a fit right now), `declined` (the fund passed on the deal, with reasons).
 */
export const INTRO_STATUSES = ['pending', 'moreinfo', 'answered', 'accepted', 'dismissed', 'declined'] as const;
export type IntroStatus = (typeof INTRO_STATUSES)[number];
export const INTRO_STATUS_LABELS: Record<IntroStatus, string> = {
  pending: 'Intro requested',
  moreinfo: 'More info requested',
  answered: 'Answer sent',
  accepted: 'Intro accepted',
  dismissed: 'Not a fit right now',
  declined: 'Passed',
};

export const ThesisFitSchema = z.object({
  sector: z.boolean(),
  /** Null when the company gives no stage, or no place we can read: unknown, never outside. */
  stage: z.boolean().nullable(),
  geography: z.boolean().nullable(),
  /** Null when the fund gives no ticket range. */
  ticket: z.boolean().nullable(),
});
export type ThesisFit = z.infer<typeof ThesisFitSchema>;

export const InvestorMatchSchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  /** The founder's latest FitScore under this fund's weights; null before the founder is scored. */
  fitScore: z.number().int().nullable(),
  thesisFit: ThesisFitSchema,
  /** Why it matches, one short line each. */
  reasons: z.array(z.string()),
  /** What does not fit. */
  mismatches: z.array(z.string()),
  /** The founder's latest intro request to this fund. */
  intro: z.object({ id: z.string(), status: z.enum(INTRO_STATUSES), requestedAt: IsoDateTimeSchema }).nullable(),
});
export type InvestorMatch = z.infer<typeof InvestorMatchSchema>;

export const IntroSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  status: z.enum(INTRO_STATUSES),
  note: z.string(),
  requestedAt: IsoDateTimeSchema,
  decidedAt: IsoDateTimeSchema.nullable(),
  /** The fund's question (moreinfo), and the founder's one answer. */
  question: z.string().nullable(),
  answer: z.string().nullable(),
  /** Who to talk to, once the intro is accepted. */
  contact: z.object({ name: z.string(), email: z.string(), website: z.string() }).nullable(),
  /** Why the fund passed (never its internal notes). */
  declineReasons: z.array(z.string()),
});
export type Intro = z.infer<typeof IntroSchema>;

export const FundIdParamsSchema = z.object({ fundId: z.uuid({ error: 'Fund not found' }) });
export const IntroIdParamsSchema = z.object({ id: z.uuid({ error: 'Intro not found' }) });

export const IntroRequestBodySchema = z.object({
  note: z
    .string({ error: 'Add a short note for the fund' })
    .trim()
    .max(INTRO_NOTE_MAX, `The note must be at most ${INTRO_NOTE_MAX} characters`)
    .default(''),
});
export const IntroAnswerBodySchema = z.object({
  answer: z
    .string({ error: 'Write your answer' })
    .trim()
    .min(1, 'Write your answer')
    .max(INTRO_ANSWER_MAX, `The answer must be at most ${INTRO_ANSWER_MAX} characters`),
});

/** Reason chips offered when a deal moves to Cold; a fund may type its own too. */
export const DECLINE_REASON_MAX = 120;
export const DeclineBodySchema = z.object({
  reasons: z
    .array(z.string().trim().min(1, 'Reasons cannot be empty').max(DECLINE_REASON_MAX, `Each reason must be at most ${DECLINE_REASON_MAX} characters`), {
      error: 'Give at least one reason',
    })
    .min(1, 'Give at least one reason')
    .max(10, 'Give at most 10 reasons'),
  /** Internal: kept in the deal's history, never shown to the founder. */
  note: z.string().max(2000).default(''),
});

export const matchesEndpoints = {
  matches: defineEndpoint({
    method: 'GET',
    path: '/founder/matches/',
    access: 'founder',
    summary: 'Investor matches (Premium): funds ranked by thesis fit and the FitScore under each fund’s weights',
    tags: ['matches'],
    response: z.object({ matches: z.array(InvestorMatchSchema), profileMissing: z.boolean() }),
  }),
  requestIntro: defineEndpoint({
    method: 'POST',
    path: '/founder/matches/:fundId/intro/',
    access: 'founder',
    summary: 'Ask a matched fund for an intro (one request per fund per 30 days)',
    tags: ['matches'],
    params: FundIdParamsSchema,
    body: IntroRequestBodySchema,
    status: 201,
    response: z.object({ intro: z.object({ id: z.string(), status: z.enum(INTRO_STATUSES) }) }),
  }),
  intros: defineEndpoint({
    method: 'GET',
    path: '/founder/intros/',
    access: 'founder',
    summary: "The founder's intro requests: statuses, the fund's question, contact and decline reasons",
    tags: ['matches'],
    response: z.object({ intros: z.array(IntroSchema) }),
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/founder/intros/:id/answer/',
    access: 'founder',
    summary: "Answer the fund's question (once)",
    tags: ['matches'],
    params: IntroIdParamsSchema,
    body: IntroAnswerBodySchema,
    response: z.object({ intro: IntroSchema }),
  }),
  decline: defineEndpoint({
    method: 'POST',
    path: '/api/vc/deals/:id/decline',
    access: 'fund:member',
    summary: 'Move a deal to Cold with reasons (a platform founder sees the reasons, never the note)',
    tags: ['deals'],
    params: z.object({ id: z.uuid({ error: 'Deal not found' }) }),
    body: DeclineBodySchema,
    response: z.object({ ok: z.literal(true), reasons: z.array(z.string()) }),
  }),
  declineReasons: defineEndpoint({
    method: 'GET',
    path: '/api/vc/deals/:id/decline-reasons',
    access: 'fund:member',
    summary:
      "Reasons suggested for passing on a deal, from its data: the parts of the fund's thesis it is outside, then sub-scores below the bar for its stage",
    tags: ['deals'],
    params: z.object({ id: z.uuid({ error: 'Deal not found' }) }),
    response: z.object({ reasons: z.array(z.string()) }),
  }),
} as const;
