import type { IntakeChannel, IntakeOutcome } from '@fitscore/contracts';
import { dealSources, deals, decks, funds, intakeItems, intakeSettings, repository, scoringRuns, type Database } from '@fitscore/db';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export type FundRow = typeof funds.$inferSelect;
export type IntakeItemRow = typeof intakeItems.$inferSelect;
export type NewIntakeItem = Omit<typeof intakeItems.$inferInsert, 'id' | 'receivedAt'>;
export type NewIntakeDeal = Omit<typeof deals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Slugs and intake tokens are letters, digits, '-' and '_'; anything else (a NUL from a URL, say)
 * names no fund, and is never sent to the database, which would refuse it with an error.
 */
const KEY = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Latin letters that NFKD decomposes into a base letter and combining marks, with that base
 * letter (derived, not typed: the same rule as normaliseName). For SQL's translate().
 */
const ACCENTED_LETTERS = [...'ÀÁÂÃÄÅĀĂĄÇĆĈĊČĎÈÉÊËĒĔĖĘĚĜĞĠĢĤÌÍÎÏĨĪĬĮĴĶĹĻĽÑŃŅŇÒÓÔÕÖŌŎŐŔŖŘŚŜŞŠŢŤÙÚÛÜŨŪŬŮŰŲŴÝŶŸŹŻŽ'].flatMap((c) => [c, c.toLowerCase()]);
const ACCENTED = ACCENTED_LETTERS.join('');
const UNACCENTED = ACCENTED_LETTERS.map((c) => c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')).join('');

/** Intake's data: the funds' intake secrets, the intake log, and the deals it creates or merges into. */
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

  /** The fund, locked: items of one fund are matched against its deals one at a time (no twin deals). */
  lockFund: async (fundId: string): Promise<FundRow | undefined> => {
    const [row] = await db.select().from(funds).where(eq(funds.id, fundId)).for('update');
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

  /**
   * The fund's deals that may be the same company, found in SQL (a fund may hold 100,000 deals):
   * the same website host (scheme, `www.`, port and path aside) or a name starting with the same
   * letters and digits; the caller confirms the name with its full normalisation.
   */
  matchCandidates: async (fundId: string, domain: string | null, namePrefix: string | null) => {
    const host = sql`split_part(split_part(regexp_replace(regexp_replace(lower(trim(${deals.website})), '^[a-z][a-z0-9+.-]*://', ''), '^www\.', ''), '/', 1), ':', 1)`;
    // Accented letters to their base letter first, as normaliseName's NFKD does ('Éclair' → 'eclair'),
    // so that the prefix of an accent-free name finds an accented one and the other way round.
    const alnum = sql`regexp_replace(lower(translate(${deals.startupName}, ${ACCENTED}, ${UNACCENTED})), '[^a-z0-9]+', '', 'g')`;
    const either = [
      domain ? sql`${host} = ${domain}` : undefined,
      namePrefix ? sql`${alnum} like ${`${namePrefix}%`}` : undefined,
    ].filter((c): c is SQL => c !== undefined);
    if (either.length === 0) return [];
    return db
      .select({ id: deals.id, name: deals.startupName, website: deals.website })
      .from(deals)
      .where(and(eq(deals.fundId, fundId), or(...either)))
      .orderBy(asc(deals.createdAt))
      .limit(200);
  },

  dealWithDeck: async (fundId: string, sha256: string): Promise<string | undefined> => {
    const [row] = await db
      .select({ id: deals.id })
      .from(decks)
      .innerJoin(deals, eq(deals.id, decks.dealId))
      .where(and(eq(deals.fundId, fundId), eq(decks.sha256, sha256)))
      .limit(1);
    return row?.id;
  },

  insertDeal: async (values: NewIntakeDeal) => {
    const [row] = await db.insert(deals).values(values).returning({ id: deals.id });
    return row!;
  },

  /** Fills the deal's blanks from a later arrival (website, contact, one-liner…): nothing known is overwritten. */
  fillDeal: async (dealId: string, values: { website: string; contactEmail: string; oneLiner: string; sector: string; stage: string; geography: string }) => {
    const keep = (column: AnyPgColumn, value: string) => sql`case when ${column} = '' then ${value} else ${column} end`;
    await db
      .update(deals)
      .set({
        website: keep(deals.website, values.website),
        contactEmail: keep(deals.contactEmail, values.contactEmail),
        oneLiner: keep(deals.oneLiner, values.oneLiner),
        sector: keep(deals.sector, values.sector),
        stage: keep(deals.stage, values.stage),
        geography: keep(deals.geography, values.geography),
        updatedAt: sql`now()`,
      })
      .where(eq(deals.id, dealId));
  },

  addTag: async (dealId: string, tag: string) => {
    await db
      .update(deals)
      .set({ tags: sql`case when ${tag} = any(${deals.tags}) then ${deals.tags} else array_append(${deals.tags}, ${tag}) end` })
      .where(eq(deals.id, dealId));
  },

  insertSource: async (values: typeof dealSources.$inferInsert) => {
    await db.insert(dealSources).values(values).onConflictDoNothing();
  },

  /** Is this deck (by hash) already among the deal's versions? (A retried job must not store it twice.) */
  dealHasDeck: async (dealId: string, sha256: string): Promise<boolean> => {
    const [row] = await db.select({ id: decks.id }).from(decks).where(and(eq(decks.dealId, dealId), eq(decks.sha256, sha256))).limit(1);
    return Boolean(row);
  },

  /** Has the deal's current deck been sent to scoring (any run on it)? */
  currentDeckScored: async (dealId: string): Promise<boolean> => {
    const [row] = await db
      .select({ id: scoringRuns.id })
      .from(scoringRuns)
      .innerJoin(decks, eq(decks.id, scoringRuns.deckId))
      .where(and(eq(decks.dealId, dealId), isNull(decks.removedAt)))
      .limit(1);
    return Boolean(row);
  },

  /** Scorings of the fund's deals still in flight (each will use a trial score when it is a first one). */
  scoringsInFlight: async (fundId: string): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scoringRuns)
      .innerJoin(deals, eq(deals.id, scoringRuns.dealId))
      .where(and(eq(deals.fundId, fundId), inArray(scoringRuns.status, ['queued', 'running']), isNull(deals.scoredAt)));
    return row?.n ?? 0;
  },
}));
export type IntakeRepository = ReturnType<typeof createIntakeRepository>;
/** The repository joined to a transaction. */
export type IntakeRepositoryInTx = ReturnType<IntakeRepository['in']>;
