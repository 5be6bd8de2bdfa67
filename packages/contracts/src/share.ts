import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { EvidenceSchema, FitScoreAnalysisSchema, KEY_METRIC_KEYS, SubScoreSchema, type FitScoreAnalysis } from './fitscore.ts';
import { INDUSTRIES, STAGES, SUB_SCORE_KEYS } from './vocabulary.ts';

/**
 * Share links: a founder publishes a read-only copy of one FitScore under an unguessable
 * URL, sees how often it was opened, and can revoke it. A link always shows the score it
 * was created from; a later rescore does not change it.
 */

export const SHARE_LINK_GONE = 'This link is no longer available.';
/** Active (not revoked, not expired) links a founder may hold at once. */
export const MAX_ACTIVE_SHARE_LINKS = 20;
/** How long a new link lives: a number of days, or null for a link that never expires. */
export const SHARE_LINK_EXPIRY_DAYS = [7, 30, 90] as const;

export const CreateShareLinkSchema = z
  .object({
    expires_in_days: z
      .union(SHARE_LINK_EXPIRY_DAYS.map((d) => z.literal(d)), { error: 'A link expires after 7, 30 or 90 days, or never (null)' })
      .nullable()
      .default(null),
  })
  // No body at all (as before expiry existed) is a link that never expires.
  .nullish()
  .transform((body) => body ?? { expires_in_days: null });
export type CreateShareLink = z.output<typeof CreateShareLinkSchema>;

export const ShareLinkSchema = z
  .object({
    id: z.string(),
    /** Only in the answer that creates the link: the token is stored hashed and cannot be shown again. */
    url: z.string().nullable(),
    created_at: IsoDateTimeSchema,
    /** Null: never expires. */
    expires_at: IsoDateTimeSchema.nullable(),
    views: z.number().int().nonnegative(),
    last_viewed_at: IsoDateTimeSchema.nullable(),
    revoked_at: IsoDateTimeSchema.nullable(),
    /** The score the link shows. */
    score: z.object({ id: z.string(), overall: z.number().int(), created_at: IsoDateTimeSchema }),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const SharedCompanySchema = z.object({
  startupName: z.string(),
  oneLiner: z.string(),
  industry: z.enum(INDUSTRIES).nullable(),
  stage: z.enum(STAGES).nullable(),
  hqGeo: z.string(),
});
export type SharedCompany = z.infer<typeof SharedCompanySchema>;

/** Burn, cash and runway are the founder's business: never in a shared answer. */
export const PRIVATE_KEY_METRICS = ['burn', 'cash', 'runwayMonths'] as const;

const SharedSubScoreSchema = SubScoreSchema.extend({ evidence: z.array(EvidenceSchema.omit({ factId: true })) });

/**
 * Exactly what the shared page renders (the report's summary, strengths, do-next, breakdown
 * with its evidence, insights and key metrics): no deck id or file name, no facts, sections
 * or contradictions, no private metrics (they are null).
 */
export const SharedScoreSchema = z.object({
  createdAt: IsoDateTimeSchema,
  overall: z.number().int(),
  deck: z.object({ version: z.number().int(), filename: z.null() }),
  analysis: FitScoreAnalysisSchema.pick({
    deck: true,
    stage: true,
    overall: true,
    label: true,
    confidence: true,
    strengths: true,
    doNext: true,
    insights: true,
    keyMetrics: true,
  }).extend({
    subScores: z.object(
      Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, SharedSubScoreSchema])) as Record<(typeof SUB_SCORE_KEYS)[number], typeof SharedSubScoreSchema>,
    ),
  }),
});
export type SharedScore = z.infer<typeof SharedScoreSchema>;

/** What a FitScore report renders: the founder's own result and a shared score both fit. */
export interface FitScoreView {
  createdAt: string;
  overall: number;
  deck: { version: number; filename: string | null };
  analysis: Pick<FitScoreAnalysis, 'deck' | 'stage' | 'overall' | 'label' | 'confidence' | 'strengths' | 'doNext' | 'insights' | 'keyMetrics'> & {
    subScores: SharedScore['analysis']['subScores'];
  };
}
export type FitScoreViewAnalysis = FitScoreView['analysis'];

/** Key metrics a shared answer may carry. */
export const SHARED_KEY_METRICS = KEY_METRIC_KEYS.filter((k) => !(PRIVATE_KEY_METRICS as readonly string[]).includes(k));

export const SharedReportSchema = z
  .object({
    company: SharedCompanySchema,
    score: SharedScoreSchema,
    sharedAt: IsoDateTimeSchema,
  })
  .meta({ id: 'SharedReport' });
export type SharedReport = z.infer<typeof SharedReportSchema>;

// Any text: an id that is not a uuid is simply not found (404), like another founder's.
const LinkIdParamsSchema = z.object({ id: z.string().max(100) });
// Any text: an unknown or malformed token answers the same 404 as a revoked one.
const TokenParamsSchema = z.object({ token: z.string().max(200) });

export const shareEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/founder/share-links/',
    access: 'founder',
    summary: 'Create a public read-only link to the current latest FitScore',
    tags: ['share'],
    status: 201,
    body: CreateShareLinkSchema,
    response: z.object({ link: ShareLinkSchema }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/founder/share-links/',
    access: 'founder',
    summary: 'The founder’s share links, newest first, with their view counts',
    tags: ['share'],
    response: z.object({ links: z.array(ShareLinkSchema) }),
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/founder/share-links/:id/',
    access: 'founder',
    summary: 'Revoke a share link: its page answers “This link is no longer available.” from now on',
    tags: ['share'],
    params: LinkIdParamsSchema,
    response: z.object({ link: ShareLinkSchema }),
  }),
  view: defineEndpoint({
    method: 'GET',
    path: '/public/share/:token/',
    access: 'public',
    summary: 'The shared FitScore behind a link (no sign-in; counts a view). 404 when unknown, revoked or expired.',
    tags: ['share'],
    params: TokenParamsSchema,
    response: SharedReportSchema,
  }),
} as const;
