import { ALERT_DELIVERY_KINDS, ALERT_DELIVERY_STATUSES, ALERT_TARGETS } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { funds } from './funds.ts';

/**
 * A fund's Slack and Teams alerts: the webhook URLs (sealed with the app secret, bound to the
 * fund: a database dump alone does not reveal them) and the events sent. The FitScore a match needs
 * is the fund's one alert threshold (`funds.alert_threshold`), shared with in-app match alerts.
 */
export const fundIntegrations = pgTable(
  'fund_integrations',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => funds.id, { onDelete: 'cascade' }),
    slackWebhookUrl: text('slack_webhook_url'),
    teamsWebhookUrl: text('teams_webhook_url'),
    /** ALERT_EVENTS sent to the channels. */
    events: text('events').array().notNull().default(sql`'{match,warmintro,status}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** One message to one service: what was sent, each try's answer, and how it ended. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    target: text('target', { enum: ALERT_TARGETS }).notNull(),
    kind: text('kind', { enum: ALERT_DELIVERY_KINDS }).notNull(),
    title: text('title').notNull(),
    /** The JSON body posted (Block Kit or the Workflows message with its Adaptive Card). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ALERT_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    /** The start of the last answer, or why none came. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('alert_deliveries_fund_created_idx').on(t.fundId, t.createdAt),
    check('alert_deliveries_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);
