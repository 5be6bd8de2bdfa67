import type { FastifyInstance } from 'fastify';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { createScoringRepository } from './scoring.repository.ts';
import { scoringRoutes } from './scoring.routes.ts';
import { createScoringService } from './scoring.service.ts';

export interface ScoringModuleDeps {
  platform: Platform;
  profiles: ProfilesService;
  decks: DecksService;
  jobs: JobQueue;
  /** Filled here: billing counts this month's scans. */
  scansThisMonth: ExtensionPoint<(userId: string) => Promise<number>>;
}

/** Scoring runs (a durable job each), the rubric and the latest score. */
export function register(app: FastifyInstance, { platform, profiles, decks, jobs, scansThisMonth }: ScoringModuleDeps) {
  const scoring = createScoringService({
    repo: createScoringRepository(platform.db),
    decks,
    jobs,
    analyzer: platform.analyzer,
    // A deal is scored on its deck alone: its founder has no profile with the fund.
    profileOf: async (owner) => (owner.kind === 'founder' ? profiles.current(owner.userId) : null),
  });
  scansThisMonth.provide((userId) => scoring.countThisMonth(founderOwner(userId)));
  scoringRoutes(app, scoring);
  return scoring;
}
