import { DECK_LINK_TAG, type DealDeckFact } from '@fitscore/contracts';
import { companyHostKey, companyNameKey, dealSources, deals, decks, funds, rawRows, repository, scoringRuns } from '@fitscore/db';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export type ArrivalFundRow = typeof funds.$inferSelect;
export type NewArrivalDeal = Omit<typeof deals.$inferInsert, 'id' | 'updatedAt'>;
export type NewDealSource = typeof dealSources.$inferInsert;

/**
 * The deals module's writes for a deal that arrives from outside the dashboard (an intake channel,
 * an approved warm intro): the fund's lock, finding the same company, a new deal or a merge into
 * the existing one, and its arrivals (deal_sources).
 */
export const createDealArrivalsRepository = repository((db) => ({
  /** The fund, locked: items of one fund are matched against its deals one at a time (no twin deals). */
  lockFund: async (fundId: string): Promise<ArrivalFundRow | undefined> => {
    const [row] = await db.select().from(funds).where(eq(funds.id, fundId)).for('update');
    return row;
  },

  /**
   * Each arrival's company keys (ADR 0075), in order: its website's host and its name as
   * companyHostKey and companyNameKey read them — the expressions that keep `deals.match_host`
   * and `deals.match_name`, so an arrival's keys and a deal's cannot disagree. Null: no key.
   */
  companyKeys: async (arrivals: readonly { website: string; companyName: string }[]): Promise<{ host: string | null; name: string | null }[]> => {
    if (arrivals.length === 0) return [];
    const texts = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}::text`), sql`, `)}]`;
    return rawRows<{ host: string | null; name: string | null }>(
      db,
      sql`select ${companyHostKey(sql`t.website`)} as host, ${companyNameKey(sql`t.name`)} as name
          from unnest(${texts(arrivals.map((a) => a.website))}, ${texts(arrivals.map((a) => a.companyName))}) with ordinality as t(website, name, n)
          order by t.n`,
    );
  },

  /** The fund's deals with any of these website hosts or names (company keys), the oldest first: two index lookups per key. */
  dealsWithKeys: async (fundId: string, hosts: string[], names: string[]) => {
    const either = [hosts.length ? inArray(deals.matchHost, hosts) : undefined, names.length ? inArray(deals.matchName, names) : undefined].filter((c) => c !== undefined);
    if (either.length === 0) return [];
    return db
      .select({ id: deals.id, host: deals.matchHost, name: deals.matchName })
      .from(deals)
      .where(and(eq(deals.fundId, fundId), or(...either)))
      .orderBy(asc(deals.createdAt), asc(deals.id));
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

  insertDeal: async (values: NewArrivalDeal) => {
    const [row] = await db.insert(deals).values(values).returning({ id: deals.id });
    return row!;
  },

  /**
   * Fills the deal's blanks from a later arrival (website, contact, one-liner…): nothing known is
   * overwritten; a blank filled with what the arrival read from its deck (`fromDeck`) is marked so,
   * as on a new deal. Returns the sector, stage, geography and website host key the deal has now.
   */
  fillDeal: async (
    dealId: string,
    values: { website: string; contactEmail: string; oneLiner: string; sector: string; stage: string; geography: string; fromDeck: readonly DealDeckFact[] },
  ) => {
    const keep = (column: AnyPgColumn, value: string) => sql`case when ${column} = '' then ${value} else ${column} end`;
    const marks = (['sector', 'stage', 'geography'] as const)
      .filter((fact) => values.fromDeck.includes(fact) && values[fact] !== '')
      .map((fact) => sql`case when ${deals[fact]} = '' then array[${fact}::text] else '{}'::text[] end`);
    const [row] = await db
      .update(deals)
      .set({
        website: keep(deals.website, values.website),
        contactEmail: keep(deals.contactEmail, values.contactEmail),
        oneLiner: keep(deals.oneLiner, values.oneLiner),
        sector: keep(deals.sector, values.sector),
        stage: keep(deals.stage, values.stage),
        geography: keep(deals.geography, values.geography),
        ...(marks.length ? { factsFromDeck: sql`${deals.factsFromDeck} || ${sql.join(marks, sql` || `)}` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(deals.id, dealId))
      .returning({ sector: deals.sector, stage: deals.stage, geography: deals.geography, host: deals.matchHost });
    return row!;
  },

  /** The deal's fit with the fund's thesis, worked out again from the facts it has now. */
  setThesisFit: async (dealId: string, fit: Pick<NewArrivalDeal, 'stage' | 'region' | 'fitSector' | 'fitStage' | 'fitGeography'>) => {
    await db.update(deals).set(fit).where(eq(deals.id, dealId));
  },

  addTag: async (dealId: string, tag: string) => {
    await db
      .update(deals)
      .set({ tags: sql`case when ${tag} = any(${deals.tags}) then ${deals.tags} else array_append(${deals.tags}, ${tag}) end` })
      .where(eq(deals.id, dealId));
  },

  /** Arrivals in one statement: the deals' `arrivals` copies (a statement trigger) are refreshed once. */
  insertSources: async (values: NewDealSource[]) => {
    if (values.length) await db.insert(dealSources).values(values).onConflictDoNothing();
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

  /**
   * The fund's deals whose scoring is still to come or under way: each will use a trial score
   * when it finishes. Unscored, and either a run queued or running, or none yet (a deal whose deck
   * is being stored); a deal whose deck came only as a link is scored only once one is uploaded,
   * and an imported deal (CSV) only once its deck's scoring is queued.
   */
  scoringsInFlight: async (fundId: string): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deals)
      .where(
        and(
          eq(deals.fundId, fundId),
          isNull(deals.scoredAt),
          or(
            inArray(deals.scoringStatus, ['queued', 'running']),
            and(isNull(deals.scoringStatus), ne(deals.source, 'import'), sql`not (${DECK_LINK_TAG} = any(${deals.tags}))`),
          ),
        ),
      );
    return row?.n ?? 0;
  },
}));
export type DealArrivalsRepository = ReturnType<typeof createDealArrivalsRepository>;
export type DealArrivalsRepositoryInTx = ReturnType<DealArrivalsRepository['in']>;
