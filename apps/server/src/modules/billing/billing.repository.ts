import type { Database } from '@fitscore/db';
import { invoices, subscriptions } from '@fitscore/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { InvoiceRecord, SubscriptionRecord } from './billing.provider.ts';

type SubscriptionChange = Pick<
  typeof subscriptions.$inferInsert,
  'plan' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'renewsAt' | 'canceledAt' | 'provider'
>;
type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'userId' | 'number' | 'createdAt'>;

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
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
