import type { Database } from '@fitscore/db';
import { billingEvents, fundSubscriptions, funds, subscriptions, users } from '@fitscore/db';
import type { FundPlanId, PlanId } from '@fitscore/contracts';
import { eq, lt, or, sql } from 'drizzle-orm';

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Query = Database | Tx;

/** Who set a plan and for which period: Stripe's subscription (with its dates) or an operator (no dates). */
export interface PlanSetting {
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  renewsAt: Date | null;
  canceledAt: Date | null;
  provider: 'operator' | 'stripe';
  /** The Stripe subscription; null for an operator's setting. */
  providerRef: string | null;
}

/** A fund's plan (the fund's own columns) with its paid period. */
export interface FundSubscriptionRecord {
  fundId: string;
  fundName: string;
  /** The fund's apply-form slug, which the operator's command takes as well as the id. */
  slug: string;
  plan: FundPlanId;
  trialScoresUsed: number;
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  renewsAt: Date | null;
  provider: 'operator' | 'stripe' | null;
  providerRef: string | null;
  providerCustomer: string | null;
}

/** Whose plan: a founder (a user) or a fund. */
export type BillingOwner = { kind: 'founder'; userId: string } | { kind: 'fund'; fundId: string };

const fundSubscriptionColumns = {
  fundId: funds.id,
  fundName: funds.fundName,
  slug: funds.slug,
  plan: funds.plan,
  trialScoresUsed: funds.trialScoresUsed,
  status: sql<FundSubscriptionRecord['status']>`coalesce(${fundSubscriptions.status}, 'active')`,
  currentPeriodStart: fundSubscriptions.currentPeriodStart,
  currentPeriodEnd: fundSubscriptions.currentPeriodEnd,
  renewsAt: fundSubscriptions.renewsAt,
  provider: fundSubscriptions.provider,
  providerRef: fundSubscriptions.providerRef,
  providerCustomer: fundSubscriptions.providerCustomer,
};

/** Processed Stripe event ids are kept this long: Stripe retries a delivery for up to three days. */
const EVENT_RETENTION_DAYS = 30;

async function findFund(q: Query, fundId: string): Promise<FundSubscriptionRecord | undefined> {
  const [row] = await q
    .select(fundSubscriptionColumns)
    .from(funds)
    .leftJoin(fundSubscriptions, eq(fundSubscriptions.fundId, funds.id))
    .where(eq(funds.id, fundId));
  return row;
}

async function writeFounderPlan(q: Query, userId: string, plan: PlanId, set: PlanSetting) {
  await q
    .insert(subscriptions)
    .values({ userId, plan, ...set })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { plan, ...set, updatedAt: sql`now()` } });
}

async function writeFundPlan(q: Query, fundId: string, plan: FundPlanId, set: PlanSetting) {
  await q.update(funds).set({ plan, updatedAt: sql`now()` }).where(eq(funds.id, fundId));
  await q
    .insert(fundSubscriptions)
    .values({ fundId, ...set })
    .onConflictDoUpdate({ target: fundSubscriptions.fundId, set: { ...set, updatedAt: sql`now()` } });
}

/**
 * Plans of founders (`subscriptions`) and funds (`funds.plan` with `fund_subscriptions`), their
 * Stripe customers, and the Stripe events already applied. Nothing here issues an invoice:
 * invoices are Stripe's (ADR 0048).
 */
export function createBillingRepository(db: Database) {
  return {
    findSubscription: async (userId: string): Promise<SubscriptionRecord | undefined> => {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      return row;
    },

    findFundSubscription: (fundId: string) => findFund(db, fundId),

    /** The Stripe customer kept for an owner; null when none was made yet. */
    async customerOf(owner: BillingOwner): Promise<string | null> {
      if (owner.kind === 'founder') {
        const [row] = await db.select({ c: subscriptions.providerCustomer }).from(subscriptions).where(eq(subscriptions.userId, owner.userId));
        return row?.c ?? null;
      }
      const [row] = await db.select({ c: fundSubscriptions.providerCustomer }).from(fundSubscriptions).where(eq(fundSubscriptions.fundId, owner.fundId));
      return row?.c ?? null;
    },

    /**
     * Keeps `customer` as the owner's Stripe customer unless one is kept already (a parallel
     * checkout won): answers the one kept, so every checkout of an owner uses one customer.
     */
    async keepCustomer(owner: BillingOwner, customer: string): Promise<string> {
      if (owner.kind === 'founder') {
        await db.insert(subscriptions).values({ userId: owner.userId }).onConflictDoNothing();
        await db
          .update(subscriptions)
          .set({ providerCustomer: customer })
          .where(sql`${subscriptions.userId} = ${owner.userId} and ${subscriptions.providerCustomer} is null`);
      } else {
        await db.insert(fundSubscriptions).values({ fundId: owner.fundId, providerCustomer: customer }).onConflictDoNothing();
        await db
          .update(fundSubscriptions)
          .set({ providerCustomer: customer })
          .where(sql`${fundSubscriptions.fundId} = ${owner.fundId} and ${fundSubscriptions.providerCustomer} is null`);
      }
      return (await this.customerOf(owner)) ?? customer;
    },

    /** Whose Stripe customer this is; undefined for a customer FitScore did not make. */
    async ownerOfCustomer(customer: string): Promise<BillingOwner | undefined> {
      const [founder] = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.providerCustomer, customer));
      if (founder) return { kind: 'founder', userId: founder.userId };
      const [fund] = await db.select({ fundId: fundSubscriptions.fundId }).from(fundSubscriptions).where(eq(fundSubscriptions.providerCustomer, customer));
      return fund ? { kind: 'fund', fundId: fund.fundId } : undefined;
    },

    eventSeen: async (eventId: string): Promise<boolean> =>
      (await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, eventId))).length > 0,

    /**
     * Records a Stripe event and, in the same transaction, applies `change` (a plan from the
     * subscription's current state), unless the event was recorded already (a redelivery racing
     * this one): false then, and nothing is written. A change that ends a paid plan applies only
     * while that subscription is still the one the owner's plan came from.
     */
    async applyEvent(
      event: { id: string; type: string },
      change:
        | { owner: BillingOwner; plan: PlanId | FundPlanId; paid: boolean; set: PlanSetting }
        | null,
    ): Promise<boolean> {
      const applied = await db.transaction(async (tx) => {
        const [fresh] = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: billingEvents.id });
        if (!fresh) return false;
        if (!change) return true;
        const { owner, plan, paid, set } = change;
        if (owner.kind === 'founder') {
          const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, owner.userId)).for('update');
          if (!paid && current?.providerRef !== set.providerRef) return true;
          await writeFounderPlan(tx, owner.userId, plan as PlanId, set);
        } else {
          await tx.select({ id: funds.id }).from(funds).where(eq(funds.id, owner.fundId)).for('update');
          const current = await findFund(tx, owner.fundId);
          if (!current) return true;
          if (!paid && current.providerRef !== set.providerRef) return true;
          await writeFundPlan(tx, owner.fundId, plan as FundPlanId, set);
        }
        return true;
      });
      if (applied) {
        await db.delete(billingEvents).where(lt(billingEvents.receivedAt, sql`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`));
      }
      return applied;
    },

    /** An operator's setting: the plan as given, with no payment, no period and no renewal. */
    setFounderPlan: (userId: string, plan: PlanId, set: PlanSetting) => writeFounderPlan(db, userId, plan, set),
    setFundPlan: (fundId: string, plan: FundPlanId, set: PlanSetting) => db.transaction((tx) => writeFundPlan(tx, fundId, plan, set)),

    /** For the operator's command: a founder by sign-in email. */
    async founderByEmail(email: string): Promise<{ id: string; type: string } | undefined> {
      const [row] = await db.select({ id: users.id, type: users.type }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return row;
    },

    /** For the operator's command: a fund by its apply-form slug or its id. */
    async fundBySlugOrId(ref: string): Promise<{ id: string; name: string } | undefined> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(ref);
      const [row] = await db
        .select({ id: funds.id, name: funds.fundName })
        .from(funds)
        .where(uuid ? or(eq(funds.id, ref), eq(funds.slug, ref)) : eq(funds.slug, ref));
      return row;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
