import { dealDeclines, decks, fitScores, FUND_WEIGHT_COLUMNS, funds, intros, repository, users, weightedOverallSql } from '@fitscore/db';
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type IntroRow = typeof intros.$inferSelect;
export type FundRow = typeof funds.$inferSelect;
export type ScoreRow = typeof fitScores.$inferSelect;

/** What the ranking reads of the founder: the profile's thesis facts and the account (for its latest score). */
export interface FounderFacts {
  userId: string;
  industry: string;
  stage: string;
  /** Regions the HQ and target geography name (@fitscore/thesis regionsOf). */
  regions: string[];
  roundTargetAmount: number;
}

const fundFitScore = weightedOverallSql(FUND_WEIGHT_COLUMNS);

/**
 * Does the fund's ticket suit the round? Its smallest cheque fits within the round, and its largest
 * is at least a tenth of it (a fund whose cheques are tiny beside the round is no lead). Null
 * when the fund gives no range.
 */
const ticketFit = (amount: number) =>
  sql<boolean | null>`case when ${funds.ticketSizeMin} is null and ${funds.ticketSizeMax} is null then null
    else coalesce(${funds.ticketSizeMin}, 0) <= ${amount} and (${funds.ticketSizeMax} is null or ${funds.ticketSizeMax} * 10 >= ${amount}) end`;

const deciders = alias(users, 'intro_decider');

export const createMatchesRepository = repository((db) => ({
  /**
   * Every fund on the platform (its thesis saved) ranked in one query: how many parts of its
   * thesis the company fits, then the founder's latest FitScore under the fund's weights.
   */
  rankFunds: async (f: FounderFacts, { limit, fundId }: { limit: number; fundId?: string }) => {
    const latestScore = sql`(select s.id from ${fitScores} s where s.user_id = ${f.userId} and s.cleared_at is null order by s.created_at desc limit 1)`;
    const fitSector = sql<boolean>`('Agnostic' = any(${funds.sectors}) or ${f.industry} = any(${funds.sectors}))`;
    const fitStage = sql<boolean>`(${f.stage} = any(${funds.stages}))`;
    const fitGeography = sql<boolean>`('GLOBAL' = any(${funds.geography}) or ${funds.geography} && ${`{${f.regions.join(',')}}`}::text[])`;
    const fitTicket = ticketFit(f.roundTargetAmount);
    const score = sql<number | null>`case when ${fitScores.id} is null then null else ${fundFitScore} end`;
    const thesisCount = sql`(${fitSector})::int + (${fitStage})::int + (${fitGeography})::int + coalesce(${fitTicket}, false)::int`;
    return db
      .select({
        fund: funds,
        fitSector,
        fitStage,
        fitGeography,
        fitTicket,
        fitScore: score,
      })
      .from(funds)
      .leftJoin(fitScores, eq(fitScores.id, latestScore))
      .where(and(isNotNull(funds.fundStepCompletedAt), fundId ? eq(funds.id, fundId) : undefined))
      .orderBy(desc(thesisCount), sql`${score} desc nulls last`, funds.fundName, funds.id)
      .limit(limit);
  },

  /** The founder's latest request to each fund. */
  latestIntros: async (founderUserId: string): Promise<IntroRow[]> =>
    db
      .selectDistinctOn([intros.fundId])
      .from(intros)
      .where(eq(intros.founderUserId, founderUserId))
      .orderBy(intros.fundId, desc(intros.createdAt)),

  fund: async (fundId: string): Promise<FundRow | undefined> => {
    const [row] = await db.select().from(funds).where(and(eq(funds.id, fundId), isNotNull(funds.fundStepCompletedAt)));
    return row;
  },

  /** Serialises a founder's requests to one fund until the transaction ends (the 30-day rule). */
  lockFounderFund: async (founderUserId: string, fundId: string) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`intro:${founderUserId}:${fundId}`}))`);
  },

  recentIntro: async (founderUserId: string, fundId: string, since: Date): Promise<IntroRow | undefined> => {
    const [row] = await db
      .select()
      .from(intros)
      .where(and(eq(intros.founderUserId, founderUserId), eq(intros.fundId, fundId), gt(intros.createdAt, since)))
      .orderBy(desc(intros.createdAt))
      .limit(1);
    return row;
  },

  insertIntro: async (values: { founderUserId: string; fundId: string; note: string }): Promise<IntroRow> => {
    const [row] = await db.insert(intros).values(values).returning();
    return row!;
  },

  /** The founder's intros with the fund's name, its contact (who decided) and the reasons it gave for passing. */
  foundersIntros: async (founderUserId: string, introId?: string) =>
    db
      .select({
        intro: intros,
        fundName: funds.fundName,
        fundWebsite: funds.website,
        deciderName: deciders.name,
        deciderEmail: deciders.email,
        declineReasons: dealDeclines.reasons,
      })
      .from(intros)
      .innerJoin(funds, eq(funds.id, intros.fundId))
      .leftJoin(deciders, eq(deciders.id, intros.decidedByUserId))
      .leftJoin(dealDeclines, eq(dealDeclines.dealId, intros.dealId))
      .where(and(eq(intros.founderUserId, founderUserId), introId ? eq(intros.id, introId) : undefined))
      .orderBy(desc(intros.createdAt)),

  introOfFund: async (fundId: string, introId: string): Promise<IntroRow | undefined> => {
    const [row] = await db.select().from(intros).where(and(eq(intros.id, introId), eq(intros.fundId, fundId)));
    return row;
  },

  /** The intro, locked until the transaction ends; only the fund it was sent to finds it. */
  lockIntro: async (fundId: string, introId: string): Promise<IntroRow | undefined> => {
    const [row] = await db
      .select()
      .from(intros)
      .where(and(eq(intros.id, introId), eq(intros.fundId, fundId)))
      .for('update');
    return row;
  },

  lockFoundersIntro: async (founderUserId: string, introId: string): Promise<IntroRow | undefined> => {
    const [row] = await db
      .select()
      .from(intros)
      .where(and(eq(intros.id, introId), eq(intros.founderUserId, founderUserId)))
      .for('update');
    return row;
  },

  updateIntro: async (introId: string, values: Partial<Pick<IntroRow, 'status' | 'question' | 'answer' | 'decidedByUserId' | 'dealId'>> & { decided?: boolean }) => {
    const { decided, ...rest } = values;
    await db
      .update(intros)
      .set({ ...rest, ...(decided ? { decidedAt: sql`now()` } : {}) })
      .where(eq(intros.id, introId));
  },

  founderEmail: async (userId: string): Promise<string> => {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email ?? '';
  },

  /** The addresses of the founders whose intros became (or joined) these deals, by deal: a decline is emailed to them too. */
  introFounderEmails: async (dealIds: string[]): Promise<Map<string, string[]>> => {
    const rows = await db
      .selectDistinct({ dealId: intros.dealId, email: users.email })
      .from(intros)
      .innerJoin(users, eq(users.id, intros.founderUserId))
      .where(inArray(intros.dealId, dealIds));
    const byDeal = new Map<string, string[]>();
    for (const r of rows) byDeal.set(r.dealId!, [...(byDeal.get(r.dealId!) ?? []), r.email]);
    return byDeal;
  },

  latestScore: async (founderUserId: string): Promise<ScoreRow | undefined> => {
    const [row] = await db
      .select()
      .from(fitScores)
      .where(and(eq(fitScores.userId, founderUserId), sql`${fitScores.clearedAt} is null`))
      .orderBy(desc(fitScores.createdAt))
      .limit(1);
    return row;
  },

  /**
   * An approved intro's new deal gets a copy of the founder's latest analysis, owned by the deal
   * (as every deal score is). The deals module then applies it (FitScore under the fund's
   * weights, confidence, tags) like any finished scoring.
   */
  copyScoreToDeal: async (dealId: string, score: ScoreRow): Promise<string> => {
    const { id: _id, userId: _user, dealId: _deal, runId: _run, deckId: _deck, createdAt: _at, clearedAt: _cleared, ...copy } = score;
    const [stored] = await db.insert(fitScores).values({ ...copy, dealId }).returning({ id: fitScores.id });
    return stored!.id;
  },

  /** The deal's copy of an analysis names the deal's deck it reads (carried from the founder). */
  linkScoreDeck: async (scoreId: string, deck: { id: string; version: number }) => {
    await db.update(fitScores).set({ deckId: deck.id, deckVersion: deck.version }).where(eq(fitScores.id, scoreId));
  },

  /** The hash of the founder's deck a score came from (or, for a score that names none, of their current deck). */
  founderDeckHash: async (founderUserId: string, deckId: string | null): Promise<string | null> => {
    const [row] = await db
      .select({ sha256: decks.sha256 })
      .from(decks)
      .where(and(eq(decks.userId, founderUserId), deckId ? eq(decks.id, deckId) : isNull(decks.removedAt)))
      .orderBy(desc(decks.createdAt))
      .limit(1);
    return row?.sha256 ?? null;
  },

  /** The reasons the fund last gave for passing on the deal, and when. */
  declineOf: async (dealId: string) => {
    const [row] = await db.select({ reasons: dealDeclines.reasons, at: dealDeclines.createdAt }).from(dealDeclines).where(eq(dealDeclines.dealId, dealId));
    return row ?? null;
  },

  /** The reasons a fund gave for passing on its deals (shown to a platform founder); an intro of each deal ends as declined. */
  recordDecline: async (dealIds: string[], userId: string, reasons: string[]) => {
    if (!dealIds.length) return;
    const declined = db.insert(dealDeclines).values(dealIds.map((dealId) => ({ dealId, reasons, userId })));
    // A decline without reasons (a plain move to Cold) never replaces the reasons the fund gave.
    await (reasons.length ? declined.onConflictDoUpdate({ target: dealDeclines.dealId, set: { reasons, userId, createdAt: sql`now()` } }) : declined.onConflictDoNothing());
    await db.update(intros).set({ status: 'declined', decidedAt: sql`now()` }).where(inArray(intros.dealId, dealIds));
  },

  /** An undone decline: the reasons are no longer the fund's word, and each deal's intro is back to accepted (it had a deal). */
  withdrawDecline: async (dealIds: string[]) => {
    if (!dealIds.length) return;
    await db.delete(dealDeclines).where(inArray(dealDeclines.dealId, dealIds));
    await db.update(intros).set({ status: 'accepted' }).where(and(inArray(intros.dealId, dealIds), eq(intros.status, 'declined')));
  },
}));
export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
