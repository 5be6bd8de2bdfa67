import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { FitScoreResultSchema } from './founder.ts';
import { INDUSTRIES, STAGES } from './vocabulary.ts';

/**
 * Share links: a founder publishes a read-only copy of one FitScore under an unguessable
 * URL, sees how often it was opened, and can revoke it. A link always shows the score it
 * was created from; a later rescore does not change it.
 */

export const SHARE_LINK_GONE = 'This link is no longer available.';
/** Active (not revoked) links a founder may hold at once. */
export const MAX_ACTIVE_SHARE_LINKS = 20;

export const ShareLinkSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    created_at: IsoDateTimeSchema,
    views: z.number().int().nonnegative(),
    last_viewed_at: IsoDateTimeSchema.nullable(),
    revoked_at: IsoDateTimeSchema.nullable(),
    /** The score the link shows. */
    score: z.object({ id: z.string(), overall: z.number().int(), created_at: IsoDateTimeSchema }),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof ShareLinkSchema>;

export const SharedCompanySchema = z.object({
  startup_name: z.string(),
  one_liner: z.string(),
  industry: z.enum(INDUSTRIES).nullable(),
  stage: z.enum(STAGES).nullable(),
  hq_geo: z.string(),
});
export type SharedCompany = z.infer<typeof SharedCompanySchema>;

export const SharedReportSchema = z
  .object({
    company: SharedCompanySchema,
    score: FitScoreResultSchema,
    shared_at: IsoDateTimeSchema,
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
    summary: 'The shared FitScore behind a link (no sign-in; counts a view). 404 when unknown or revoked.',
    tags: ['share'],
    params: TokenParamsSchema,
    response: SharedReportSchema,
  }),
} as const;
