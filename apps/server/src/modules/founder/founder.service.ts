import { compareAnalyses, investorBrief, type DeckVersion, type FitScoreAnalysis, type FounderProfile, type FounderProgress, type InvestorBrief, type ScoringRun, type VersionComparison } from '@fitscore/contracts';
import { ENGINE_VERSION } from '@fitscore/deck-analysis';
import { AppError } from '../../lib/app-error.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { toDeckInfo, type DecksService } from '../decks/decks.service.ts';
import type { MetricsService } from '../metrics/metrics.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';

/** A stored score as the scoring service hands it out. */
type ScoreRow = Awaited<ReturnType<ScoringService['scoresOfDecks']>> extends Map<string, infer R> ? R : never;

/** What the founder's plan allows (the billing module's answers). */
export interface FounderPlan {
  /** How many deck versions the plan keeps (null: all). */
  versionsKept: (userId: string) => Promise<number | null>;
  /** Throws plan_limit when the plan has no scan left this month. */
  assertCanScore: (userId: string) => Promise<void>;
}

export interface FounderServiceDeps {
  profiles: ProfilesService;
  decks: DecksService;
  scoring: ScoringService;
  metrics: MetricsService;
  plan: FounderPlan;
  uow: UnitOfWork;
}

/**
 * The founder's journey across modules: profile → deck → score, as the server knows it.
 * Decks and scoring work for any owner; the founder's own rules (a complete profile first,
 * the plan's scans and versions) are checked here, before they are called.
 */
export function createFounderService({ profiles, decks, scoring, metrics, plan, uow }: FounderServiceDeps) {
  /** Every kept version with its latest score, newest first; `scores` keeps the stored rows for a comparison. */
  async function versionsOf(userId: string) {
    const owner = founderOwner(userId);
    const [rows, current] = await Promise.all([decks.list(owner), decks.current(owner)]);
    const scores = await scoring.scoresOfDecks(owner, rows.map((row) => row.id));
    const versions: DeckVersion[] = rows.map((row) => {
      const score = scores.get(row.id);
      return {
        ...toDeckInfo(row),
        current: row.id === current?.id,
        score: score
          ? {
              id: score.id,
              overall: score.overall,
              label: (score.analysis as FitScoreAnalysis).label,
              engineVersion: score.engineVersion,
              scoredAt: score.createdAt.toISOString(),
            }
          : null,
        engineOutdated: Boolean(score && score.engineVersion !== ENGINE_VERSION),
      };
    });
    return { versions, scores };
  }

  return {
    async versions(userId: string) {
      const { versions } = await versionsOf(userId);
      return { versions, engineVersion: ENGINE_VERSION, versionsKept: await plan.versionsKept(userId) };
    },

    /** What changed from version `withId` (earlier) to version `deckId`, from their stored scores. */
    async compare(userId: string, deckId: string, withId: string): Promise<VersionComparison> {
      const { versions, scores } = await versionsOf(userId);
      const to = versions.find((v) => v.id === deckId);
      const from = versions.find((v) => v.id === withId);
      if (!to || !from) throw new AppError('not_found', 'Deck version not found');
      if (to.id === from.id) throw new AppError('bad_request', 'Choose a different version to compare with');
      const unscored = [from, to].filter((v) => !v.score);
      if (unscored.length > 0) {
        const names = unscored.map((v) => `version ${v.version}`).join(' and ');
        throw new AppError('conflict', `Score ${names} first: a comparison needs a score on both sides.`);
      }
      const before = scores.get(from.id) as ScoreRow;
      const after = scores.get(to.id) as ScoreRow;
      return {
        from,
        to,
        engineDiffers: before.engineVersion !== after.engineVersion,
        ...compareAnalyses(before.analysis as FitScoreAnalysis, after.analysis as FitScoreAnalysis),
      };
    },

    /** The 30-second brief of the dashboard's score, with the company's name and one-liner from the profile. */
    async brief(userId: string): Promise<InvestorBrief | null> {
      const [score, profile] = await Promise.all([scoring.latest(founderOwner(userId)), profiles.current(userId)]);
      if (!score) return null;
      return investorBrief(score.analysis, { name: profile?.startup_name ?? null, oneLiner: profile?.one_liner ?? null });
    },

    /** Scores one kept version again under the current engine: the same admission as any scoring (profile, scans). */
    rescore: (userId: string, deckId: string): Promise<ScoringRun> =>
      scoring.start(founderOwner(userId), {
        deckId,
        admit: async () => {
          await profiles.require(userId);
          await plan.assertCanScore(userId);
        },
      }),

    async saveProfile(userId: string, profile: FounderProfile) {
      const saved = await profiles.save(userId, profile);
      if (saved.profile) await metrics.recordFromProfile(userId, saved.profile);
      return saved;
    },

    async progress(userId: string): Promise<FounderProgress> {
      const owner = founderOwner(userId);
      const [profileComplete, deck, score, activeRun] = await Promise.all([
        profiles.isComplete(userId),
        decks.current(owner),
        scoring.latest(owner),
        scoring.activeOrLatestRun(owner),
      ]);
      return {
        profile_complete: profileComplete,
        deck_uploaded: Boolean(deck),
        score_complete: Boolean(score),
        deck_filename: deck?.filename ?? null,
        score: score?.overall ?? null,
        active_run: activeRun,
      };
    },

    /** A deck is uploaded once the profile is complete; the plan decides how many versions stay. */
    async uploadDeck(userId: string, file: { filename: string; bytes: Uint8Array }) {
      await profiles.require(userId);
      return decks.upload(founderOwner(userId), file, { versionsKept: await plan.versionsKept(userId) });
    },

    /** Scores the current deck with the profile; a new scoring needs a complete profile and counts against the plan. */
    startScoring: (userId: string): Promise<ScoringRun> =>
      scoring.start(founderOwner(userId), {
        admit: async () => {
          await profiles.require(userId);
          await plan.assertCanScore(userId);
        },
      }),

    /** New Upload: the current deck and the current score are cleared together; history is kept. */
    async newUpload(userId: string) {
      const owner = founderOwner(userId);
      await uow.run(async (tx) => {
        await decks.remove(owner, tx);
        await scoring.clear(owner, tx);
      });
      return { ok: true as const };
    },
  };
}
export type FounderService = ReturnType<typeof createFounderService>;
