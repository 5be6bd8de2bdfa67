import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { OnboardingChecks } from '../auth/auth.service.ts';
import { createFundsRepository } from './funds.repository.ts';
import { fundsRoutes } from './funds.routes.ts';
import { createFundsService } from './funds.service.ts';

export interface FundsModuleDeps {
  platform: Platform;
  /** Filled here: an investor is onboarded once their fund's three steps are saved and valid. */
  onboarding: OnboardingChecks;
}

/** The investor's fund: onboarding steps and settings. */
export function register(app: FastifyInstance, { platform, onboarding }: FundsModuleDeps) {
  const funds = createFundsService(createFundsRepository(platform.db), platform.uow, {
    publicWebUrl: platform.config.publicWebUrl,
  });
  onboarding.vc = (userId) => funds.isOnboarded(userId);
  fundsRoutes(app, funds);
  return funds;
}
