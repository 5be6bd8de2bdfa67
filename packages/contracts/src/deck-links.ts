import { z } from 'zod';
import { EmailSchema, IsoDateTimeSchema, OkSchema, stripBidiControls } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Protected deck links (issue 32 point 3): a founder shares the deck itself, as page images
 * watermarked with the reader's email, behind an optional email gate and passcode, with an expiry,
 * downloads on or off and revocation at once; and sees who opened it and how long each page held
 * them. Only a page beacon from a person's browser counts as a view: link previews never do.
 */

export const DECK_LINK_GONE = 'This link is no longer available.';
export const DECK_LINK_WRONG_PASSCODE = 'That passcode is not right.';
export const DECK_LINK_EMAIL_NEEDED = 'Enter your email to view this deck.';
export const DECK_LINK_SESSION_NEEDED = 'Open the link again to view this deck.';
export const DECK_LINK_NO_DOWNLOAD = 'Downloads are turned off for this link.';
export const DECK_LINK_NOT_FOUND = 'Deck link not found';
/** The server-push event a link's first open sends the founder's open screens. */
export const DECK_LINK_OPENED_EVENT = 'deck-link.opened';
/** Live links a founder may hold at once. */
export const MAX_ACTIVE_DECK_LINKS = 50;
export const DECK_LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;
/** The header a viewer's page sends its session token in (the API is on another origin than the page). */
export const DECK_VIEWER_HEADER = 'X-Deck-Viewer';
/** A beacon reports at most this much visible time; the page sends one every few seconds. */
export const MAX_BEACON_MS = 30_000;
/** Time on one page counted for one viewer at most. */
export const MAX_PAGE_MS = 30 * 60_000;
/** A page counts as seen after this much visible time; a page below it is 'skipped'. */
export const PAGE_SEEN_MS = 1_000;

const PasscodeSchema = z
  .string()
  .min(4, 'A passcode has at least 4 characters')
  .max(64, 'A passcode has at most 64 characters');

export const CreateDeckLinkSchema = z.object({
  recipient_name: z
    .string()
    .max(120, 'The recipient’s name is at most 120 characters')
    .transform((v) => stripBidiControls(v).trim())
    .default(''),
  recipient_email: z.union([z.literal(''), EmailSchema]).nullish().transform((v) => v || null),
  email_required: z.boolean().default(false),
  passcode: PasscodeSchema.nullish().transform((v) => v ?? null),
  expires_in_days: z
    .union(DECK_LINK_EXPIRY_DAYS.map((d) => z.literal(d)), { error: 'A link expires after 1, 7, 30 or 90 days, or never (null)' })
    .nullable()
    .default(null),
  allow_download: z.boolean().default(false),
});
export type CreateDeckLink = z.output<typeof CreateDeckLinkSchema>;

export const DeckLinkSchema = z
  .object({
    id: z.string(),
    /** Only in the answer that creates the link: the token is stored hashed. */
    url: z.string().nullable(),
    recipient_name: z.string(),
    recipient_email: z.string().nullable(),
    email_required: z.boolean(),
    has_passcode: z.boolean(),
    allow_download: z.boolean(),
    deck: z.object({ version: z.number().int(), filename: z.string(), pages: z.number().int() }),
    created_at: IsoDateTimeSchema,
    expires_at: IsoDateTimeSchema.nullable(),
    revoked_at: IsoDateTimeSchema.nullable(),
    first_opened_at: IsoDateTimeSchema.nullable(),
    /** Viewers counted (people whose page reported time). */
    views: z.number().int().nonnegative(),
    last_viewed_at: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'DeckLink' });
export type DeckLink = z.infer<typeof DeckLinkSchema>;

export const DeckLinkViewerSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  opened_at: IsoDateTimeSchema,
  last_seen_at: IsoDateTimeSchema.nullable(),
  total_ms: z.number().int().nonnegative(),
  /** Every page of the deck, in order, with the time it was visible. */
  pages: z.array(z.object({ page: z.number().int(), ms: z.number().int().nonnegative() })),
  /** Pages seen for less than PAGE_SEEN_MS. */
  skipped: z.array(z.number().int()),
});
export type DeckLinkViewer = z.infer<typeof DeckLinkViewerSchema>;

export const DeckLinkAlertSchema = z.object({
  id: z.string(),
  link_id: z.string(),
  recipient_name: z.string(),
  viewer_email: z.string().nullable(),
  opened_at: IsoDateTimeSchema,
  read: z.boolean(),
});
export type DeckLinkAlert = z.infer<typeof DeckLinkAlertSchema>;

/** What the public page learns before the gate: enough to show it, nothing of the founder's. */
export const PublicDeckLinkSchema = z.object({
  company: z.string(),
  pages: z.number().int(),
  email_required: z.boolean(),
  passcode_required: z.boolean(),
  allow_download: z.boolean(),
  expires_at: IsoDateTimeSchema.nullable(),
});
export type PublicDeckLink = z.infer<typeof PublicDeckLinkSchema>;

export const OpenDeckLinkSchema = z.object({
  email: z.union([z.literal(''), EmailSchema]).nullish().transform((v) => v || null),
  passcode: z.string().max(64, 'That passcode is not right.').nullish().transform((v) => v || null),
});
export type OpenDeckLink = z.output<typeof OpenDeckLinkSchema>;

export const DeckBeaconSchema = z.object({
  page: z.number().int().min(1).max(2000),
  visible_ms: z.number().int().min(0).max(MAX_BEACON_MS),
});
export type DeckBeacon = z.infer<typeof DeckBeaconSchema>;

const IdParams = z.object({ id: z.string().max(100) });
const TokenParams = z.object({ token: z.string().max(200) });
const PageParams = TokenParams.extend({ n: z.string().max(12) });

export const deckLinkEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/founder/deck-links/',
    access: 'founder',
    summary: 'Create a protected link to the current deck (its URL is in this answer only)',
    tags: ['deck-links'],
    status: 201,
    body: CreateDeckLinkSchema,
    response: z.object({ link: DeckLinkSchema }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/founder/deck-links/',
    access: 'founder',
    summary: 'The founder’s deck links, newest first, with their views',
    tags: ['deck-links'],
    response: z.object({ links: z.array(DeckLinkSchema) }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/founder/deck-links/:id/',
    access: 'founder',
    summary: 'One deck link with each viewer’s time on every page',
    tags: ['deck-links'],
    params: IdParams,
    response: z.object({ link: DeckLinkSchema, viewers: z.array(DeckLinkViewerSchema) }),
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/founder/deck-links/:id/',
    access: 'founder',
    summary: 'Revoke a deck link: it opens nothing from this moment',
    tags: ['deck-links'],
    params: IdParams,
    response: z.object({ link: DeckLinkSchema }),
  }),
  alerts: defineEndpoint({
    method: 'GET',
    path: '/founder/deck-links/alerts/',
    access: 'founder',
    summary: 'First opens of the founder’s deck links, newest first, with the unread count',
    tags: ['deck-links'],
    response: z.object({ alerts: z.array(DeckLinkAlertSchema), unread: z.number().int() }),
  }),
  readAlerts: defineEndpoint({
    method: 'POST',
    path: '/founder/deck-links/alerts/read/',
    access: 'founder',
    summary: 'Mark every first-open notice read',
    tags: ['deck-links'],
    response: OkSchema,
  }),
  view: defineEndpoint({
    method: 'GET',
    path: '/public/deck-links/:token/',
    access: 'public',
    summary: 'What the gate of a deck link asks (no view is counted). 404 when unknown, revoked or expired.',
    tags: ['deck-links'],
    params: TokenParams,
    response: PublicDeckLinkSchema,
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/public/deck-links/:token/sessions/',
    access: 'public',
    summary: 'Pass the gate (email, passcode): answers a viewer session token for X-Deck-Viewer',
    tags: ['deck-links'],
    status: 201,
    params: TokenParams,
    body: OpenDeckLinkSchema,
    response: z.object({ session: z.string(), link: PublicDeckLinkSchema }),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/public/deck-links/:token/pages/:n.jpg',
    access: 'public',
    summary: 'A page of the deck as a JPEG, watermarked with the viewer’s email (X-Deck-Viewer required)',
    tags: ['deck-links'],
    params: PageParams,
    binary: { contentType: 'image/jpeg' },
    response: z.string(),
  }),
  beacon: defineEndpoint({
    method: 'POST',
    path: '/public/deck-links/:token/beacons/',
    access: 'public',
    summary: 'The viewer’s page reports time a page was visible (X-Deck-Viewer required)',
    tags: ['deck-links'],
    params: TokenParams,
    body: DeckBeaconSchema,
    response: OkSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/public/deck-links/:token/download/',
    access: 'public',
    summary: 'The deck file, when the link allows downloads (X-Deck-Viewer required)',
    tags: ['deck-links'],
    params: TokenParams,
    binary: { contentType: 'application/octet-stream' },
    response: z.string(),
  }),
} as const;
