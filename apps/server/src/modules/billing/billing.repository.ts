import type { Database } from '@fitscore/db';
import { fundSubscriptions, funds, invoices, subscriptions } from '@fitscore/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FundSubscriptionRecord, InvoiceRecord, SubscriptionRecord } from './billing.provider.ts';

type SubscriptionChange = Pick<
  typeof subscriptions.$inferInsert,
  'plan' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'renewsAt' | 'canceledAt' | 'provider'
>;
type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'userId' | 'fundId' | 'number' | 'createdAt'>;
type FundPeriod = Pick<
  typeof fundSubscriptions.$inferInsert,
  'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'renewsAt' | 'canceledAt' | 'provider'
>;

/** A fund's plan and trial count (the fund's own columns) with its paid period. */
const fundSubscriptionColumns = {
  fundId: funds.id,
  plan: funds.plan,
  trialScoresUsed: funds.trialScoresUsed,
  status: sql<FundSubscriptionRecord['status']>`coalesce(${fundSubscriptions.status}, 'active')`,
  currentPeriodStart: fundSubscriptions.currentPeriodStart,
  currentPeriodEnd: fundSubscriptions.currentPeriodEnd,
  renewsAt: fundSubscriptions.renewsAt,
};

// Sequential across the product: FS-000001, FS-000002, ...
const nextInvoiceNumber = sql<string>`'FS-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`;

export function createBillingRepository(db: Database) {
  return {
    findSubscription: async (userId: string): Promise<SubscriptionRecord | undefined> => {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
      return row;
    },

    /**
     * Changes the plan and issues its invoice in one transaction, with the subscription row
     * locked; null (and nothing written) when the founder is no longer on `from`.
     */
    applyPlanChange: async (change: {
      userId: string;
      from: 'free' | 'premium';
      set: SubscriptionChange;
      invoice: NewInvoice | null;
    }): Promise<SubscriptionRecord | null> =>
      db.transaction(async (tx) => {
        // No row means free; create it so there is a row to lock.
        await tx.insert(subscriptions).values({ userId: change.userId }).onConflictDoNothing();
        const [current] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, change.userId))
          .for('update');
        if (!current || current.plan !== change.from) return null;
        const [row] = await tx
          .update(subscriptions)
          .set({ ...change.set, updatedAt: sql`now()` })
          .where(eq(subscriptions.userId, change.userId))
          .returning();
        if (change.invoice) {
          await tx.insert(invoices).values({ ...change.invoice, userId: change.userId, number: nextInvoiceNumber });
        }
        return row ?? null;
      }),

    /** Moves a paid period on by one and issues its invoice; null when that period was renewed already. */
    applyRenewal: async (renewal: {
      userId: string;
      periodEnd: Date;
      set: Pick<SubscriptionChange, 'currentPeriodStart' | 'currentPeriodEnd' | 'renewsAt'>;
      invoice: NewInvoice;
    }): Promise<SubscriptionRecord | null> =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, renewal.userId), eq(subscriptions.plan, 'premium')))
          .for('update');
        if (!current?.currentPeriodEnd || current.currentPeriodEnd.getTime() !== renewal.periodEnd.getTime()) {
          return null;
        }
        const [row] = await tx
          .update(subscriptions)
          .set({ ...renewal.set, updatedAt: sql`now()` })
          .where(eq(subscriptions.userId, renewal.userId))
          .returning();
        await tx.insert(invoices).values({ ...renewal.invoice, userId: renewal.userId, number: nextInvoiceNumber });
        return row ?? null;
      }),

    listInvoices: async (userId: string): Promise<InvoiceRecord[]> =>
      db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.createdAt), desc(invoices.number)),

    findFundSubscription: async (fundId: string): Promise<FundSubscriptionRecord | undefined> => {
      const [row] = await db
        .select(fundSubscriptionColumns)
        .from(funds)
        .leftJoin(fundSubscriptions, eq(fundSubscriptions.fundId, funds.id))
        .where(eq(funds.id, fundId));
      return row;
    },

    /**
     * Sets the fund's plan (what the deals obey), its paid period and the invoice in one
     * transaction, with the fund locked; null (nothing written) when it is no longer on `from`.
     */
    applyFundPlanChange: async (change: {
      fundId: string;
      from: 'trial' | 'pro';
      to: 'trial' | 'pro';
      set: FundPeriod;
      invoice: NewInvoice | null;
    }): Promise<FundSubscriptionRecord | null> =>
      db.transaction(async (tx) => {
        const [fund] = await tx.select({ plan: funds.plan }).from(funds).where(eq(funds.id, change.fundId)).for('update');
        if (!fund || fund.plan !== change.from) return null;
        await tx.update(funds).set({ plan: change.to, updatedAt: sql`now()` }).where(eq(funds.id, change.fundId));
        await tx
          .insert(fundSubscriptions)
          .values({ fundId: change.fundId, ...change.set })
          .onConflictDoUpdate({ target: fundSubscriptions.fundId, set: { ...change.set, updatedAt: sql`now()` } });
        if (change.invoice) {
          await tx.insert(invoices).values({ ...change.invoice, fundId: change.fundId, number: nextInvoiceNumber });
        }
        const [row] = await tx
          .select(fundSubscriptionColumns)
          .from(funds)
          .leftJoin(fundSubscriptions, eq(fundSubscriptions.fundId, funds.id))
          .where(eq(funds.id, change.fundId));
        return row ?? null;
      }),

    /** Moves a fund's Pro period on by one and issues its invoice; null when that period was renewed already. */
    applyFundRenewal: async (renewal: {
      fundId: string;
      periodEnd: Date;
      set: Pick<FundPeriod, 'currentPeriodStart' | 'currentPeriodEnd' | 'renewsAt'>;
      invoice: NewInvoice;
    }): Promise<FundSubscriptionRecord | null> =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select({ end: fundSubscriptions.currentPeriodEnd, plan: funds.plan })
          .from(fundSubscriptions)
          .innerJoin(funds, eq(funds.id, fundSubscriptions.fundId))
          .where(eq(fundSubscriptions.fundId, renewal.fundId))
          .for('update');
        if (current?.plan !== 'pro' || current.end?.getTime() !== renewal.periodEnd.getTime()) return null;
        await tx
          .update(fundSubscriptions)
          .set({ ...renewal.set, updatedAt: sql`now()` })
          .where(eq(fundSubscriptions.fundId, renewal.fundId));
        await tx.insert(invoices).values({ ...renewal.invoice, fundId: renewal.fundId, number: nextInvoiceNumber });
        const [row] = await tx
          .select(fundSubscriptionColumns)
          .from(funds)
          .leftJoin(fundSubscriptions, eq(fundSubscriptions.fundId, funds.id))
          .where(eq(funds.id, renewal.fundId));
        return row ?? null;
      }),

    listFundInvoices: async (fundId: string): Promise<InvoiceRecord[]> =>
      db
        .select()
        .from(invoices)
        .where(eq(invoices.fundId, fundId))
        .orderBy(desc(invoices.createdAt), desc(invoices.number)),

    /** One invoice of the fund, with the fund's name to bill it to; undefined for another fund's. */
    fundInvoice: async (fundId: string, invoiceId: string) => {
      const [row] = await db
        .select({ invoice: invoices, fundName: funds.fundName })
        .from(invoices)
        .innerJoin(funds, eq(funds.id, invoices.fundId))
        .where(and(eq(invoices.id, invoiceId), eq(invoices.fundId, fundId)));
      return row;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
