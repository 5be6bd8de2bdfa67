import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Founder plans (spec section 9): what each costs, allows and includes. */

export const PLAN_IDS = ['free', 'premium'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS, { error: 'Plan must be free or premium' });
export type PlanId = z.infer<typeof PlanIdSchema>;

export const FEATURE_LABELS = {
  monthly_scans: '5 scans per month',
  basic_analysis: 'Basic FitScore analysis',
  feedback_report: 'Feedback report',
  email_support: 'Email support',
  unlimited_scans: 'Unlimited scans',
  investor_matches: 'Investor matches',
  financial_dashboard: 'Financial dashboard',
  similar_companies: 'Similar companies',
  priority_support: 'Priority support',
} as const;
export type FeatureKey = keyof typeof FEATURE_LABELS;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  priceCents: number;
  currency: 'usd';
  /** Null: unlimited. */
  scansPerMonth: number | null;
  /** Deck versions kept; null: all. */
  versionsKept: number | null;
  features: readonly FeatureKey[];
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    currency: 'usd',
    scansPerMonth: 5,
    versionsKept: 3,
    features: ['monthly_scans', 'basic_analysis', 'feedback_report', 'email_support'],
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    priceCents: 2900,
    currency: 'usd',
    scansPerMonth: null,
    versionsKept: null,
    features: [
      'unlimited_scans',
      'basic_analysis',
      'feedback_report',
      'investor_matches',
      'financial_dashboard',
      'similar_companies',
      'priority_support',
    ],
  },
};

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;

/**
 * How this server takes payments: `stripe` (Stripe Checkout, the Billing Portal and Stripe's
 * invoices; plans change only on Stripe's verified webhooks) or `none`, the embedded default,
 * where no payment exists and an operator sets plans with `npm run plan:set`.
 */
export const PAYMENT_MODES = ['stripe', 'none'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Who set the current paid plan: a Stripe subscription, or an operator's `npm run plan:set`; null on the free plan/trial. */
export const PLAN_SOURCES = ['stripe', 'operator'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/** Stripe's invoice statuses, as Stripe names them; only `paid` means money was received. */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The operator's command for an account, shown on the upgrade screens when payments are off. */
export const planSetCommand = (target: { founder: string } | { fund: string }, plan: string) =>
  'founder' in target ? `npm run plan:set -- --founder ${target.founder} --plan ${plan}` : `npm run plan:set -- --fund ${target.fund} --plan ${plan}`;

export const PAYMENTS_OFF_MESSAGE = 'This FitScore server takes no payments. An operator sets plans with npm run plan:set.';

/** An invoice from Stripe (never one of ours): its hosted page and PDF are Stripe's. */
export const InvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    description: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    period_start: IsoDateTimeSchema,
    period_end: IsoDateTimeSchema,
    status: z.enum(INVOICE_STATUSES),
    created_at: IsoDateTimeSchema,
    hosted_url: z.string().nullable(),
    pdf_url: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The current plan's features (included), then what Premium would add (not included). */
export const PlanFeatureSchema = z.object({
  key: z.string(),
  label: z.string(),
  included: z.boolean(),
});

export const SubscriptionSchema = z
  .object({
    plan: PlanIdSchema,
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** When the paid period renews (from Stripe); null on the free plan or a plan an operator set. */
    renew_at: IsoDateTimeSchema.nullable(),
    current_period_start: IsoDateTimeSchema.nullable(),
    current_period_end: IsoDateTimeSchema.nullable(),
    seats: z.literal(1),
    price_cents: z.number().int(),
    currency: z.string(),
    usage: z.object({
      scans_this_month: z.number().int(),
      /** Null: unlimited. */
      scans_limit: z.number().int().nullable(),
      versions_kept: z.number().int(),
      versions_limit: z.number().int().nullable(),
      /** The calendar month (UTC) the scan count covers. */
      month_start: IsoDateTimeSchema,
    }),
    features: z.array(PlanFeatureSchema),
    invoices: z.array(InvoiceSchema),
    payments: z.enum(PAYMENT_MODES),
    plan_source: z.enum(PLAN_SOURCES).nullable(),
    /** Whether 'Manage Billing' (Stripe's Billing Portal) has a customer to open. */
    can_manage_billing: z.boolean(),
    /** With payments off: the command an operator runs to put this account on Premium (or back on Free). */
    operator_command: z.string(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** A Stripe-hosted page to send the browser to (Checkout or the Billing Portal). */
export const RedirectUrlSchema = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });
export type RedirectUrl = z.infer<typeof RedirectUrlSchema>;

export const billingEndpoints = {
  subscription: defineEndpoint({
    method: 'GET',
    path: '/founder/subscription/',
    access: 'founder',
    summary: 'The founder’s plan, usage this month, features and invoices (from Stripe)',
    tags: ['billing'],
    response: SubscriptionSchema,
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/founder/subscription/checkout/',
    access: 'founder',
    summary: 'A Stripe Checkout page for Premium; the plan changes when Stripe confirms the payment (409 when payments are off)',
    tags: ['billing'],
    response: RedirectUrlSchema,
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/founder/subscription/portal/',
    access: 'founder',
    summary: 'A Stripe Billing Portal page (card, cancellation, invoices) for the founder',
    tags: ['billing'],
    response: RedirectUrlSchema,
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/billing/stripe/webhook',
    access: 'public',
    summary: 'Stripe events (signed with Stripe-Signature over the raw body); the only way a paid plan starts or ends',
    tags: ['billing'],
    response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  }),
} as const;
