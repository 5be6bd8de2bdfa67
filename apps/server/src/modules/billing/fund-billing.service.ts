import { FUND_PLANS, TRIAL_SCORE_LIMIT, type FundPlanId, type FundSubscription, type FundRole } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { BillingProvider, FundSubscriptionRecord } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';
import { invoicePdf } from './invoice-pdf.ts';

export interface FundBillingServiceDeps {
  repo: Pick<BillingRepository, 'findFundSubscription' | 'fundInvoice'>;
  provider: BillingProvider;
  now?: () => Date;
}

export interface FundCaller {
  id: string | null;
  role: FundRole;
}

const MAX_RENEWALS_AT_ONCE = 36;
const NO_FUND = 'Please complete your fund profile first';

/**
 * A fund's plan: the trial (200 scores) or Pro ($299 a month, no limits). The plan is the
 * fund's own `plan`, which the deals module reads for the trial counter and its refusals;
 * changes go through the billing provider, as founders' do.
 */
export function createFundBillingService({ repo, provider, now = () => new Date() }: FundBillingServiceDeps) {
  /** A Pro period that has ended rolls over (and is invoiced) before it is shown. */
  async function current(fundId: string): Promise<FundSubscriptionRecord | undefined> {
    let row = await repo.findFundSubscription(fundId);
    for (let i = 0; i < MAX_RENEWALS_AT_ONCE; i++) {
      if (!row || row.plan !== 'pro' || !row.currentPeriodEnd || row.currentPeriodEnd.getTime() > now().getTime()) break;
      row = (await provider.renewFund({ fundId, periodEnd: row.currentPeriodEnd })) ?? (await repo.findFundSubscription(fundId));
    }
    return row;
  }

  async function view(fund: FundCaller, row: FundSubscriptionRecord | undefined): Promise<FundSubscription> {
    const plan = row?.plan ?? 'trial';
    const pro = plan === 'pro';
    const used = row?.trialScoresUsed ?? 0;
    const invoices = fund.id ? await provider.listFundInvoices(fund.id) : [];
    const features = pro
      ? FUND_PLANS.pro.features.map((label) => ({ label, included: true }))
      : [
          ...FUND_PLANS.trial.features.map((label) => ({ label, included: true })),
          ...FUND_PLANS.pro.features.filter((f) => !FUND_PLANS.trial.features.includes(f)).map((label) => ({ label, included: false })),
        ];
    return {
      plan,
      status: row?.status ?? 'active',
      nextBillingDate: pro ? (row?.renewsAt?.toISOString() ?? null) : null,
      currentPeriodStart: pro ? (row?.currentPeriodStart?.toISOString() ?? null) : null,
      priceCents: FUND_PLANS[plan].priceCents,
      currency: FUND_PLANS[plan].currency,
      trial: { used: Math.min(used, TRIAL_SCORE_LIMIT), remaining: Math.max(0, TRIAL_SCORE_LIMIT - used), limit: TRIAL_SCORE_LIMIT },
      features,
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
      })),
      canManage: fund.role === 'admin',
    };
  }

  return {
    async subscription(fund: FundCaller): Promise<FundSubscription> {
      return view(fund, fund.id ? await current(fund.id) : undefined);
    },

    /** Pro is invoiced for its first month at once; going back to the trial ends Pro now. */
    async changePlan(fund: FundCaller, to: FundPlanId): Promise<FundSubscription> {
      if (!fund.id) throw new AppError('conflict', NO_FUND);
      const row = await current(fund.id);
      const from = row?.plan ?? 'trial';
      if (from === to) throw new AppError('conflict', `Your fund is already on the ${FUND_PLANS[to].name} plan.`);
      const changed = await provider.changeFundPlan({ fundId: fund.id, from, to, at: now() });
      if (!changed) throw new AppError('conflict', 'Your plan was just changed. Refresh to see your current plan.');
      return view(fund, changed);
    },

    async invoicePdf(fundId: string | null, invoiceId: string) {
      const row = fundId ? await repo.fundInvoice(fundId, invoiceId) : undefined;
      if (!row) throw new AppError('not_found', 'Invoice not found');
      const bytes = await invoicePdf({ invoice: row.invoice, billTo: row.fundName || 'Your fund' });
      return { bytes, filename: `FitScore-invoice-${row.invoice.number}.pdf` };
    },
  };
}
export type FundBillingService = ReturnType<typeof createFundBillingService>;
