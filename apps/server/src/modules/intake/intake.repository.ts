import type { IntakeChannel, IntakeOutcome } from '@fitscore/contracts';
import { funds, intakeItems, intakeSettings, repository, type Database } from '@fitscore/db';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';

export type FundRow = typeof funds.$inferSelect;
export type IntakeItemRow = typeof intakeItems.$inferSelect;
export type NewIntakeItem = Omit<typeof intakeItems.$inferInsert, 'id' | 'receivedAt'>;

/**
 * Slugs and intake tokens are letters, digits, '-' and '_'; anything else (a NUL from a URL, say)
 * names no fund, and is never sent to the database, which would refuse it with an error.
 */
const KEY = /^[A-Za-z0-9_-]{1,200}$/;

/** Intake's data: the funds' intake secrets and the intake log (deals are the deals module's). */
export const createIntakeRepository = repository((db) => ({
  fundBySlug: async (slug: string): Promise<FundRow | undefined> => {
    if (!KEY.test(slug)) return undefined;
    const [row] = await db.select().from(funds).where(eq(funds.slug, slug.toLowerCase()));
    return row;
  },

  fund: async (fundId: string): Promise<FundRow | undefined> => {
    const [row] = await db.select().from(funds).where(eq(funds.id, fundId));
    return row;
  },

  fundByEmailToken: async (token: string): Promise<FundRow | undefined> => {
    if (!KEY.test(token)) return undefined;
    const [row] = await db
      .select({ fund: funds })
      .from(intakeSettings)
      .innerJoin(funds, eq(funds.id, intakeSettings.fundId))
      .where(eq(intakeSettings.emailToken, token));
    return row?.fund;
  },

  settings: async (fundId: string) => {
    const [row] = await db.select().from(intakeSettings).where(eq(intakeSettings.fundId, fundId));
    return row;
  },

  /** The fund's settings row, made with a first email token when it has none. */
  ensureSettings: async (fundId: string, emailToken: string) => {
    await db.insert(intakeSettings).values({ fundId, emailToken }).onConflictDoNothing({ target: intakeSettings.fundId });
    const [row] = await db.select().from(intakeSettings).where(eq(intakeSettings.fundId, fundId));
    return row!;
  },

  setEmailToken: async (fundId: string, emailToken: string) => {
    await db.update(intakeSettings).set({ emailToken, updatedAt: sql`now()` }).where(eq(intakeSettings.fundId, fundId));
  },

  setWebhookSecret: async (fundId: string, sealed: string) => {
    await db.update(intakeSettings).set({ webhookSecretSealed: sealed, updatedAt: sql`now()` }).where(eq(intakeSettings.fundId, fundId));
  },

  insertItem: async (values: NewIntakeItem): Promise<IntakeItemRow> => {
    const [row] = await db.insert(intakeItems).values(values).returning();
    return row!;
  },

  /**
   * A refusal that repeats (bad webhook signatures): one row per fund and `key`, its count raised
   * and its reason and time brought up to date by each new one, in one statement.
   */
  countRepeatedRefusal: async (values: NewIntakeItem & { externalId: string }) => {
    await db
      .insert(intakeItems)
      .values(values)
      .onConflictDoUpdate({
        target: [intakeItems.fundId, intakeItems.channel, intakeItems.externalId],
        targetWhere: sql`${intakeItems.externalId} is not null`,
        set: { repeats: sql`${intakeItems.repeats} + 1`, reason: values.reason, receivedAt: sql`now()`, processedAt: sql`now()` },
      });
  },

  /** The item and its processing job in one transaction: neither exists without the other. */
  insertItemWithJob: async (values: NewIntakeItem & { id: string }, withItem: (tx: Database) => Promise<unknown>): Promise<IntakeItemRow> =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(intakeItems).values(values).returning();
      await withItem(tx as unknown as Database);
      return row!;
    }),

  /**
   * Items whose raw payload is past retention: a final outcome (anything but 'received') decided
   * more than `days` days ago, payload still kept. Oldest first, a batch at a time.
   */
  expiredPayloads: async (days: number, limit: number): Promise<{ id: string; payloadKey: string }[]> => {
    const rows = await db
      .select({ id: intakeItems.id, payloadKey: intakeItems.payloadKey })
      .from(intakeItems)
      .where(
        and(
          isNotNull(intakeItems.payloadKey),
          ne(intakeItems.outcome, 'received'),
          sql`coalesce(${intakeItems.processedAt}, ${intakeItems.receivedAt}) < now() - make_interval(days => ${days})`,
        ),
      )
      .orderBy(sql`coalesce(${intakeItems.processedAt}, ${intakeItems.receivedAt})`)
      .limit(limit);
    return rows as { id: string; payloadKey: string }[];
  },

  /** The item no longer has a payload (its outcome and the rest of its row stay in the log). */
  clearPayload: async (id: string, payloadKey: string) => {
    await db
      .update(intakeItems)
      .set({ payloadKey: null })
      .where(and(eq(intakeItems.id, id), eq(intakeItems.payloadKey, payloadKey), ne(intakeItems.outcome, 'received')));
  },

  /** A webhook item by its `webhook-id` (the same id again is the same item). */
  itemByExternalId: async (fundId: string, channel: IntakeChannel, externalId: string): Promise<IntakeItemRow | undefined> => {
    const [row] = await db
      .select()
      .from(intakeItems)
      .where(and(eq(intakeItems.fundId, fundId), eq(intakeItems.channel, channel), eq(intakeItems.externalId, externalId)));
    return row;
  },

  item: async (id: string): Promise<IntakeItemRow | undefined> => {
    const [row] = await db.select().from(intakeItems).where(eq(intakeItems.id, id));
    return row;
  },

  /** The item, locked until the transaction ends (one worker decides its outcome). */
  lockItem: async (id: string): Promise<IntakeItemRow | undefined> => {
    const [row] = await db.select().from(intakeItems).where(eq(intakeItems.id, id)).for('update');
    return row;
  },

  decide: async (id: string, outcome: IntakeOutcome, values: { reason?: string | null; dealId?: string | null; companyName?: string | null; sender?: string | null }) => {
    await db
      .update(intakeItems)
      .set({ outcome, ...values, processedAt: sql`now()` })
      .where(eq(intakeItems.id, id));
  },

  log: async (fundId: string, filters: { channel?: IntakeChannel | undefined; outcome?: IntakeOutcome | undefined }, limit: number) => {
    const where = [eq(intakeItems.fundId, fundId)];
    if (filters.channel) where.push(eq(intakeItems.channel, filters.channel));
    if (filters.outcome) where.push(eq(intakeItems.outcome, filters.outcome));
    return db
      .select()
      .from(intakeItems)
      .where(and(...where))
      .orderBy(desc(intakeItems.receivedAt), desc(intakeItems.id))
      .limit(limit);
  },

}));
export type IntakeRepository = ReturnType<typeof createIntakeRepository>;
/** The repository joined to a transaction. */
