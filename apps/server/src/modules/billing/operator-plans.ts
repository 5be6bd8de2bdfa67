import { FUND_PLAN_IDS, FUND_PLANS, PLAN_IDS, type FundPlanId, type PlanId } from '@fitscore/contracts';
import type { BillingRepository } from './billing.repository.ts';

export type OperatorTarget = { founder: string } | { fund: string };

export type OperatorResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * An operator puts a founder (by email) or a fund (by apply-form slug or id) on a plan, with no
 * payment: the way plans change when the server takes no payments. A plan Stripe holds (a live
 * subscription) is not overridden; cancel it in Stripe, whose webhook then ends it.
 */
export async function setPlanByOperator(repo: BillingRepository, target: OperatorTarget, plan: string, now = new Date()): Promise<OperatorResult> {
  const set = (p: PlanId | FundPlanId) => ({
    status: 'active' as const,
    currentPeriodStart: now,
    currentPeriodEnd: null,
    renewsAt: null,
    canceledAt: p === 'free' || p === 'trial' ? now : null,
    provider: 'operator' as const,
    providerRef: null,
  });
  const stripeHeld = 'This plan is paid through Stripe: cancel or change the subscription in Stripe (its webhook updates FitScore).';

  if ('founder' in target) {
    if (!(PLAN_IDS as readonly string[]).includes(plan)) return { ok: false, message: `A founder's plan is one of: ${PLAN_IDS.join(', ')}.` };
    const user = await repo.founderByEmail(target.founder);
    if (!user) return { ok: false, message: `No account signs in with ${target.founder}.` };
    if (user.type !== 'founder') return { ok: false, message: `${target.founder} is an investor account: set its fund's plan with --fund.` };
    const current = await repo.findSubscription(user.id);
    if (current?.provider === 'stripe' && current.plan === 'premium' && current.status !== 'canceled') return { ok: false, message: stripeHeld };
    await repo.setFounderPlan(user.id, plan as PlanId, set(plan as PlanId));
    return { ok: true, message: `${target.founder} is on the ${plan === 'premium' ? 'Premium' : 'Free'} plan now (set by an operator, no payment).` };
  }

  if (!(FUND_PLAN_IDS as readonly string[]).includes(plan)) return { ok: false, message: `A fund's plan is one of: ${FUND_PLAN_IDS.join(', ')}.` };
  const fund = await repo.fundBySlugOrId(target.fund);
  if (!fund) return { ok: false, message: `No fund has the slug or id ${target.fund}.` };
  const current = await repo.findFundSubscription(fund.id);
  if (current?.provider === 'stripe' && current.plan === 'pro') return { ok: false, message: stripeHeld };
  await repo.setFundPlan(fund.id, plan as FundPlanId, set(plan as FundPlanId));
  return { ok: true, message: `${fund.name || target.fund} is on the ${FUND_PLANS[plan as FundPlanId].name} plan now (set by an operator, no payment).` };
}
