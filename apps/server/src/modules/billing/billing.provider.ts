import type { FundPlanId, PlanId } from '@fitscore/contracts';

/**
 * The billing provider: where a plan change is charged and where invoices come from.
 *
 * The billing service decides what is allowed (who may change to which plan, what each plan
 * permits) and calls the provider to carry a change out. `local-billing.provider.ts` is the
 * implementation used today: it records the change in our database and issues the invoice
 * itself (no money moves). A payment provider is plugged in by writing another implementation
 * of this interface and passing it to `createBillingService` in app.ts:
 *
 * - `changePlan` charges or credits at the provider (for instance updates the provider's
 *   subscription and pays its first invoice), then records the outcome locally through the
 *   billing repository, so the plan the server enforces is always the one that was paid for.
 * - `renew` is called when a paid period has ended: it starts the next period and issues
 *   its invoice (a provider that renews by itself would report its renewal here; one driven
 *   by webhooks would apply the same change from its webhook route).
 * - `listInvoices` returns the founder's invoices, newest first.
 * - A fund is a customer too (trial or Pro, spec section 9): `changeFundPlan`, `renewFund` and
 *   `listFundInvoices` do the same for it; its plan is the fund's `plan`, which the deals obey.
 *
 * Both writing methods resolve to null when the subscription changed underneath them (a
 * parallel request won); the service then re-reads and answers with the current state.
 */
export interface BillingProvider {
  /** Stored with subscriptions and invoices ('local', or the payment provider's name). */
  readonly name: string;
  changePlan(change: PlanChange): Promise<SubscriptionRecord | null>;
  renew(renewal: PlanRenewal): Promise<SubscriptionRecord | null>;
  listInvoices(userId: string): Promise<InvoiceRecord[]>;
  changeFundPlan(change: FundPlanChange): Promise<FundSubscriptionRecord | null>;
  renewFund(renewal: FundPlanRenewal): Promise<FundSubscriptionRecord | null>;
  listFundInvoices(fundId: string): Promise<InvoiceRecord[]>;
}

export interface FundPlanChange {
  fundId: string;
  /** The plan the fund is on now; the change applies only if it still is. */
  from: FundPlanId;
  to: FundPlanId;
  at: Date;
}

export interface FundPlanRenewal {
  fundId: string;
  /** The end of the Pro period being renewed: the next period starts here. */
  periodEnd: Date;
}

/** A fund's plan (from the fund) with its paid period (null fields: never paid, or back on the trial). */
export interface FundSubscriptionRecord {
  fundId: string;
  plan: FundPlanId;
  trialScoresUsed: number;
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  renewsAt: Date | null;
}

export interface PlanChange {
  userId: string;
  /** The plan the founder is on now; the change applies only if it still is. */
  from: PlanId;
  to: PlanId;
  /** When the change takes effect (now: upgrades and downgrades both apply at once). */
  at: Date;
}

export interface PlanRenewal {
  userId: string;
  plan: PlanId;
  /** The end of the period being renewed: the next period starts here. */
  periodEnd: Date;
}

export interface SubscriptionRecord {
  userId: string;
  plan: PlanId;
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  renewsAt: Date | null;
  canceledAt: Date | null;
  provider: string;
}

export interface InvoiceRecord {
  id: string;
  number: string;
  plan: PlanId | 'pro';
  description: string;
  amountCents: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  status: 'paid' | 'open' | 'void';
  createdAt: Date;
}
