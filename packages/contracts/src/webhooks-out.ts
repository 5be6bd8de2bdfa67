import { z } from 'zod';
import { IsoDateTimeSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Outgoing webhooks for Enterprise funds (issue 33 point 2): admins subscribe URLs to deal events;
 * deliveries are signed with Standard Webhooks, retried with backoff for a day, listed with every
 * attempt and re-sendable by hand. See docs/webhooks-out.md and ADR 0052.
 */
export const WEBHOOK_EVENT_TYPES = [
  'deal.created',
  'deal.scored',
  'deal.status_changed',
  'deal.assigned',
  'comment.created',
  'intro.requested',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event 'Send test event' sends; never subscribed to, always delivered when asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'deal.created': 'A deal is created',
  'deal.scored': 'A deal is scored',
  'deal.status_changed': 'A deal moves to Hot, Track or Cold',
  'deal.assigned': 'A deal is assigned',
  'comment.created': 'A comment is posted on a deal',
  'intro.requested': 'A founder requests a warm intro',
};

/** Signing secrets start with this (Standard Webhooks); the rest is the base64 key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** After a rotation, deliveries carry the previous secret's signature too for this long. */
export const WEBHOOK_ROTATION_OVERLAP_HOURS = 24;
/** A fund's endpoints at most. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

export const WEBHOOK_MESSAGES = {
  enterpriseRequired: 'Outgoing webhooks are part of the Enterprise plan. Contact sales to add them to your fund.',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  tooMany: `A fund can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints`,
  disabled: 'This endpoint is disabled: enable it before sending to it',
  fundFirst: 'Please complete your fund profile first',
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookEndpointSchema = z
  .object({
    id: z.string().uuid(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    /** Active, or disabled (by an admin, or because the endpoint answered 410 Gone) with the reason. */
    state: z.enum(['active', 'disabled']),
    disabledReason: z.string().nullable(),
    disabledAt: IsoDateTimeSchema.nullable(),
    /** Until then deliveries carry the previous secret's signature as well (after a rotation). */
    previousSecretExpiresAt: IsoDateTimeSchema.nullable(),
    createdAt: IsoDateTimeSchema,
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  /** Whether the fund's plan includes outgoing webhooks (Enterprise). */
  allowed: z.boolean(),
});

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events are ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((s) => new Set(s).size === s.length, 'Each event once');
const UrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the endpoint URL')
  .max(2000, 'The URL must be at most 2000 characters');
const DescriptionSchema = z.string().trim().max(200, 'The description must be at most 200 characters');

export const CreateWebhookEndpointBodySchema = z.object({
  url: UrlSchema,
  description: DescriptionSchema.optional(),
  events: EventsSchema,
});
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBodySchema>;

export const UpdateWebhookEndpointBodySchema = z
  .object({
    url: UrlSchema.optional(),
    description: DescriptionSchema.optional(),
    events: EventsSchema.optional(),
    /** false enables a disabled endpoint again; true disables it. */
    disabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBodySchema>;

/** The signing secret, whole, in this answer only (create and rotate). */
export const WebhookSecretAnswerSchema = z.object({ secret: z.string(), endpoint: WebhookEndpointSchema });

export const WebhookAttemptSchema = z
  .object({
    id: z.string().uuid(),
    attemptedAt: IsoDateTimeSchema,
    durationMs: z.number().int(),
    /** The endpoint's HTTP status, or null when no answer came (see error). */
    responseStatus: z.number().int().nullable(),
    /** The first 500 characters of the answer's body. */
    responseBody: z.string().nullable(),
    error: z.string().nullable(),
    manual: z.boolean(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: z.string().uuid(),
    endpointId: z.string().uuid(),
    /** The `webhook-id` header: the same on every attempt of this message. */
    messageId: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    createdAt: IsoDateTimeSchema,
    nextAttemptAt: IsoDateTimeSchema.nullable(),
    finishedAt: IsoDateTimeSchema.nullable(),
    /** Newest first. */
    attempts: z.array(WebhookAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

const EndpointIdParams = z.object({ id: z.string().uuid(WEBHOOK_MESSAGES.endpointNotFound) });
const DeliveryIdParams = z.object({ id: z.string().uuid(WEBHOOK_MESSAGES.deliveryNotFound) });
const DeliveryAnswer = z.object({ delivery: WebhookDeliverySchema });

export const webhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/webhooks',
    access: 'fund:admin',
    summary: "The fund's outgoing webhook endpoints (never their secrets)",
    tags: ['webhooks-out'],
    response: WebhookEndpointListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/vc/webhooks',
    access: 'fund:admin',
    summary: 'Subscribes a URL to events; its signing secret is in this answer only (402 without the Enterprise plan)',
    tags: ['webhooks-out'],
    body: CreateWebhookEndpointBodySchema,
    status: 201,
    response: WebhookSecretAnswerSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/vc/webhooks/:id',
    access: 'fund:admin',
    summary: "Changes an endpoint's URL, description or events, or disables or enables it",
    tags: ['webhooks-out'],
    params: EndpointIdParams,
    body: UpdateWebhookEndpointBodySchema,
    response: z.object({ endpoint: WebhookEndpointSchema }),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/webhooks/:id',
    access: 'fund:admin',
    summary: 'Deletes an endpoint with its deliveries',
    tags: ['webhooks-out'],
    params: EndpointIdParams,
    response: OkSchema,
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/api/vc/webhooks/:id/rotate-secret',
    access: 'fund:admin',
    summary: `A new signing secret (in this answer only); for ${WEBHOOK_ROTATION_OVERLAP_HOURS} hours deliveries are signed with both`,
    tags: ['webhooks-out'],
    params: EndpointIdParams,
    response: WebhookSecretAnswerSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/vc/webhooks/:id/test',
    access: 'fund:admin',
    summary: `Sends a ${WEBHOOK_TEST_EVENT} event to the endpoint now and answers the delivery with its attempt`,
    tags: ['webhooks-out'],
    params: EndpointIdParams,
    response: DeliveryAnswer,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/vc/webhooks/:id/deliveries',
    access: 'fund:admin',
    summary: "The endpoint's latest 50 deliveries, each with its attempts and answers",
    tags: ['webhooks-out'],
    params: EndpointIdParams,
    response: z.object({ deliveries: z.array(WebhookDeliverySchema) }),
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/vc/webhooks/deliveries/:id/resend',
    access: 'fund:admin',
    summary: 'Sends a delivery again now, with the same webhook-id and body, and answers it with the new attempt',
    tags: ['webhooks-out'],
    params: DeliveryIdParams,
    response: DeliveryAnswer,
  }),
} as const;
