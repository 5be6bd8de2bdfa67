import type { FounderProfile, FounderProgress } from '@fitscore/contracts';
import type { DecksService } from '../decks/decks.service.ts';
import type { MetricsService } from '../metrics/metrics.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';

export interface FounderServiceDeps {
  profiles: ProfilesService;
  decks: DecksService;
  scoring: ScoringService;
  metrics: MetricsService;
}

/** The founder's journey across modules: profile → deck → score, as the server knows it. */
export function createFounderService({ profiles, decks, scoring, metrics }: FounderServiceDeps) {
  return {
    async saveProfile(userId: string, profile: FounderProfile) {
      const saved = await profiles.save(userId, profile);
      if (saved.profile) await metrics.recordFromProfile(userId, saved.profile);
      return saved;
    },

    async progress(userId: string): Promise<FounderProgress> {
      const [profileComplete, deck, score, activeRun] = await Promise.all([
        profiles.isComplete(userId),
        decks.current(userId),
        scoring.latest(userId),
        scoring.activeOrLatestRun(userId),
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

    /** New Upload: the current deck and the current score are cleared; history is kept. */
    async newUpload(userId: string) {
      await decks.remove(userId);
      await scoring.clear(userId);
      return { ok: true as const };
    },
  };
}
export type FounderService = ReturnType<typeof createFounderService>;
