import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Where the deck went (issue 32 point 2): every fund a founder's company reached through the
 * product, and what the fund chose to share. Never the fund's FitScore, votes or internal notes.
 */
export const OUTREACH_CHANNELS = ['form', 'email', 'platform'] as const;
export type OutreachChannel = (typeof OUTREACH_CHANNELS)[number];
export const OUTREACH_CHANNEL_LABELS: Record<OutreachChannel, string> = {
  form: 'Apply form',
  email: 'Email',
  platform: 'Platform intro',
};

export const OUTREACH_STATUSES = ['received', 'under_review', 'passed', 'intro_accepted'] as const;
export type OutreachStatus = (typeof OUTREACH_STATUSES)[number];
export const OUTREACH_STATUS_LABELS: Record<OutreachStatus, string> = {
  received: 'Received',
  under_review: 'Under review',
  passed: 'Passed',
  intro_accepted: 'Intro accepted',
};

export const OutreachRowSchema = z
  .object({
    fundId: z.string(),
    fundName: z.string(),
    /** How the company reached the fund, oldest first (a form and an intro may land on one deal). */
    channels: z.array(z.enum(OUTREACH_CHANNELS)),
    /** When the company first reached the fund. */
    sentAt: IsoDateTimeSchema,
    status: z.enum(OUTREACH_STATUSES),
    /** The reasons the fund chose to send with its decline; [] unless passed. */
    declineReasons: z.array(z.string()),
    /** When the fund decided (passed, or accepted the intro); null while it has not. */
    decidedAt: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'OutreachRow' });
export type OutreachRow = z.infer<typeof OutreachRowSchema>;

export const FounderOutreachSchema = z
  .object({
    funds: z.array(OutreachRowSchema),
    /** Applications by form and email are matched by the account's address once it is verified. */
    emailVerified: z.boolean(),
    email: z.string(),
  })
  .meta({ id: 'FounderOutreach' });
export type FounderOutreach = z.infer<typeof FounderOutreachSchema>;

export const OutreachSettingsBodySchema = z.object({ showUnderReview: z.boolean({ error: 'showUnderReview must be true or false' }) });
export type OutreachSettingsBody = z.infer<typeof OutreachSettingsBodySchema>;

export const OutreachSettingsSchema = OutreachSettingsBodySchema.extend({ updatedAt: IsoDateTimeSchema.nullable() }).meta({ id: 'OutreachSettings' });
export type OutreachSettings = z.infer<typeof OutreachSettingsSchema>;

/** Founders see 'Under review' unless the fund turns it off (ADR 0071). */
export const DEFAULT_SHOW_UNDER_REVIEW = true;

const HOUR_MS = 3_600_000;
/** 'Time to decision' in words: under an hour, hours under two days, else days. */
export function timeToDecision(sentAt: string, decidedAt: string): string {
  const ms = Math.max(0, Date.parse(decidedAt) - Date.parse(sentAt));
  if (ms < HOUR_MS) return 'Under an hour';
  const hours = Math.round(ms / HOUR_MS);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.round(ms / (24 * HOUR_MS))} days`;
}

export const founderOutreachEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/founder/outreach/',
    access: 'founder',
    summary: 'Every fund the company reached through FitScore, with the status each fund chose to share',
    tags: ['founder'],
    response: FounderOutreachSchema,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/vc/founder-outreach/',
    access: 'fund:member',
    summary: "Whether founders see 'Under review' while the fund looks at their deal",
    tags: ['intake'],
    response: OutreachSettingsSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/vc/founder-outreach/',
    access: 'fund:admin',
    summary: "Show or hide 'Under review' to founders (admins only)",
    tags: ['intake'],
    body: OutreachSettingsBodySchema,
    response: OutreachSettingsSchema,
  }),
};
