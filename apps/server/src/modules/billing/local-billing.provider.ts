import { FUND_PLANS, PLANS } from '@fitscore/contracts';
import { addUtcMonths } from './billing-periods.ts';
import type { BillingProvider } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';

/**
 * The built-in provider: records every change and issues invoices in our own database, paid
 * at once. No card is charged; swap it for a payment provider's implementation to take money.
 */
export function createLocalBillingProvider(repo: BillingRepository): BillingProvider {
  const name = 'local';

  const invoiceFor = (plan: 'premium', periodStart: Date, periodEnd: Date) => ({
    plan,
    description: `FitScore ${PLANS[plan].name}, monthly`,
    amountCents: PLANS[plan].priceCents,
    currency: PLANS[plan].currency,
    periodStart,
    periodEnd,
    status: 'paid' as const,
    provider: name,
  });

  const fundInvoiceFor = (periodStart: Date, periodEnd: Date) => ({
    plan: 'pro' as const,
    description: `FitScore ${FUND_PLANS.pro.name}, monthly`,
    amountCents: FUND_PLANS.pro.priceCents,
    currency: FUND_PLANS.pro.currency,
    periodStart,
    periodEnd,
    status: 'paid' as const,
    provider: name,
  });

  return {
    name,

    async changePlan({ userId, from, to, at }) {
      if (to === 'premium') {
        const periodEnd = addUtcMonths(at, 1);
        return repo.applyPlanChange({
          userId,
          from,
          set: {
            plan: 'premium',
            status: 'active',
            currentPeriodStart: at,
            currentPeriodEnd: periodEnd,
            renewsAt: periodEnd,
            canceledAt: null,
            provider: name,
          },
          invoice: invoiceFor('premium', at, periodEnd),
        });
      }
      // Back to free, effective now: nothing renews and nothing is billed.
      return repo.applyPlanChange({
        userId,
        from,
        set: {
          plan: 'free',
          status: 'active',
          currentPeriodStart: at,
          currentPeriodEnd: null,
          renewsAt: null,
          canceledAt: from === 'free' ? null : at,
          provider: name,
        },
        invoice: null,
      });
    },

    async renew({ userId, plan, periodEnd }) {
      if (plan !== 'premium') return null;
      const nextEnd = addUtcMonths(periodEnd, 1);
      return repo.applyRenewal({
        userId,
        periodEnd,
        set: { currentPeriodStart: periodEnd, currentPeriodEnd: nextEnd, renewsAt: nextEnd },
        invoice: invoiceFor('premium', periodEnd, nextEnd),
      });
    },

    listInvoices: (userId) => repo.listInvoices(userId),

    async changeFundPlan({ fundId, from, to, at }) {
      if (to === 'pro') {
        const periodEnd = addUtcMonths(at, 1);
        return repo.applyFundPlanChange({
          fundId,
          from,
          to,
          set: { status: 'active', currentPeriodStart: at, currentPeriodEnd: periodEnd, renewsAt: periodEnd, canceledAt: null, provider: name },
          invoice: fundInvoiceFor(at, periodEnd),
        });
      }
      // Back to the trial, effective now: nothing renews and nothing is billed.
      return repo.applyFundPlanChange({
        fundId,
        from,
        to,
        set: { status: 'active', currentPeriodStart: at, currentPeriodEnd: null, renewsAt: null, canceledAt: at, provider: name },
        invoice: null,
      });
    },

    async renewFund({ fundId, periodEnd }) {
      const nextEnd = addUtcMonths(periodEnd, 1);
      return repo.applyFundRenewal({
        fundId,
        periodEnd,
        set: { currentPeriodStart: periodEnd, currentPeriodEnd: nextEnd, renewsAt: nextEnd },
        invoice: fundInvoiceFor(periodEnd, nextEnd),
      });
    },

    listFundInvoices: (fundId) => repo.listFundInvoices(fundId),
  };
}
