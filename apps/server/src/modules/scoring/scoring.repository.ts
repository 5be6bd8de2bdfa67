import type { Database } from '@fitscore/db';
import { decks, fitScores, scoringRuns } from '@fitscore/db';
import { and, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';

export type RunRow = typeof scoringRuns.$inferSelect;
export type ScoreRow = typeof fitScores.$inferSelect;
type Stage = RunRow['stage'];

const ACTIVE = ['queued', 'running'] as const;

export function createScoringRepository(db: Database) {
  return {
    activeRun: async (userId: string): Promise<RunRow | undefined> => {
      const [row] = await db
        .select()
        .from(scoringRuns)
        .where(and(eq(scoringRuns.userId, userId), inArray(scoringRuns.status, [...ACTIVE])))
        .limit(1);
      return row;
    },

    /**
     * Creates a run and, in the same transaction, what must exist with it (its job): if `withRun`
     * throws, no run is left behind. Undefined when another scoring is already in flight (one
     * active run per founder).
     */
    createRun: async (
      userId: string,
      deckId: string,
      withRun: (run: RunRow, tx: Database) => Promise<unknown>,
    ): Promise<RunRow | undefined> =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(scoringRuns)
          .values({ userId, deckId })
          .onConflictDoNothing({ target: scoringRuns.userId, where: sql`${scoringRuns.status} in ('queued', 'running')` })
          .returning();
        if (row) await withRun(row, tx);
        return row;
      }),

    getRun: async (userId: string, runId: string): Promise<RunRow | undefined> => {
      const [row] = await db
        .select()
        .from(scoringRuns)
        .where(and(eq(scoringRuns.id, runId), eq(scoringRuns.userId, userId)));
      return row;
    },

    getRunById: async (runId: string): Promise<RunRow | undefined> => {
      const [row] = await db.select().from(scoringRuns).where(eq(scoringRuns.id, runId));
      return row;
    },

    latestRun: async (userId: string): Promise<RunRow | undefined> => {
      const [row] = await db
        .select()
        .from(scoringRuns)
        .where(eq(scoringRuns.userId, userId))
        .orderBy(desc(scoringRuns.createdAt))
        .limit(1);
      return row;
    },

    markRunning: async (runId: string) => {
      await db
        .update(scoringRuns)
        .set({ status: 'running', stage: 'reading', progress: 0, error: null, startedAt: sql`now()` })
        .where(and(eq(scoringRuns.id, runId), inArray(scoringRuns.status, [...ACTIVE])));
    },

    updateProgress: async (runId: string, stage: Stage, progress: number) => {
      await db
        .update(scoringRuns)
        .set({ stage, progress })
        .where(and(eq(scoringRuns.id, runId), eq(scoringRuns.status, 'running')));
    },

    fail: async (runId: string, error: string) => {
      await db
        .update(scoringRuns)
        .set({ status: 'failed', stage: 'failed', error, finishedAt: sql`now()` })
        .where(and(eq(scoringRuns.id, runId), inArray(scoringRuns.status, [...ACTIVE])));
    },

    /** Stores the result and closes the run in one transaction: nothing half-done is kept. */
    complete: async (runId: string, score: typeof fitScores.$inferInsert): Promise<ScoreRow> =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(fitScores).values(score).returning();
        await tx
          .update(scoringRuns)
          .set({ status: 'done', stage: 'done', progress: 100, finishedAt: sql`now()` })
          .where(eq(scoringRuns.id, runId));
        return row!;
      }),

    latestScore: async (userId: string) => {
      const [row] = await db
        .select({ score: fitScores, filename: decks.filename })
        .from(fitScores)
        .leftJoin(decks, eq(decks.id, fitScores.deckId))
        .where(and(eq(fitScores.userId, userId), isNull(fitScores.clearedAt)))
        .orderBy(desc(fitScores.createdAt))
        .limit(1);
      return row;
    },

    scoreOfRun: async (runId: string): Promise<number | null> => {
      const [row] = await db.select({ overall: fitScores.overall }).from(fitScores).where(eq(fitScores.runId, runId));
      return row?.overall ?? null;
    },

    clearScores: async (userId: string) => {
      await db
        .update(fitScores)
        .set({ clearedAt: sql`now()` })
        .where(and(eq(fitScores.userId, userId), isNull(fitScores.clearedAt)));
    },

    /** Scorings that count against the plan: started this calendar month (UTC) and not failed. */
    countThisMonth: async (userId: string): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(scoringRuns)
        .where(
          and(
            eq(scoringRuns.userId, userId),
            ne(scoringRuns.status, 'failed'),
            gte(scoringRuns.createdAt, sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`),
          ),
        );
      return row?.n ?? 0;
    },
  };
}
export type ScoringRepository = ReturnType<typeof createScoringRepository>;
