import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A founder's plan. No row means the free plan. `provider` names the billing provider
 * that holds the customer ('local' records changes here; a payment provider may come later).
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
    provider: text('provider').notNull().default('local'),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subscriptions_plan_check', sql`${t.plan} in ('free', 'premium')`),
    check('subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'canceled')`),
  ],
);

/** Invoice numbers are sequential across the product (FS-000001, ...), as accounting expects. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose invoice: a founder's (user_id) or a fund's (fund_id), never both. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id').references(() => funds.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    plan: text('plan', { enum: ['free', 'premium', 'pro'] }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['paid', 'open', 'void'] }).notNull(),
    provider: text('provider').notNull().default('local'),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_user_created_idx').on(t.userId, t.createdAt),
    index('invoices_fund_created_idx').on(t.fundId, t.createdAt),
    check('invoices_amount_check', sql`${t.amountCents} >= 0`),
    check('invoices_owner_check', sql`num_nonnulls(${t.userId}, ${t.fundId}) = 1`),
  ],
);

/**
 * A fund's paid period on Pro (the plan itself is funds.plan, which the deals read): when it
 * started, ends and renews, and which billing provider holds it. No row: the fund never paid.
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
    provider: text('provider').notNull().default('local'),
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('fund_subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'canceled')`)],
);
