import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { TRIAL_SCORE_LIMIT } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';

/** A fund's plans (spec sections 6 and 9): a trial of 200 scores, or Pro at $299 a month. */
export const FUND_PLAN_IDS = ['trial', 'pro'] as const;
export const FundPlanIdSchema = z.enum(FUND_PLAN_IDS, { error: 'Plan must be trial or pro' });
export type FundPlanId = z.infer<typeof FundPlanIdSchema>;

export interface FundPlanDefinition {
  id: FundPlanId;
  name: string;
  priceCents: number;
  currency: 'usd';
  features: readonly string[];
}

export const FUND_PLANS: Record<FundPlanId, FundPlanDefinition> = {
  trial: {
    id: 'trial',
    name: 'Trial',
    priceCents: 0,
    currency: 'usd',
    features: [`${TRIAL_SCORE_LIMIT} deal scores`, 'Pipeline management', 'CSV exports while scores remain'],
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    priceCents: 29_900,
    currency: 'usd',
    features: ['Unlimited deal scoring', 'Team collaboration', 'Pipeline management', 'CSV exports', 'Slack/Teams integration'],
  },
};

/** An invoice of the fund, named like the rest of the fund's billing answer (camelCase). */
export const FundInvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    description: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    periodStart: IsoDateTimeSchema,
    periodEnd: IsoDateTimeSchema,
    status: z.enum(['paid', 'open', 'void']),
    createdAt: IsoDateTimeSchema,
  })
  .meta({ id: 'FundInvoice' });
export type FundInvoice = z.infer<typeof FundInvoiceSchema>;

export const FundSubscriptionSchema = z
  .object({
    plan: FundPlanIdSchema,
    status: z.enum(['active', 'past_due', 'canceled']),
    /** When Pro renews (the next invoice); null on the trial. */
    nextBillingDate: IsoDateTimeSchema.nullable(),
    currentPeriodStart: IsoDateTimeSchema.nullable(),
    priceCents: z.number().int(),
    currency: z.string(),
    trial: z.object({ used: z.number().int(), remaining: z.number().int(), limit: z.number().int() }),
    features: z.array(z.object({ label: z.string(), included: z.boolean() })),
    invoices: z.array(FundInvoiceSchema),
    /** Only the fund's admins change the plan. */
    canManage: z.boolean(),
  })
  .meta({ id: 'FundSubscription' });
export type FundSubscription = z.infer<typeof FundSubscriptionSchema>;

export const fundBillingEndpoints = {
  subscription: defineEndpoint({
    method: 'GET',
    path: '/api/vc/billing',
    access: 'fund:member',
    summary: "The fund's plan (trial or Pro), its status, next billing date, trial scores and invoices",
    tags: ['billing'],
    response: FundSubscriptionSchema,
  }),
  changePlan: defineEndpoint({
    method: 'POST',
    path: '/api/vc/billing/plan',
    access: 'fund:admin',
    summary: 'Upgrade the fund to Pro (invoiced at once) or go back to the trial; both take effect now',
    tags: ['billing'],
    body: z.object({ plan: FundPlanIdSchema }),
    response: FundSubscriptionSchema,
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/api/vc/billing/invoices/:id/pdf',
    access: 'fund:member',
    summary: "One of the fund's invoices as a PDF",
    tags: ['billing'],
    params: z.object({ id: z.uuid({ error: 'Invoice not found' }) }),
    binary: { contentType: 'application/pdf' },
    response: z.string(),
  }),
} as const;
