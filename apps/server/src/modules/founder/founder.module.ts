import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { OnboardingChecks } from '../auth/auth.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { MetricsService } from '../metrics/metrics.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { founderRoutes } from './founder.routes.ts';
import { createFounderService } from './founder.service.ts';

export interface FounderModuleDeps {
  platform: Platform;
  billing: BillingService;
  profiles: ProfilesService;
  decks: DecksService;
  scoring: ScoringService;
  metrics: MetricsService;
  /** Filled here: a founder is onboarded once their profile is complete. */
  onboarding: OnboardingChecks;
}

/** The founder journey: profile → deck → scoring → results, and starting over with a new deck. */
export function register(app: FastifyInstance, { platform, billing, profiles, decks, scoring, metrics, onboarding }: FounderModuleDeps) {
  onboarding.founder = profiles.isComplete;
  founderRoutes(app, createFounderService({
    profiles,
    decks,
    scoring,
    metrics,
    plan: {
      versionsKept: async (userId) => billing.limits(await billing.getPlan(userId)).versionsKept,
      assertCanScore: billing.assertCanScore,
    },
    uow: platform.uow,
  }), profiles);
}
