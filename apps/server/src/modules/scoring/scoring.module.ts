import type { FastifyInstance } from 'fastify';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { createScoringRepository } from './scoring.repository.ts';
import { scoringRoutes } from './scoring.routes.ts';
import { createScoringService } from './scoring.service.ts';

export interface ScoringModuleDeps {
  platform: Platform;
  profiles: ProfilesService;
  decks: DecksService;
  billing: BillingService;
  queue: JobQueue;
  /** Filled here: billing counts this month's scans. */
  scansThisMonth: ExtensionPoint<(userId: string) => Promise<number>>;
}

/** Scoring runs (a durable job each), the rubric and the latest score. */
export function register(app: FastifyInstance, { platform, profiles, decks, billing, queue, scansThisMonth }: ScoringModuleDeps) {
  const scoring = createScoringService({
    repo: createScoringRepository(platform.db),
    profiles,
    decks,
    queue,
    analyzer: platform.analyzer,
    assertCanScore: billing.assertCanScore,
  });
  scansThisMonth.provide(scoring.countThisMonth);
  scoringRoutes(app, scoring);
  return scoring;
}
