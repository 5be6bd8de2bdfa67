import type { FundPlanId, PlanId } from '@fitscore/contracts';
import type { BillingOwner, BillingRepository, PlanSetting } from './billing.repository.ts';
import type { StripeGateway, StripeSubscriptionState } from './stripe-gateway.ts';

export interface StripeWebhooksDeps {
  repo: Pick<BillingRepository, 'eventSeen' | 'applyEvent' | 'ownerOfCustomer'>;
  gateway: StripeGateway;
  log: { info(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  now?: () => Date;
}

/** Subscription statuses that keep a paid plan (past_due: Stripe is still retrying the card). */
const PAID = new Set(['active', 'trialing', 'past_due']);
/** Statuses that end it. `incomplete` changes nothing: the first payment has not gone through yet. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

type PlanChange = { owner: BillingOwner; plan: PlanId | FundPlanId; paid: boolean; set: PlanSetting };

/**
 * Stripe's webhooks: the only way a paid plan starts or ends. Each event is verified (signature
 * over the raw body, within the tolerance), applied once by its id, and read for its subscription
 * only: the plan is taken from the subscription as Stripe holds it now, so events arriving late or
 * out of order cannot bring an old state back.
 */
export function createStripeWebhooks({ repo, gateway, log, now = () => new Date() }: StripeWebhooksDeps) {
  /** The plan a subscription's current state gives its owner; null when it is not one of ours or changes nothing. */
  function changeFor(owner: BillingOwner, sub: StripeSubscriptionState): PlanChange | null {
    const price = owner.kind === 'founder' ? gateway.prices.premium : gateway.prices.pro;
    if (!sub.priceIds.includes(price)) {
      log.warn({ subscription: sub.id, prices: sub.priceIds }, 'stripe: subscription without the plan’s price ignored');
      return null;
    }
    const base = { provider: 'stripe' as const, providerRef: sub.id, currentPeriodStart: sub.currentPeriodStart };
    if (PAID.has(sub.status)) {
      return {
        owner,
        plan: owner.kind === 'founder' ? 'premium' : 'pro',
        paid: true,
        set: {
          ...base,
          status: sub.status === 'past_due' ? 'past_due' : 'active',
          currentPeriodEnd: sub.currentPeriodEnd,
          renewsAt: sub.cancelAtPeriodEnd ? null : sub.currentPeriodEnd,
          canceledAt: null,
        },
      };
    }
    if (ENDED.has(sub.status)) {
      return {
        owner,
        plan: owner.kind === 'founder' ? 'free' : 'trial',
        paid: false,
        set: { ...base, status: 'active', currentPeriodEnd: null, renewsAt: null, canceledAt: sub.canceledAt ?? now() },
      };
    }
    return null;
  }

  return {
    /** Verifies and applies one delivery; `duplicate` when this event id was applied before. */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      const event = await gateway.verify(rawBody, signature);
      if (await repo.eventSeen(event.id)) return { received: true, duplicate: true };
      let change: PlanChange | null = null;
      if (event.subscriptionId) {
        const sub = await gateway.subscription(event.subscriptionId);
        const owner = await repo.ownerOfCustomer(sub.customer);
        if (owner) change = changeFor(owner, sub);
        else log.warn({ event: event.id, customer: sub.customer }, 'stripe: event for a customer FitScore did not make ignored');
      }
      const applied = await repo.applyEvent(event, change);
      if (applied && change) log.info({ event: event.id, type: event.type, owner: change.owner, plan: change.plan }, 'stripe: plan updated from the subscription');
      return { received: true, duplicate: !applied };
    },
  };
}

export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>;
