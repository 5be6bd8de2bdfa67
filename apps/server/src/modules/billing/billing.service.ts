import { FEATURE_LABELS, PLANS, type PlanId, type Subscription } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import { startOfUtcMonth } from './billing-periods.ts';
import type { BillingProvider, InvoiceRecord, SubscriptionRecord } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';

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
  /** Investor matches, the financial dashboard and similar companies. */
  premiumFeatures: boolean;
}

export interface BillingServiceDeps {
  repo: Pick<BillingRepository, 'findSubscription'>;
  provider: BillingProvider;
  usage: UsageSource;
  now?: () => Date;
}

const MAX_RENEWALS_AT_ONCE = 36;

/** A row that is not canceled gives its plan; anything else (or no row) is free. */
function effectivePlan(row: SubscriptionRecord | undefined): PlanId {
  return row && row.status !== 'canceled' ? row.plan : 'free';
}

export function toInvoiceDto(i: InvoiceRecord) {
  return {
    id: i.id,
    number: i.number,
    description: i.description,
    amount_cents: i.amountCents,
    currency: i.currency,
    period_start: i.periodStart.toISOString(),
    period_end: i.periodEnd.toISOString(),
    status: i.status,
    created_at: i.createdAt.toISOString(),
  };
}

/**
 * Founder plans: which plan a founder is on, what it allows, changing it, and the limits
 * that other modules enforce through `assertCanScore` and `assertPremium`.
 */
export function createBillingService({ repo, provider, usage, now = () => new Date() }: BillingServiceDeps) {
  function limits(plan: PlanId): PlanLimits {
    const def = PLANS[plan];
    return { scansPerMonth: def.scansPerMonth, versionsKept: def.versionsKept, premiumFeatures: plan === 'premium' };
  }

  async function getPlan(userId: string): Promise<PlanId> {
    return effectivePlan(await repo.findSubscription(userId));
  }

  /** A paid period that has ended rolls over (and is invoiced) before it is shown. */
  async function currentSubscription(userId: string): Promise<SubscriptionRecord | undefined> {
    let row = await repo.findSubscription(userId);
    for (let i = 0; i < MAX_RENEWALS_AT_ONCE; i++) {
      if (!row || effectivePlan(row) !== 'premium' || !row.currentPeriodEnd) break;
      if (row.currentPeriodEnd.getTime() > now().getTime()) break;
      const renewed = await provider.renew({ userId, plan: row.plan, periodEnd: row.currentPeriodEnd });
      row = renewed ?? (await repo.findSubscription(userId));
    }
    return row;
  }

  async function subscriptionView(userId: string, row: SubscriptionRecord | undefined): Promise<Subscription> {
    const plan = effectivePlan(row);
    const def = PLANS[plan];
    const [scans, versions, invoices] = await Promise.all([
      usage.scansThisMonth(userId),
      usage.versionsKept(userId),
      provider.listInvoices(userId),
    ]);
    const included = def.features.map((key) => ({ key, label: FEATURE_LABELS[key], included: true }));
    const upsell =
      plan === 'free'
        ? PLANS.premium.features
            .filter((key) => !def.features.includes(key))
            .map((key) => ({ key, label: FEATURE_LABELS[key], included: false }))
        : [];
    return {
      plan,
      status: row?.status ?? 'active',
      renew_at: plan === 'premium' ? (row?.renewsAt?.toISOString() ?? null) : null,
      current_period_start: row && plan === 'premium' ? row.currentPeriodStart.toISOString() : null,
      current_period_end: row && plan === 'premium' ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
      seats: 1,
      price_cents: def.priceCents,
      currency: def.currency,
      usage: {
        scans_this_month: scans,
        scans_limit: def.scansPerMonth,
        versions_kept: versions,
        versions_limit: def.versionsKept,
        month_start: startOfUtcMonth(now()).toISOString(),
      },
      features: [...included, ...upsell],
      invoices: invoices.map(toInvoiceDto),
    };
  }

  return {
    getPlan,
    limits,

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

    /** Throws plan_limit unless the founder is on Premium. */
    async assertPremium(userId: string, featureName: string): Promise<void> {
      if (!limits(await getPlan(userId)).premiumFeatures) {
        throw new AppError('plan_limit', `${featureName} is a Premium feature. Upgrade to unlock it.`);
      }
    },

    async getSubscription(userId: string): Promise<Subscription> {
      return subscriptionView(userId, await currentSubscription(userId));
    },

    /** Upgrades and downgrades both take effect at once; an upgrade is invoiced for its first month. */
    async changePlan(userId: string, to: PlanId): Promise<Subscription> {
      const from = effectivePlan(await currentSubscription(userId));
      if (from === to) throw new AppError('conflict', `You are already on the ${PLANS[to].name} plan.`);
      const changed = await provider.changePlan({ userId, from, to, at: now() });
      if (!changed) {
        // A parallel request changed the plan first: report where things stand.
        throw new AppError('conflict', 'Your plan was just changed. Refresh to see your current plan.');
      }
      return subscriptionView(userId, changed);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
