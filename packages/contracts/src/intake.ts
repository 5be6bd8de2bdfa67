import { ApplyBrandingSchema } from './branding.ts';
import { z } from 'zod';
import { IsoDateTimeSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ONE_LINER_MAX } from './founder-profile.ts';
import { STAGES } from './vocabulary.ts';

/**
 * Deal intake (issue 12): the public apply form, forwarded email and a signed webhook. Every item
 * received is logged first, then becomes a new deal or is merged into the fund's existing one.
 */
export const INTAKE_CHANNELS = ['form', 'email', 'webhook'] as const;
export type IntakeChannel = (typeof INTAKE_CHANNELS)[number];

/** What became of an item: a new deal, another source of an existing deal, refused (with why), or ignored (subject filter). */
export const INTAKE_OUTCOMES = ['received', 'created', 'merged', 'refused', 'ignored'] as const;
export type IntakeOutcome = (typeof INTAKE_OUTCOMES)[number];

export const INTAKE_CHANNEL_LABELS: Record<IntakeChannel, string> = { form: 'Form', email: 'Email', webhook: 'Webhook' };

/** Subjects that make a forwarded email a deck submission (spec section 1), case-insensitive. */
export const INTAKE_SUBJECT_PATTERN = /pitch deck|investment deck/i;
/** The apply page sends how long the form was open; quicker than this is a bot. */
export const APPLY_MIN_FILL_MS = 3000;

export const INTAKE_FORM_OFF = 'This fund is not accepting applications through its online form right now.';
export const INTAKE_EMAIL_OFF = 'This fund does not accept decks by email right now.';
/** A deck sent only as a link (DocSend, Google Slides, Dropbox): the deal is made, the deck is not fetched. */
export const DECK_LINK_TAG = 'Deck link, not downloaded';
/** Largest message the email channels accept (SMTP answers 552 above it, HTTP 413). */
export const INTAKE_MAX_MESSAGE_BYTES = 11 * 1024 * 1024;

export const IntakeSettingsSchema = z
  .object({
    /** The public apply page, `{PUBLIC_WEB_URL}/apply/{slug}`. */
    applyUrl: z.string(),
    /** Forward decks here: `{slug}@{INTAKE_EMAIL_DOMAIN}`. */
    emailAddress: z.string(),
    /** Full URL of the raw-MIME / inbound-mail-service endpoint, its secret token included. */
    emailEndpoint: z.string(),
    webhookUrl: z.string(),
    webhookSecretSet: z.boolean(),
    formEnabled: z.boolean(),
    emailEnabled: z.boolean(),
  })
  .meta({ id: 'IntakeSettings' });
export type IntakeSettings = z.infer<typeof IntakeSettingsSchema>;

export const IntakeLogItemSchema = z
  .object({
    id: z.string(),
    channel: z.enum(INTAKE_CHANNELS),
    receivedAt: IsoDateTimeSchema,
    outcome: z.enum(INTAKE_OUTCOMES),
    /** Why it was refused or ignored, or what was merged ('also received by Email'); null when plain. */
    reason: z.string().nullable(),
    /** Who sent it, as far as the channel tells (an email sender, a form's email), for the log only. */
    sender: z.string().nullable(),
    /** The company name read from the item, when one was. */
    companyName: z.string().nullable(),
    dealId: z.string().nullable(),
    /** How many refusals this entry stands for (repeated bad webhook signatures share one entry); 1 for every other item. */
    repeats: z.number().int().min(1),
  })
  .meta({ id: 'IntakeLogItem' });
export type IntakeLogItem = z.infer<typeof IntakeLogItemSchema>;

export const IntakeLogQuerySchema = z.object({
  channel: z.enum(INTAKE_CHANNELS).optional(),
  outcome: z.enum(INTAKE_OUTCOMES).optional(),
});

/** What the public apply page shows about the fund. */
export const ApplyFundSchema = z
  .object({
    name: z.string(),
    website: z.string(),
    sectors: z.array(z.string()),
    stages: z.array(z.string()),
    geography: z.array(z.string()),
    /** The fund's white-label brand (Enterprise), or the product's defaults. */
    branding: ApplyBrandingSchema,
  })
  .meta({ id: 'ApplyFund' });
export type ApplyFund = z.infer<typeof ApplyFundSchema>;

const SlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * The apply form's text fields (multipart, beside `file`). `honeypot` must stay empty and
 * `fillMs` (sent by the page) must be at least APPLY_MIN_FILL_MS; both may be left out by API clients.
 */
export const ApplyFieldsSchema = z.object({
  companyName: z.string().trim().min(1, 'Company name is required').max(200),
  founderName: z.string().trim().max(200).default(''),
  email: z.email('Please enter a valid email address').max(320),
  website: z.string().trim().max(500).default(''),
  stage: z.union([z.enum(STAGES), z.literal('')]).default(''),
  sector: z.string().trim().max(100).default(''),
  geography: z.string().trim().max(200).default(''),
  oneLiner: z.string().trim().max(ONE_LINER_MAX, `One-liner must be ${ONE_LINER_MAX} characters or fewer`).default(''),
  honeypot: z.string().max(500).optional(),
  fillMs: z.coerce.number().int().nonnegative().optional(),
});
export type ApplyFields = z.input<typeof ApplyFieldsSchema>;

/** The signed webhook's JSON body (multipart with a `file` is accepted too, with these as fields). */
export const WebhookDealSchema = z.object({
  company_name: z.string().trim().min(1, 'company_name is required').max(200),
  website: z.string().trim().max(500).optional(),
  stage: z.string().trim().max(50).optional(),
  sector: z.string().trim().max(100).optional(),
  geography: z.string().trim().max(200).optional(),
  one_liner: z.string().trim().max(ONE_LINER_MAX).optional(),
  contact_email: z.email().max(320).optional(),
  /** The deck, base64; with `deck_filename`. */
  deck_base64: z.string().max(15_000_000).optional(),
  deck_filename: z.string().max(255).optional(),
});
export type WebhookDeal = z.input<typeof WebhookDealSchema>;

/** What an intake channel answers: the deal the item became (new or merged) and the log item. */
export const IntakeReceiptSchema = z
  .object({
    ok: z.literal(true),
    /** Quote this when asking about the submission. */
    reference: z.string(),
    dealId: z.string().nullable(),
    outcome: z.enum(INTAKE_OUTCOMES),
  })
  .meta({ id: 'IntakeReceipt' });

export const intakeEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/vc/intake/',
    access: 'fund:member',
    summary: 'The fund’s intake addresses: apply URL, email address and endpoint, webhook URL',
    tags: ['intake'],
    response: IntakeSettingsSchema,
  }),
  rotateWebhookSecret: defineEndpoint({
    method: 'POST',
    path: '/vc/intake/webhook-secret/',
    access: 'fund:admin',
    summary: 'Create or rotate the webhook signing secret (whsec_…); shown only in this answer',
    tags: ['intake'],
    response: z.object({ secret: z.string() }),
  }),
  rotateEmailToken: defineEndpoint({
    method: 'POST',
    path: '/vc/intake/email-token/',
    access: 'fund:admin',
    summary: 'Rotate the token of the inbound-email endpoint (the old URL stops working)',
    tags: ['intake'],
    response: IntakeSettingsSchema,
  }),
  log: defineEndpoint({
    method: 'GET',
    path: '/vc/intake/log/',
    access: 'fund:member',
    summary: 'The last 100 items received on any channel, newest first, with their outcome',
    tags: ['intake'],
    query: IntakeLogQuerySchema,
    response: z.object({ items: z.array(IntakeLogItemSchema) }),
  }),
  applyFund: defineEndpoint({
    method: 'GET',
    path: '/api/apply/:slug',
    access: 'public',
    summary: 'The fund a public apply page is for (404 unknown; 410 when the form is switched off)',
    tags: ['intake'],
    params: SlugParamsSchema,
    response: z.object({ fund: ApplyFundSchema }),
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: '/api/apply/:slug',
    access: 'public',
    summary: 'Apply to a fund with a deck (multipart: ApplyFields and file)',
    tags: ['intake'],
    params: SlugParamsSchema,
    upload: { field: 'file' },
    status: 201,
    response: OkSchema.extend({ reference: z.string() }),
  }),
  inboundEmail: defineEndpoint({
    method: 'POST',
    path: '/api/intake/email/:token',
    access: 'public',
    summary: 'A forwarded email: raw RFC 822 (message/rfc822), or a Postmark, SendGrid or Mailgun inbound payload',
    tags: ['intake'],
    params: TokenParamsSchema,
    response: IntakeReceiptSchema,
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/intake/webhook/:slug',
    access: 'signed',
    summary: 'A deal from another system, signed per Standard Webhooks; the same webhook-id again is the same deal',
    tags: ['intake'],
    params: SlugParamsSchema,
    // No body schema: JSON (WebhookDealSchema) and multipart are both read from the signed raw body.
    response: IntakeReceiptSchema,
  }),
} as const;
