import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A fund's outgoing webhook endpoints (Enterprise, ADR 0052): a URL, the events it subscribes to,
 * and its Standard Webhooks signing secret, sealed with the app secret (the secret is needed to sign,
 * so it cannot be stored as a hash). After a rotation the previous secret signs too, until
 * `previous_secret_expires_at`. An endpoint that answered 410 Gone is disabled, with the reason.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_fund_idx').on(t.fundId, t.createdAt)],
);

/**
 * One message to one endpoint: the exact JSON body signed and posted (the same on every try, with
 * the same `webhook-id`), whether it is still being tried, and when the next try is due.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    /** The Standard Webhooks `webhook-id` (`msg_…`): the same for every try of this message. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_idx').on(t.endpointId, t.messageId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Every try of a delivery: when, how long, the answer's status and the start of its body, or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    /** Sent by hand (Resend) rather than by the schedule. */
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
