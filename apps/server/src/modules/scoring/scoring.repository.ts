import { decks, fitScores, repository, scoringRuns, subScoreValues, type Database } from '@fitscore/db';
import type { FitScoreAnalysis } from '@fitscore/contracts';
import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ownerOfRow, type ScoringOwner } from '../../lib/scoring-owner.ts';
import { ownedBy, ownerColumn, ownerValues } from '../../lib/scoring-owner.sql.ts';
import type { Transaction } from '../../lib/unit-of-work.ts';

export type RunRow = typeof scoringRuns.$inferSelect;
export type ScoreRow = typeof fitScores.$inferSelect;
type Stage = RunRow['stage'];
/** A finished analysis to store; its owner comes from the run, its sub-score columns from the analysis. */
export type NewScore = Omit<
  typeof fitScores.$inferInsert,
  'userId' | 'dealId' | 'runId' | 'analysis' | keyof ReturnType<typeof subScoreValues>
> & {
  analysis: FitScoreAnalysis;
};

const ACTIVE = ['queued', 'running'] as const;

/** A worker tried to store a result for a run that a newer attempt of its job now holds. */
export class LostLeaseError extends Error {
  constructor(readonly runId: string) {
    super(`Scoring run ${runId} is held by a newer attempt; this result is discarded`);
    this.name = 'LostLeaseError';
  }
}

export const createScoringRepository = repository((db) => ({
  activeRun: async (owner: ScoringOwner): Promise<RunRow | undefined> => {
    const [row] = await db
      .select()
      .from(scoringRuns)
      .where(and(ownedBy(scoringRuns, owner), inArray(scoringRuns.status, [...ACTIVE])))
      .limit(1);
    return row;
  },

  /**
   * Creates a run and, in the same transaction, what must exist with it (its job): if `withRun`
   * throws, no run is left behind. Undefined when another scoring is already in flight (one
   * active run per owner).
   */
  createRun: async (
    owner: ScoringOwner,
    deckId: string,
    withRun: (run: RunRow, tx: Database) => Promise<unknown>,
  ): Promise<RunRow | undefined> =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(scoringRuns)
        .values({ ...ownerValues(owner), deckId })
        .onConflictDoNothing({ target: ownerColumn(scoringRuns, owner), where: sql`${scoringRuns.status} in ('queued', 'running')` })
        .returning();
      if (row) await withRun(row, tx);
      return row;
    }),

  getRun: async (owner: ScoringOwner, runId: string): Promise<RunRow | undefined> => {
    const [row] = await db
      .select()
      .from(scoringRuns)
      .where(and(eq(scoringRuns.id, runId), ownedBy(scoringRuns, owner)));
    return row;
  },

  getRunById: async (runId: string): Promise<RunRow | undefined> => {
    const [row] = await db.select().from(scoringRuns).where(eq(scoringRuns.id, runId));
    return row;
  },

  latestRun: async (owner: ScoringOwner): Promise<RunRow | undefined> => {
    const [row] = await db
      .select()
      .from(scoringRuns)
      .where(ownedBy(scoringRuns, owner))
      .orderBy(desc(scoringRuns.createdAt))
      .limit(1);
    return row;
  },

  /**
   * The job's attempt takes the run over; false when the run is finished or a newer attempt
   * already holds it (this worker's lease was taken over).
   */
  markRunning: async (runId: string, attempt: number): Promise<boolean> => {
    const rows = await db
      .update(scoringRuns)
      .set({ status: 'running', stage: 'reading', progress: 0, error: null, startedAt: sql`now()`, attempt })
      .where(
        and(
          eq(scoringRuns.id, runId),
          inArray(scoringRuns.status, [...ACTIVE]),
          sql`coalesce(${scoringRuns.attempt}, -1) <= ${attempt}`,
        ),
      )
      .returning({ id: scoringRuns.id });
    return rows.length > 0;
  },

  updateProgress: async (runId: string, attempt: number, stage: Stage, progress: number) => {
    await db
      .update(scoringRuns)
      .set({ stage, progress })
      .where(and(eq(scoringRuns.id, runId), eq(scoringRuns.status, 'running'), eq(scoringRuns.attempt, attempt)));
  },

  fail: async (runId: string, error: string) => {
    await db
      .update(scoringRuns)
      .set({ status: 'failed', stage: 'failed', error, finishedAt: sql`now()` })
      .where(and(eq(scoringRuns.id, runId), inArray(scoringRuns.status, [...ACTIVE])));
  },

  /**
   * Stores the result for the run's owner and closes the run in one transaction: nothing
   * half-done is kept. `then` joins the same transaction (the owner's own bookkeeping).
   * Only the attempt that holds the running run may: anyone else gets LostLeaseError and
   * nothing is stored (and the unique run id of fit_scores refuses a second result anyway).
   */
  complete: async (
    run: RunRow,
    attempt: number,
    score: NewScore,
    then?: (row: ScoreRow, tx: Transaction) => Promise<void>,
  ): Promise<ScoreRow> =>
    db.transaction(async (tx) => {
      const closed = await tx
        .update(scoringRuns)
        .set({ status: 'done', stage: 'done', progress: 100, finishedAt: sql`now()` })
        .where(and(eq(scoringRuns.id, run.id), eq(scoringRuns.status, 'running'), eq(scoringRuns.attempt, attempt)))
        .returning({ id: scoringRuns.id });
      if (closed.length === 0) throw new LostLeaseError(run.id);
      const [row] = await tx
        .insert(fitScores)
        .values({
          ...score,
          ...ownerValues(ownerOfRow(run)),
          runId: run.id,
          ...subScoreValues(score.analysis.subScores),
        })
        .returning();
      await then?.(row!, tx);
      return row!;
    }),

  /**
   * The score the dashboard shows: the latest of the newest version that has one. Re-scoring an
   * earlier version (to compare it) adds a later row for an older version, which must not take
   * the dashboard over.
   */
  latestScore: async (owner: ScoringOwner) => {
    const [row] = await db
      .select({ score: fitScores, filename: decks.filename })
      .from(fitScores)
      .leftJoin(decks, eq(decks.id, fitScores.deckId))
      .where(and(ownedBy(fitScores, owner), isNull(fitScores.clearedAt)))
      .orderBy(desc(fitScores.deckVersion), desc(fitScores.createdAt))
      .limit(1);
    return row;
  },

  /** The latest score of each of these decks (cleared or not: a version keeps its history). */
  latestScoresOfDecks: async (owner: ScoringOwner, deckIds: string[]): Promise<ScoreRow[]> => {
    if (deckIds.length === 0) return [];
    return db
      .selectDistinctOn([fitScores.deckId])
      .from(fitScores)
      .where(and(ownedBy(fitScores, owner), inArray(fitScores.deckId, deckIds)))
      .orderBy(fitScores.deckId, desc(fitScores.createdAt));
  },

  scoreOfRun: async (runId: string): Promise<number | null> => {
    const [row] = await db.select({ overall: fitScores.overall }).from(fitScores).where(eq(fitScores.runId, runId));
    return row?.overall ?? null;
  },

  clearScores: async (owner: ScoringOwner) => {
    await db
      .update(fitScores)
      .set({ clearedAt: sql`now()` })
      .where(and(ownedBy(fitScores, owner), isNull(fitScores.clearedAt)));
  },

  /** Scorings that count against the plan: started this calendar month (UTC) and not failed. */
  countThisMonth: async (owner: ScoringOwner): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(scoringRuns)
      .where(
        and(
          ownedBy(scoringRuns, owner),
          ne(scoringRuns.status, 'failed'),
          gte(scoringRuns.createdAt, sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`),
        ),
      );
    return row?.n ?? 0;
  },
}));
export type ScoringRepository = ReturnType<typeof createScoringRepository>;
