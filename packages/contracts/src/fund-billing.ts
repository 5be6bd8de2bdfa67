import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { INVOICE_STATUSES, PAYMENT_MODES, PLAN_SOURCES, RedirectUrlSchema } from './billing.ts';
import { TRIAL_SCORE_LIMIT } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';
import { TEAM_SEATS } from './team.ts';

/**
 * A fund's plans (spec sections 6 and 9): a trial of 200 scores, Pro at $299 a month, or Enterprise
 * (custom pricing, agreed with sales and set by an operator: never bought in the app).
 */
export const FUND_PLAN_IDS = ['trial', 'pro', 'enterprise'] as const;
export const FundPlanIdSchema = z.enum(FUND_PLAN_IDS, { error: 'Plan must be trial, pro or enterprise' });
export type FundPlanId = z.infer<typeof FundPlanIdSchema>;

export interface FundPlanDefinition {
  id: FundPlanId;
  name: string;
  priceCents: number;
  currency: 'usd';
}

export const FUND_PLANS: Record<FundPlanId, FundPlanDefinition> = {
  trial: { id: 'trial', name: 'Trial', priceCents: 0, currency: 'usd' },
  pro: { id: 'pro', name: 'Pro', priceCents: 29_900, currency: 'usd' },
  enterprise: { id: 'enterprise', name: 'Enterprise', priceCents: 0, currency: 'usd' },
};

/** Pro and Enterprise: the paid plans, without the trial's limits. */
export const isPaidFundPlan = (plan: FundPlanId) => plan !== 'trial';

/** What a fund's plan decides, feature by feature; the server enforces these and the billing page shows them. */
export const FUND_FEATURES = ['scoring', 'team', 'pipeline', 'csv_export', 'alerts', 'api_access', 'webhooks_out', 'white_label', 'sso', 'audit_log', 'fund_data'] as const;
export type FundFeature = (typeof FUND_FEATURES)[number];

/** A fund's plan as the rules read it: the plan and the trial scores used so far. */
export interface FundPlanState {
  plan: FundPlanId;
  trialScoresUsed: number;
}

const trialLeft = (s: FundPlanState) => s.trialScoresUsed < TRIAL_SCORE_LIMIT;

/**
 * The one map of plan → features: each feature's label on each plan and whether the plan allows
 * it now. Scoring, CSV export and Slack/Teams alerts run on the trial while it has scores left;
 * a team has seats on both plans (TEAM_SEATS); the pipeline is always there (spec section 9,
 * ADR 0025). The deals, team and integrations modules refuse exactly what `allowed` says no to.
 */
export const FUND_PLAN_FEATURES: Record<FundFeature, { label: Record<FundPlanId, string>; allowed: (s: FundPlanState) => boolean }> = {
  scoring: {
    label: { trial: `${TRIAL_SCORE_LIMIT} deal scores`, pro: 'Unlimited deal scoring', enterprise: 'Unlimited deal scoring' },
    allowed: (s) => isPaidFundPlan(s.plan) || trialLeft(s),
  },
  team: {
    label: {
      trial: `Team collaboration (${TEAM_SEATS.trial} seats)`,
      pro: `Team collaboration (${TEAM_SEATS.pro} seats)`,
      enterprise: `Team collaboration (${TEAM_SEATS.enterprise} seats)`,
    },
    allowed: () => true,
  },
  pipeline: { label: { trial: 'Pipeline management', pro: 'Pipeline management', enterprise: 'Pipeline management' }, allowed: () => true },
  csv_export: {
    label: { trial: 'CSV exports while trial scores remain', pro: 'CSV exports', enterprise: 'CSV exports' },
    allowed: (s) => isPaidFundPlan(s.plan) || trialLeft(s),
  },
  alerts: {
    label: { trial: 'Slack/Teams alerts while trial scores remain', pro: 'Slack/Teams integration', enterprise: 'Slack/Teams integration' },
    allowed: (s) => isPaidFundPlan(s.plan) || trialLeft(s),
  },
  api_access: {
    label: { trial: 'API access (Enterprise)', pro: 'API access (Enterprise)', enterprise: 'API access with API keys' },
    allowed: (s) => s.plan === 'enterprise',
  },
  webhooks_out: {
    label: { trial: 'Outgoing webhooks (Enterprise)', pro: 'Outgoing webhooks (Enterprise)', enterprise: 'Outgoing webhooks' },
    allowed: (s) => s.plan === 'enterprise',
  },
  white_label: {
    label: { trial: 'White-label intake (Enterprise)', pro: 'White-label intake (Enterprise)', enterprise: 'White-label apply page and founder emails' },
    allowed: (s) => s.plan === 'enterprise',
  },
  sso: {
    label: {
      trial: 'Single sign-on and SCIM (Enterprise)',
      pro: 'Single sign-on and SCIM (Enterprise)',
      enterprise: 'Single sign-on (OIDC) and SCIM provisioning',
    },
    allowed: (s) => s.plan === 'enterprise',
  },
  audit_log: {
    label: { trial: 'Audit log (Enterprise)', pro: 'Audit log (Enterprise)', enterprise: 'Audit log of sign-ins, access and settings, kept 400 days' },
    allowed: (s) => s.plan === 'enterprise',
  },
  fund_data: {
    label: {
      trial: 'Full data export and fund deletion (Enterprise)',
      pro: 'Full data export and fund deletion (Enterprise)',
      enterprise: 'Full data export (JSON Lines and deck files) and fund deletion',
    },
    allowed: (s) => s.plan === 'enterprise',
  },
};

export const fundPlanAllows = (feature: FundFeature, state: FundPlanState) => FUND_PLAN_FEATURES[feature].allowed(state);

/** An invoice of the fund from Stripe, named like the rest of the fund's billing answer (camelCase). */
export const FundInvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    description: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    periodStart: IsoDateTimeSchema,
    periodEnd: IsoDateTimeSchema,
    status: z.enum(INVOICE_STATUSES),
    createdAt: IsoDateTimeSchema,
    hostedUrl: z.string().nullable(),
    pdfUrl: z.string().nullable(),
  })
  .meta({ id: 'FundInvoice' });
export type FundInvoice = z.infer<typeof FundInvoiceSchema>;

export const FundSubscriptionSchema = z
  .object({
    plan: FundPlanIdSchema,
    status: z.enum(['active', 'past_due', 'canceled']),
    /** When Pro renews (from Stripe); null on the trial or on a Pro an operator set. */
    nextBillingDate: IsoDateTimeSchema.nullable(),
    currentPeriodStart: IsoDateTimeSchema.nullable(),
    priceCents: z.number().int(),
    currency: z.string(),
    trial: z.object({ used: z.number().int(), remaining: z.number().int(), limit: z.number().int() }),
    /** Every feature with this plan's label; `included` is what the server allows the fund now. */
    features: z.array(z.object({ key: z.enum(FUND_FEATURES), label: z.string(), included: z.boolean() })),
    invoices: z.array(FundInvoiceSchema),
    /** Only the fund's admins start a checkout or open the Billing Portal. */
    canManage: z.boolean(),
    payments: z.enum(PAYMENT_MODES),
    planSource: z.enum(PLAN_SOURCES).nullable(),
    /** Whether 'Manage Billing' (Stripe's Billing Portal) has a customer to open. */
    canManageBilling: z.boolean(),
    /** With payments off: the command an operator runs to put this fund on Pro (or back on the trial). */
    operatorCommand: z.string(),
  })
  .meta({ id: 'FundSubscription' });
export type FundSubscription = z.infer<typeof FundSubscriptionSchema>;

export const fundBillingEndpoints = {
  subscription: defineEndpoint({
    method: 'GET',
    path: '/api/vc/billing',
    access: 'fund:member',
    summary: "The fund's plan (trial or Pro), its status, next billing date, trial scores and invoices (from Stripe)",
    tags: ['billing'],
    response: FundSubscriptionSchema,
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/vc/billing/checkout',
    access: 'fund:admin',
    summary: 'A Stripe Checkout page for Pro; the plan changes when Stripe confirms the payment (409 when payments are off)',
    tags: ['billing'],
    response: RedirectUrlSchema,
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/api/vc/billing/portal',
    access: 'fund:admin',
    summary: "A Stripe Billing Portal page (card, cancellation, invoices) for the fund",
    tags: ['billing'],
    response: RedirectUrlSchema,
  }),
} as const;
