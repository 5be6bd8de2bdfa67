import type { FounderProfile, FounderProgress, ScoringRun } from '@fitscore/contracts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { MetricsService } from '../metrics/metrics.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';

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
  return {
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
