import type { FundPlanId } from '@fitscore/contracts';
import { deals, funds, repository, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '@fitscore/db';
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';

export type EndpointRecord = typeof webhookEndpoints.$inferSelect;
export type EndpointRow = EndpointRecord & { createdByName: string | null };
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** What one try came to, as stored. */
export interface AttemptRecord {
  durationMs: number;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  manual: boolean;
}

/** The delivery after a try: still pending (with when next), sent or failed. */
export interface DeliveryUpdate {
  status: 'pending' | 'sent' | 'failed';
  nextAttemptAt: Date | null;
}

/** The webhooks-out module's tables: endpoints, deliveries and their attempts (written here only). */
export const createWebhooksOutRepository = repository((db) => ({
  async fundPlan(fundId: string): Promise<FundPlanId | undefined> {
    const [row] = await db.select({ plan: funds.plan }).from(funds).where(eq(funds.id, fundId));
    return row?.plan;
  },

  /** The fund a deal belongs to (read only: the deals module owns deals). */
  async dealFund(dealId: string): Promise<string | undefined> {
    const [row] = await db.select({ fundId: deals.fundId }).from(deals).where(eq(deals.id, dealId));
    return row?.fundId;
  },

  async listEndpoints(fundId: string): Promise<EndpointRow[]> {
    const rows = await db
      .select({ endpoint: webhookEndpoints, createdByName: users.name })
      .from(webhookEndpoints)
      .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
      .where(eq(webhookEndpoints.fundId, fundId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    return rows.map((r) => ({ ...r.endpoint, createdByName: r.createdByName }));
  },

  /** The fund's endpoint, or undefined when the fund has no such endpoint. */
  async endpoint(fundId: string, id: string): Promise<EndpointRow | undefined> {
    const [row] = await db
      .select({ endpoint: webhookEndpoints, createdByName: users.name })
      .from(webhookEndpoints)
      .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
      .where(and(eq(webhookEndpoints.fundId, fundId), eq(webhookEndpoints.id, id)));
    return row && { ...row.endpoint, createdByName: row.createdByName };
  },

  async countEndpoints(fundId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.fundId, fundId));
    return Number(row?.n ?? 0);
  },

  async insertEndpoint(values: {
    fundId: string;
    url: string;
    description: string;
    events: string[];
    secretSealed: string;
    createdBy: string;
  }): Promise<EndpointRecord> {
    const [row] = await db.insert(webhookEndpoints).values(values).returning();
    return row!;
  },

  async updateEndpoint(
    fundId: string,
    id: string,
    set: Partial<
      Pick<
        typeof webhookEndpoints.$inferInsert,
        | 'url'
        | 'description'
        | 'events'
        | 'secretSealed'
        | 'previousSecretSealed'
        | 'previousSecretExpiresAt'
        | 'disabledAt'
        | 'disabledReason'
      >
    >,
  ): Promise<boolean> {
    const rows = await db
      .update(webhookEndpoints)
      .set(set)
      .where(and(eq(webhookEndpoints.fundId, fundId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },

  /** Disables an endpoint that is still active (a 410 answer); false when it already was. */
  async disable(id: string, reason: string): Promise<boolean> {
    const rows = await db
      .update(webhookEndpoints)
      .set({ disabledAt: sql`now()`, disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },

  async deleteEndpoint(fundId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.fundId, fundId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  },

  /** The fund's active endpoints subscribed to this event. */
  async subscribed(fundId: string, eventType: string): Promise<EndpointRecord[]> {
    return db
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.fundId, fundId),
          isNull(webhookEndpoints.disabledAt),
          arrayContains(webhookEndpoints.events, [eventType]),
        ),
      )
      .orderBy(asc(webhookEndpoints.createdAt));
  },

  async endpointById(id: string): Promise<EndpointRecord | undefined> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row;
  },

  /** A new delivery; undefined when this message was already queued for the endpoint (a fan-out run twice). */
  async insertDelivery(values: {
    endpointId: string;
    fundId: string;
    messageId: string;
    eventType: string;
    payload: unknown;
    nextAttemptAt: Date | null;
  }): Promise<DeliveryRow | undefined> {
    const [row] = await db.insert(webhookDeliveries).values(values).onConflictDoNothing().returning();
    return row;
  },

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  },

  async deliveryOfFund(fundId: string, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.fundId, fundId), eq(webhookDeliveries.id, id)));
    return row;
  },

  async deliveriesOf(endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  },

  async attemptsOf(deliveryIds: string[]): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return db
      .select()
      .from(webhookAttempts)
      .where(inArray(webhookAttempts.deliveryId, deliveryIds))
      .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  },

  /**
   * Records a scheduled try made while the delivery had `seen` attempts; false (nothing written)
   * when another run recorded that try first, so a job run twice writes one attempt.
   */
  async recordScheduled(
    deliveryId: string,
    seen: number,
    attempt: AttemptRecord,
    next: DeliveryUpdate,
  ): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set({
        attempts: seen + 1,
        status: next.status,
        nextAttemptAt: next.nextAttemptAt,
        finishedAt: next.status === 'pending' ? null : sql`now()`,
      })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.attempts, seen),
          eq(webhookDeliveries.status, 'pending'),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (rows.length === 0) return false;
    await db.insert(webhookAttempts).values({ deliveryId, ...attempt });
    return true;
  },

  /** Records a try by hand (Resend, Send test): a success ends the delivery as sent; a failure leaves its schedule as it was. */
  async recordManual(deliveryId: string, attempt: AttemptRecord, ok: boolean): Promise<void> {
    await db
      .update(webhookDeliveries)
      .set(
        ok
          ? {
              attempts: sql`${webhookDeliveries.attempts} + 1`,
              status: 'sent',
              nextAttemptAt: null,
              finishedAt: sql`now()`,
            }
          : { attempts: sql`${webhookDeliveries.attempts} + 1` },
      )
      .where(eq(webhookDeliveries.id, deliveryId));
    await db.insert(webhookAttempts).values({ deliveryId, ...attempt });
  },

  /** Ends a pending delivery as failed without a try (its endpoint was disabled or the plan ended). */
  async fail(deliveryId: string, reason: string): Promise<void> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, finishedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    if (rows.length > 0)
      await db
        .insert(webhookAttempts)
        .values({ deliveryId, durationMs: 0, responseStatus: null, responseBody: null, error: reason, manual: false });
  },

  /** Deletes the endpoint's finished deliveries (and their attempts) older than `days`: the record stays bounded. */
  async pruneFinished(endpointId: string, days: number): Promise<void> {
    await db
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          ne(webhookDeliveries.status, 'pending'),
          lt(webhookDeliveries.createdAt, sql`now() - make_interval(days => ${days})`),
        ),
      );
  },

  async userNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
}));
export type WebhooksOutRepository = ReturnType<typeof createWebhooksOutRepository>;
