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

export const InvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    description: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    period_start: IsoDateTimeSchema,
    period_end: IsoDateTimeSchema,
    status: z.enum(['paid', 'open', 'void']),
    created_at: IsoDateTimeSchema,
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
    /** When the paid period renews; null on the free plan. */
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
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ChangePlanBodySchema = z.object({ plan: PlanIdSchema });
export type ChangePlanBody = z.input<typeof ChangePlanBodySchema>;

export const billingEndpoints = {
  subscription: defineEndpoint({
    method: 'GET',
    path: '/founder/subscription/',
    access: 'founder',
    summary: 'The founder’s plan, usage this month, features and invoices',
    tags: ['billing'],
    response: SubscriptionSchema,
  }),
  changePlan: defineEndpoint({
    method: 'POST',
    path: '/founder/subscription/',
    access: 'founder',
    summary: 'Switch plan now (upgrade issues an invoice; downgrade to free takes effect at once)',
    tags: ['billing'],
    body: ChangePlanBodySchema,
    response: SubscriptionSchema,
  }),
} as const;
