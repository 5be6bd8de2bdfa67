import {
  FUND_FEATURES,
  FUND_PLAN_FEATURES,
  FUND_PLANS,
  isPaidFundPlan,
  TRIAL_SCORE_LIMIT,
  planSetCommand,
  type FundRole,
  type FundSubscription,
} from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { Payer, Payments } from './payments.ts';

export interface FundBillingServiceDeps {
  repo: Pick<BillingRepository, 'findFundSubscription'>;
  payments: Payments;
}

export interface FundCaller {
  id: string | null;
  role: FundRole;
}

const NO_FUND = 'Please complete your fund profile first';
const BILLING_PATH = '/vc/billing';

/**
 * A fund's plan: the trial (200 scores) or Pro ($299 a month). The plan is the fund's own `plan`,
 * which the deals, team and integrations modules obey; the features listed are FUND_PLAN_FEATURES,
 * the same map those modules' refusals follow. Pro is bought with Stripe Checkout and starts on
 * Stripe's webhook, or is set by an operator's `npm run plan:set` when payments are off.
 */
export function createFundBillingService({ repo, payments }: FundBillingServiceDeps) {
  const command = (slug: string | undefined, plan: 'pro' | 'trial') => planSetCommand({ fund: slug ?? '<fund>' }, plan);

  return {
    async subscription(fund: FundCaller): Promise<FundSubscription> {
      const row = fund.id ? await repo.findFundSubscription(fund.id) : undefined;
      const owner = fund.id ? ({ kind: 'fund', fundId: fund.id } as const) : null;
      const [invoices, canManageBilling] = owner ? await Promise.all([payments.invoices(owner), payments.hasCustomer(owner)]) : [[], false];
      const state = { plan: row?.plan ?? 'trial', trialScoresUsed: row?.trialScoresUsed ?? 0 } as const;
      const pro = isPaidFundPlan(state.plan);
      const paid = pro && row?.provider === 'stripe';
      return {
        plan: state.plan,
        status: row?.status ?? 'active',
        nextBillingDate: paid ? (row?.renewsAt?.toISOString() ?? null) : null,
        currentPeriodStart: paid ? (row?.currentPeriodStart?.toISOString() ?? null) : null,
        priceCents: pro && !paid ? 0 : FUND_PLANS[state.plan].priceCents,
        currency: FUND_PLANS[state.plan].currency,
        trial: {
          used: Math.min(state.trialScoresUsed, TRIAL_SCORE_LIMIT),
          remaining: Math.max(0, TRIAL_SCORE_LIMIT - state.trialScoresUsed),
          limit: TRIAL_SCORE_LIMIT,
        },
        features: FUND_FEATURES.map((key) => ({
          key,
          label: FUND_PLAN_FEATURES[key].label[state.plan],
          included: FUND_PLAN_FEATURES[key].allowed(state),
        })),
        invoices: invoices.map((i) => ({
          id: i.id,
          number: i.number,
          description: i.description,
          amountCents: i.amountCents,
          currency: i.currency,
          periodStart: i.periodStart.toISOString(),
          periodEnd: i.periodEnd.toISOString(),
          status: i.status,
          createdAt: i.createdAt.toISOString(),
          hostedUrl: i.hostedUrl,
          pdfUrl: i.pdfUrl,
        })),
        canManage: fund.role === 'admin',
        payments: payments.mode,
        planSource: pro ? (row?.provider ?? null) : null,
        canManageBilling,
        operatorCommand: command(row?.slug, pro ? 'trial' : 'pro'),
      };
    },

    /** A Stripe Checkout page for Pro (409 on Pro already, before the fund exists, or when payments are off). */
    async checkout(fund: FundCaller, admin: Payer) {
      if (!fund.id) throw new AppError('conflict', NO_FUND);
      const row = await repo.findFundSubscription(fund.id);
      if (row && isPaidFundPlan(row.plan)) throw new AppError('conflict', `Your fund is already on the ${FUND_PLANS[row.plan].name} plan.`);
      return payments.checkout({
        owner: { kind: 'fund', fundId: fund.id },
        payer: { email: admin.email, name: row?.fundName || admin.name },
        price: (g) => g.prices.pro,
        returnPath: BILLING_PATH,
        operatorCommand: command(row?.slug, 'pro'),
      });
    },

    async portal(fund: FundCaller) {
      if (!fund.id) throw new AppError('conflict', NO_FUND);
      const row = await repo.findFundSubscription(fund.id);
      return payments.portal({ owner: { kind: 'fund', fundId: fund.id }, returnPath: BILLING_PATH, operatorCommand: command(row?.slug, 'trial') });
    },
  };
}

export type FundBillingService = ReturnType<typeof createFundBillingService>;
