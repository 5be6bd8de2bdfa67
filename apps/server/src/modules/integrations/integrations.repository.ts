import type { AlertDeliveryKind, AlertTarget, FundPlanId } from '@fitscore/contracts';
import { alertDeliveries, fundIntegrations, funds, repository, users } from '@fitscore/db';
import { and, desc, eq, sql } from 'drizzle-orm';

/** The fund's alert settings with its one alert threshold (kept on the fund, shared with in-app match alerts). */
export type IntegrationRow = typeof fundIntegrations.$inferSelect & { alertThreshold: number };
export type DeliveryRow = typeof alertDeliveries.$inferSelect;
export type IntegrationValues = Pick<IntegrationRow, 'slackWebhookUrl' | 'teamsWebhookUrl' | 'events' | 'alertThreshold'>;

export const createIntegrationsRepository = repository((db) => ({
  async settings(fundId: string): Promise<IntegrationRow | undefined> {
    const [row] = await db
      .select({ integration: fundIntegrations, alertThreshold: funds.alertThreshold })
      .from(fundIntegrations)
      .innerJoin(funds, eq(funds.id, fundIntegrations.fundId))
      .where(eq(fundIntegrations.fundId, fundId));
    return row ? { ...row.integration, alertThreshold: row.alertThreshold } : undefined;
  },

  async save(fundId: string, { alertThreshold, ...values }: IntegrationValues): Promise<IntegrationRow> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(fundIntegrations)
        .values({ fundId, ...values })
        .onConflictDoUpdate({ target: fundIntegrations.fundId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      await tx.update(funds).set({ alertThreshold }).where(eq(funds.id, fundId));
      return { ...row!, alertThreshold };
    });
  },

  /** The fund's plan and trial scores used: alerts are Pro, or trial while scores remain. */
  async fundPlan(fundId: string): Promise<{ plan: FundPlanId; trialScoresUsed: number } | undefined> {
    const [row] = await db.select({ plan: funds.plan, trialScoresUsed: funds.trialScoresUsed }).from(funds).where(eq(funds.id, fundId));
    return row;
  },

  async fundName(fundId: string): Promise<string> {
    const [row] = await db.select({ name: funds.fundName }).from(funds).where(eq(funds.id, fundId));
    return row?.name ?? '';
  },

  async userName(userId: string): Promise<string> {
    const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
    return row ? row.name || row.email : '';
  },

  async addDelivery(values: { fundId: string; target: AlertTarget; kind: AlertDeliveryKind; title: string; payload: unknown }): Promise<DeliveryRow> {
    const [row] = await db.insert(alertDeliveries).values(values).returning();
    return row!;
  },

  async delivery(id: string): Promise<DeliveryRow | undefined> {
    const [row] = await db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id));
    return row;
  },

  /** One try's outcome: the answer (or why none came), and `sent`/`failed` when it is the last. */
  async recordAttempt(id: string, outcome: { responseStatus: number | null; responseBody: string; status: 'pending' | 'sent' | 'failed' | 'skipped' }) {
    await db
      .update(alertDeliveries)
      .set({
        // A skipped delivery was never tried.
        attempts: outcome.status === 'skipped' ? alertDeliveries.attempts : sql`${alertDeliveries.attempts} + 1`,
        responseStatus: outcome.responseStatus,
        responseBody: outcome.responseBody,
        status: outcome.status,
        finishedAt: outcome.status === 'pending' ? null : sql`now()`,
      })
      .where(eq(alertDeliveries.id, id));
  },

  /** Marks a delivery failed for good (retries ran out), keeping its last answer; a sent one stays sent. */
  async fail(id: string, reason: string) {
    await db
      .update(alertDeliveries)
      .set({ status: 'failed', finishedAt: sql`now()`, responseBody: sql`coalesce(${alertDeliveries.responseBody}, ${reason})` })
      .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.status, 'pending')));
  },

  async list(fundId: string, limit: number): Promise<DeliveryRow[]> {
    return db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.fundId, fundId))
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
      .limit(limit);
  },
}));

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
