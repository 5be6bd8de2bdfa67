import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A founder's plan. No row means the free plan. `provider` says who set the plan: 'stripe'
 * (a subscription, `provider_ref`, kept in step by Stripe's webhooks) or 'operator'
 * (`npm run plan:set`; no payment). `provider_customer` is the Stripe customer, once made.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['free', 'premium'] }).notNull().default('free'),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull().default('active'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    /** Null on the free plan: nothing ends or renews. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    renewsAt: timestamp('renews_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    provider: text('provider', { enum: ['operator', 'stripe'] }).notNull().default('operator'),
    providerRef: text('provider_ref'),
    providerCustomer: text('provider_customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_customer_idx').on(t.providerCustomer),
    check('subscriptions_plan_check', sql`${t.plan} in ('free', 'premium')`),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'canceled')`),
  ],
);

/**
 * Stripe events already applied, by Stripe's event id: a redelivered or replayed event is
 * acknowledged and ignored. Rows older than the retention in billing.repository are pruned.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_events_received_idx').on(t.receivedAt)],
);

/**
 * A fund's Pro period (the plan itself is funds.plan, which the deals read): when it started,
 * ends and renews, and who set it ('stripe' or 'operator', as for founders). No row: never on Pro
 * and no Stripe customer yet.
 */
export const fundSubscriptions = pgTable(
  'fund_subscriptions',
  {
    fundId: uuid('fund_id')
      .primaryKey()
      .references(() => funds.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull().default('active'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    /** Null once back on the trial: nothing ends or renews. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    renewsAt: timestamp('renews_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    provider: text('provider', { enum: ['operator', 'stripe'] }).notNull().default('operator'),
    providerRef: text('provider_ref'),
    providerCustomer: text('provider_customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fund_subscriptions_provider_customer_idx').on(t.providerCustomer),
    check('fund_subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'canceled')`),
  ],
);
