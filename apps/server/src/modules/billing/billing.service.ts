import { FEATURE_LABELS, PLANS, planSetCommand, type FeatureKey, type PlanId, type Subscription } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingRepository, SubscriptionRecord } from './billing.repository.ts';
import type { Payments } from './payments.ts';

/** Where plan usage is counted; the scoring and deck modules own the numbers. */
export interface UsageSource {
  /** Scans started this calendar month (UTC), failed ones not counted. */
  scansThisMonth(userId: string): Promise<number>;
  /** Deck versions stored for the founder. */
  versionsKept(userId: string): Promise<number>;
}

export interface PlanLimits {
  /** Null: unlimited. */
  scansPerMonth: number | null;
  /** Null: every version is kept. */
  versionsKept: number | null;
}

export interface BillingServiceDeps {
  repo: Pick<BillingRepository, 'findSubscription'>;
  payments: Payments;
  usage: UsageSource;
  now?: () => Date;
}

/** The founder as billing needs them: who they are, for the Stripe customer and the operator's command. */
export interface FounderCaller {
  id: string;
  email: string;
  name: string;
}

const SUBSCRIPTION_PATH = '/founder/settings?tab=subscription';

/** A row that is not canceled gives its plan; anything else (or no row) is free. */
function effectivePlan(row: SubscriptionRecord | undefined): PlanId {
  return row && row.status !== 'canceled' ? row.plan : 'free';
}

/** 00:00 UTC on the first day of the month `at` falls in: scans are counted from here. */
export function startOfUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/**
 * Founder plans: which plan a founder is on, what it allows (PLANS, the map the subscription
 * tab shows too), Stripe Checkout and the Billing Portal, and the limits other modules enforce
 * through `assertCanScore`, `assertFeature` and `hasFeature`. The plan itself changes only by
 * a verified Stripe webhook or an operator's `npm run plan:set`.
 */
export function createBillingService({ repo, payments, usage, now = () => new Date() }: BillingServiceDeps) {
  function limits(plan: PlanId): PlanLimits {
    const def = PLANS[plan];
    return { scansPerMonth: def.scansPerMonth, versionsKept: def.versionsKept };
  }

  async function getPlan(userId: string): Promise<PlanId> {
    return effectivePlan(await repo.findSubscription(userId));
  }

  async function hasFeature(userId: string, feature: FeatureKey): Promise<boolean> {
    return PLANS[await getPlan(userId)].features.includes(feature);
  }

  return {
    getPlan,
    limits,
    hasFeature,

    /** Throws plan_limit when a free founder has used this month's scans. Call before starting a scan. */
    async assertCanScore(userId: string): Promise<void> {
      const { scansPerMonth } = limits(await getPlan(userId));
      if (scansPerMonth === null) return;
      if ((await usage.scansThisMonth(userId)) >= scansPerMonth) {
        throw new AppError(
          'plan_limit',
          `Your free plan includes ${scansPerMonth} scans per month. Upgrade to Premium for unlimited scans.`,
        );
      }
    },

    /** Throws plan_limit unless the founder's plan includes `feature` (named `featureName` in the message). */
    async assertFeature(userId: string, feature: FeatureKey, featureName: string): Promise<void> {
      if (!(await hasFeature(userId, feature))) {
        throw new AppError('plan_limit', `${featureName} is a Premium feature. Upgrade to unlock it.`);
      }
    },

    async getSubscription(founder: FounderCaller): Promise<Subscription> {
      const row = await repo.findSubscription(founder.id);
      const plan = effectivePlan(row);
      const def = PLANS[plan];
      const owner = { kind: 'founder', userId: founder.id } as const;
      const [scans, versions, invoices, canManageBilling] = await Promise.all([
        usage.scansThisMonth(founder.id),
        usage.versionsKept(founder.id),
        payments.invoices(owner),
        payments.hasCustomer(owner),
      ]);
      const included = def.features.map((key) => ({ key, label: FEATURE_LABELS[key], included: true }));
      const upsell =
        plan === 'free'
          ? PLANS.premium.features.filter((key) => !def.features.includes(key)).map((key) => ({ key, label: FEATURE_LABELS[key], included: false }))
          : [];
      const paid = plan === 'premium' && row?.provider === 'stripe';
      return {
        plan,
        status: row?.status ?? 'active',
        renew_at: paid ? (row?.renewsAt?.toISOString() ?? null) : null,
        current_period_start: paid ? row!.currentPeriodStart.toISOString() : null,
        current_period_end: paid ? (row?.currentPeriodEnd?.toISOString() ?? null) : null,
        seats: 1,
        price_cents: plan === 'premium' && row?.provider === 'operator' ? 0 : def.priceCents,
        currency: def.currency,
        usage: {
          scans_this_month: scans,
          scans_limit: def.scansPerMonth,
          versions_kept: versions,
          versions_limit: def.versionsKept,
          month_start: startOfUtcMonth(now()).toISOString(),
        },
        features: [...included, ...upsell],
        invoices: invoices.map((i) => ({
          id: i.id,
          number: i.number,
          description: i.description,
          amount_cents: i.amountCents,
          currency: i.currency,
          period_start: i.periodStart.toISOString(),
          period_end: i.periodEnd.toISOString(),
          status: i.status,
          created_at: i.createdAt.toISOString(),
          hosted_url: i.hostedUrl,
          pdf_url: i.pdfUrl,
        })),
        payments: payments.mode,
        plan_source: plan === 'premium' ? (row?.provider ?? null) : null,
        can_manage_billing: canManageBilling,
        operator_command: planSetCommand({ founder: founder.email }, plan === 'premium' ? 'free' : 'premium'),
      };
    },

    /** A Stripe Checkout page for Premium (409 when already on it, or when payments are off). */
    async checkout(founder: FounderCaller) {
      if ((await getPlan(founder.id)) === 'premium') throw new AppError('conflict', 'You are already on the Premium plan.');
      return payments.checkout({
        owner: { kind: 'founder', userId: founder.id },
        payer: { email: founder.email, name: founder.name },
        price: (g) => g.prices.premium,
        returnPath: SUBSCRIPTION_PATH,
        operatorCommand: planSetCommand({ founder: founder.email }, 'premium'),
      });
    },

    portal(founder: FounderCaller) {
      return payments.portal({
        owner: { kind: 'founder', userId: founder.id },
        returnPath: SUBSCRIPTION_PATH,
        operatorCommand: planSetCommand({ founder: founder.email }, 'free'),
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
