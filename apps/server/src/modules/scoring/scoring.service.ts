import type { FitScoreAnalysis, FitScoreResult, FounderProfile, ScoringRun, ScoringStage } from '@fitscore/contracts';
import { isDeckError, type DealFactPage } from '@fitscore/deck-analysis';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ownerOfRow, type ScoringOwner } from '../../lib/scoring-owner.ts';
import type { Transaction } from '../../lib/unit-of-work.ts';
import type { DecksService } from '../decks/decks.service.ts';
import { defineJob, PermanentJobError, type JobContext, type JobFailure } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { LostLeaseError, type NewScore, type RunRow, type ScoreRow, type ScoringRepository } from './scoring.repository.ts';

export const SCORING_QUEUE = 'score-deck';
export const SCORING_FAILED = 'Scoring failed. Please try again.';

/** What the scoring job needs of the deck-analysis engine. */
export interface Analyzer {
  analyze(
    bytes: Uint8Array,
    profile: FounderProfile | null,
    options?: {
      onProgress?: (p: { stage: 'reading' | 'ocr' | 'understanding' | 'scoring'; done: number; total: number }) => void;
      signal?: AbortSignal;
      /** The deck's pages as read (text layer and OCR), before the analysis is built. */
      onRead?: (deck: { pages: readonly DealFactPage[] }) => void;
    },
  ): Promise<FitScoreAnalysis>;
}

export interface ScoringServiceDeps {
  repo: ScoringRepository;
  decks: DecksService;
  jobs: Pick<JobQueue, 'send'>;
  analyzer: Analyzer;
  /** What the engine reads beside the deck: a founder's profile (null when there is none). */
  profileOf: (owner: ScoringOwner) => Promise<FounderProfile | null>;
}

/** What the scoring read of the deck, for listeners: its pages' text (OCR'd pages included); null when unknown. */
export interface ScoredDeck {
  pages: readonly DealFactPage[] | null;
}

/** Called in the transaction that stores a finished analysis (a deal takes its score from it). */
export type ScoredListener = (owner: ScoringOwner, score: ScoreRow, tx: Transaction, deck: ScoredDeck) => Promise<void>;

export interface StartOptions {
  /**
   * The caller's admission check (a founder's profile and plan), run only when a new scoring
   * would start: a scoring already in flight is answered whatever it would say now.
   */
  admit?: () => Promise<void>;
  /** Score this version of the owner's decks instead of the current one (a re-score under the current engine). */
  deckId?: string;
}

/** Where each real stage sits on the progress bar (start, end). */
const STAGE_SPAN: Record<'reading' | 'ocr' | 'understanding' | 'scoring', [number, number]> = {
  reading: [2, 35],
  ocr: [35, 80],
  understanding: [80, 90],
  scoring: [90, 99],
};

async function toRunView(row: RunRow, scoreOf: (runId: string) => Promise<number | null>): Promise<ScoringRun> {
  return {
    id: row.id,
    status: row.status,
    stage: row.stage as ScoringStage,
    progress: Math.round(row.progress),
    error: row.error,
    deck_id: row.deckId,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    score: row.status === 'done' ? await scoreOf(row.id) : null,
  };
}

/** Scoring of any owner's current deck (a founder's, later a deal's): runs, the job, the results. */
export function createScoringService({ repo, decks, jobs, analyzer, profileOf }: ScoringServiceDeps) {
  const view = (row: RunRow) => toRunView(row, repo.scoreOfRun);
  const scoredListeners: ScoredListener[] = [];
  const runListeners: ((owner: ScoringOwner) => void)[] = [];
  /** A run of this owner was queued, started, stored or failed (committed): its listeners hear it. */
  const runChanged = (owner: ScoringOwner) => {
    for (const listener of runListeners) listener(owner);
  };

  /** The job: read the deck, analyse it, store the result; progress follows the real stages. */
  async function runJob(runId: string, ctx: JobContext): Promise<void> {
    const run = await repo.getRunById(runId);
    if (!run || run.status === 'done' || run.status === 'failed') return;
    // A newer attempt holds the run: this one lost its lease before it even started.
    if (!(await repo.markRunning(run.id, ctx.attempt))) return;
    const owner = ownerOfRow(run);
    runChanged(owner);
    if (!run.deckId) throw new PermanentJobError('The deck was removed before scoring finished.');

    const profile = await profileOf(owner);
    let deck;
    try {
      deck = await decks.read(owner, run.deckId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found') {
        throw new PermanentJobError('The deck was removed before scoring finished.');
      }
      throw err;
    }

    let lastWrite = 0;
    let lastStage = '';
    let writes = Promise.resolve();
    const onProgress = (p: { stage: keyof typeof STAGE_SPAN; done: number; total: number }) => {
      const [from, to] = STAGE_SPAN[p.stage];
      const pct = from + (to - from) * (p.total > 0 ? Math.min(1, p.done / p.total) : 0);
      const now = Date.now();
      if (p.stage === lastStage && now - lastWrite < 250) return;
      lastStage = p.stage;
      lastWrite = now;
      writes = writes.then(() => repo.updateProgress(run.id, ctx.attempt, p.stage, pct)).catch(() => {});
    };

    let analysis: FitScoreAnalysis;
    let pages: readonly DealFactPage[] | null = null;
    try {
      analysis = await analyzer.analyze(deck.bytes, profile, { onProgress, signal: ctx.signal, onRead: (read) => (pages = read.pages) });
    } catch (err) {
      // A deck the engine cannot read will not read better on a retry: say why, once.
      if (isDeckError(err)) throw new PermanentJobError(err.message);
      throw err;
    }
    await writes;
    if (ctx.signal.aborted) throw new Error('Scoring was interrupted');
    await storeResult(run, ctx.attempt, {
      deckId: deck.deck.id,
      deckVersion: deck.deck.version,
      engineVersion: analysis.engineVersion,
      overall: analysis.overall,
      analysis,
      profile: profile ?? {},
    }, { pages });
  }

  /** Stores the analysis with the owner's bookkeeping; a worker that lost its lease stores nothing. */
  async function storeResult(run: RunRow, attempt: number, score: NewScore, deck: ScoredDeck): Promise<void> {
    const owner = ownerOfRow(run);
    try {
      await repo.complete(run, attempt, score, async (row, tx) => {
        for (const listener of scoredListeners) await listener(owner, row, tx, deck);
      });
      runChanged(owner);
    } catch (err) {
      // The newer attempt stores its own result; this one ends quietly, without failing the run.
      if (err instanceof LostLeaseError) return;
      throw err;
    }
  }

  /** Scores one run; a run that failed for good records why (the engine's reason, or a generic one). */
  const scoreDeck = defineJob({
    name: SCORING_QUEUE,
    payload: z.object({ runId: z.uuid() }),
    handler: ({ runId }, ctx) => runJob(runId, ctx),
    async onFailed({ runId }, failure: JobFailure) {
      await repo.fail(runId, failure.permanent ? failure.message : SCORING_FAILED);
      const run = await repo.getRunById(runId);
      if (run) runChanged(ownerOfRow(run));
    },
    options: { retryLimit: 2, retryDelaySeconds: 1 },
  });

  return {
    /** The jobs this module runs, for the app's job queue. */
    jobs: [scoreDeck],

    /** Starts scoring the owner's current deck; a second start returns the running scoring. */
    async start(owner: ScoringOwner, { admit, deckId }: StartOptions = {}): Promise<ScoringRun> {
      // An unknown or foreign version is 404 before anything else is said about it.
      const chosen = deckId ? await decks.get(owner, deckId) : undefined;
      const active = await repo.activeRun(owner);
      if (active) {
        if (!chosen || active.deckId === chosen.id) return view(active);
        throw new AppError('conflict', 'Another scoring is running. Try again when it has finished.');
      }
      await admit?.();
      const deck = chosen ?? (await decks.current(owner));
      if (!deck) throw new AppError('conflict', 'Please upload your deck first');

      // The run and its job are written in one transaction: neither exists without the other.
      const run = await repo.createRun(owner, deck.id, (created, tx) =>
        jobs.send(scoreDeck, { runId: created.id }, { tx }),
      );
      if (!run) {
        const raced = await repo.activeRun(owner);
        if (raced) return view(raced);
        throw new AppError('conflict', 'A scoring is already starting. Please try again.');
      }
      runChanged(owner);
      return view(run);
    },

    async run(owner: ScoringOwner, runId: string): Promise<ScoringRun> {
      const row = await repo.getRun(owner, runId);
      if (!row) throw new AppError('not_found', 'Scoring run not found');
      return view(row);
    },

    /** The scoring in flight, else the last one (so a reload can show how it ended). */
    async activeOrLatestRun(owner: ScoringOwner): Promise<ScoringRun | null> {
      const row = (await repo.activeRun(owner)) ?? (await repo.latestRun(owner));
      return row ? view(row) : null;
    },

    async latest(owner: ScoringOwner): Promise<FitScoreResult | null> {
      const row = await repo.latestScore(owner);
      if (!row) return null;
      const { score, filename } = row;
      return {
        id: score.id,
        createdAt: score.createdAt.toISOString(),
        deck: { id: score.deckId, version: score.deckVersion, filename: filename ?? null },
        engineVersion: score.engineVersion,
        overall: score.overall,
        analysis: score.analysis as FitScoreAnalysis,
      };
    },

    /** The latest stored score of each of these versions, by deck id (a version never scored is absent). */
    async scoresOfDecks(owner: ScoringOwner, deckIds: string[]): Promise<Map<string, ScoreRow>> {
      const rows = await repo.latestScoresOfDecks(owner, deckIds);
      return new Map(rows.map((row) => [row.deckId!, row]));
    },

    /** The current score is cleared (it stays in history); `tx` joins a caller's unit of work. */
    clear: (owner: ScoringOwner, tx?: Transaction) => repo.in(tx).clearScores(owner),

    countThisMonth: (owner: ScoringOwner) => repo.countThisMonth(owner),

    /** Another module's bookkeeping when an owner's analysis is stored, in the same transaction. */
    /** Told (after it committed) when a run is queued, starts, is stored or fails: what screens show of its state. */
    onRunChanged(listener: (owner: ScoringOwner) => void) {
      runListeners.push(listener);
    },

    onScored(listener: ScoredListener) {
      scoredListeners.push(listener);
    },
  };
}
export type ScoringService = ReturnType<typeof createScoringService>;
