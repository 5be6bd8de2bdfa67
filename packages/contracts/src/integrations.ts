import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Alerts to a fund's Slack and Microsoft Teams channels (issue 13 §2): an admin pastes a Slack
 * incoming-webhook URL and/or a Teams Workflows webhook URL, picks the events and the FitScore a
 * match needs; every message sent is recorded as a delivery.
 */
export const ALERT_EVENTS = ['match', 'warmintro', 'status'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
export const ALERT_EVENT_LABELS: Record<AlertEvent, string> = {
  match: 'Hot matches',
  warmintro: 'Warm intros',
  status: 'Status changes',
};

export const ALERT_TARGETS = ['slack', 'teams'] as const;
export type AlertTarget = (typeof ALERT_TARGETS)[number];
export const ALERT_TARGET_LABELS: Record<AlertTarget, string> = { slack: 'Slack', teams: 'Microsoft Teams' };

/** A delivery's kind: one of the events, or a test sent from Settings. */
export const ALERT_DELIVERY_KINDS = [...ALERT_EVENTS, 'test'] as const;
export type AlertDeliveryKind = (typeof ALERT_DELIVERY_KINDS)[number];

/**
 * `pending` while queued or between retries; `sent` once the service accepted it; `failed` for good;
 * `skipped` when the fund's plan no longer includes alerts when its turn came (ADR 0025).
 */
export const ALERT_DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type AlertDeliveryStatus = (typeof ALERT_DELIVERY_STATUSES)[number];

export const DEFAULT_ALERT_THRESHOLD = 70;

/**
 * Slack/Teams alerts are a Pro feature (spec: 'VCs Pro: … Slack/Teams integration'), open during the
 * trial while it has scores left, like the rest of the trial (ADR 0025).
 */
export const ALERTS_PRO_REQUIRED =
  'Slack and Teams alerts are a Pro feature, and your trial has no scores left. Upgrade to Pro to keep sending alerts.';
export const DEFAULT_ALERT_EVENTS: readonly AlertEvent[] = ALERT_EVENTS;
export const WEBHOOK_URL_MAX = 2000;

/**
 * The fund's alert settings as read back. Webhook URLs are secrets: they come back masked (the
 * host and the last 4 characters, e.g. `https://hooks.slack.com/…Tm4T`); null when not set.
 */
export const IntegrationSettingsSchema = z
  .object({
    slackWebhookUrl: z.string().nullable(),
    teamsWebhookUrl: z.string().nullable(),
    events: z.array(z.enum(ALERT_EVENTS)),
    /** A match alerts when its FitScore is at or above this (0-100). */
    alertThreshold: z.number().int(),
    /** Whether the fund's plan includes alerts now: Pro, or the trial with scores left. */
    alertsAllowed: z.boolean(),
  })
  .meta({ id: 'IntegrationSettings' });
export type IntegrationSettings = z.infer<typeof IntegrationSettingsSchema>;

const WebhookUrlInput = z.string().trim().max(WEBHOOK_URL_MAX, `Webhook URLs are at most ${WEBHOOK_URL_MAX} characters`).nullable();

/**
 * Saving: an empty string or null removes a webhook; the masked value as read back keeps the
 * stored one; anything else must be an https URL whose host resolves to public addresses only.
 */
export const SaveIntegrationsSchema = z.object({
  slackWebhookUrl: WebhookUrlInput,
  teamsWebhookUrl: WebhookUrlInput,
  events: z.array(z.enum(ALERT_EVENTS)).max(ALERT_EVENTS.length),
  alertThreshold: z
    .number()
    .int('The alert threshold is a whole number')
    .min(0, 'The alert threshold is between 0 and 100')
    .max(100, 'The alert threshold is between 0 and 100'),
});
export type SaveIntegrationsBody = z.input<typeof SaveIntegrationsSchema>;

/** What one service answered to a test message. */
export const AlertTestResultSchema = z
  .object({
    target: z.enum(ALERT_TARGETS),
    ok: z.boolean(),
    /** The service's HTTP status; null when no answer came (refused address, timeout, network). */
    status: z.number().int().nullable(),
    /** Why it failed, with the start of the service's answer; null on success. */
    error: z.string().nullable(),
  })
  .meta({ id: 'AlertTestResult' });
export type AlertTestResult = z.infer<typeof AlertTestResultSchema>;

export const AlertDeliverySchema = z
  .object({
    id: z.string(),
    target: z.enum(ALERT_TARGETS),
    kind: z.enum(ALERT_DELIVERY_KINDS),
    /** The message's headline, e.g. 'Hot match: Acme (FitScore 82)'. */
    title: z.string(),
    status: z.enum(ALERT_DELIVERY_STATUSES),
    /** Tries so far. */
    attempts: z.number().int(),
    /** The service's last HTTP status; null before any answer. */
    responseStatus: z.number().int().nullable(),
    /** The start of the service's last answer, or why no answer came. */
    responseBody: z.string().nullable(),
    createdAt: IsoDateTimeSchema,
    /** When it was sent or failed for good; null while pending. */
    finishedAt: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'AlertDelivery' });
export type AlertDelivery = z.infer<typeof AlertDeliverySchema>;

export const integrationsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/vc/integrations/',
    access: 'fund:member',
    summary: 'The fund’s Slack and Teams alert settings (webhook URLs masked)',
    tags: ['integrations'],
    response: IntegrationSettingsSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/vc/integrations/',
    access: 'fund:admin',
    summary: 'Save the Slack/Teams webhook URLs (https, public hosts only), the events sent and the match threshold (402 adding a URL once the trial is used up and the fund is not on Pro)',
    tags: ['integrations'],
    body: SaveIntegrationsSchema,
    response: IntegrationSettingsSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/vc/integrations/test/',
    access: 'fund:admin',
    summary: 'Send a test message to each configured service; answers what each one said (402 once the trial is used up and the fund is not on Pro)',
    tags: ['integrations'],
    response: z.object({ results: z.array(AlertTestResultSchema) }),
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/vc/integrations/deliveries/',
    access: 'fund:member',
    summary: 'The fund’s last 50 alert deliveries, newest first',
    tags: ['integrations'],
    response: z.object({ deliveries: z.array(AlertDeliverySchema) }),
  }),
} as const;
