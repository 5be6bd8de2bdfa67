import { vcEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { FundsService } from './funds.service.ts';

/** The investor's fund: onboarding steps and settings. Every call acts on the caller's own fund. */
export function fundsRoutes(app: FastifyInstance, funds: FundsService) {
  registerEndpoint(app, vcEndpoints.getProfile, ({ auth }) => funds.getProfile(auth.user.id));
  registerEndpoint(app, vcEndpoints.saveFundStep, ({ auth, body }) => funds.saveFundStep(auth.user.id, body));
  registerEndpoint(app, vcEndpoints.saveScoringWeights, ({ auth, body }) => funds.saveScoringWeights(auth.user.id, body));
  registerEndpoint(app, vcEndpoints.saveIntakeSources, ({ auth, body }) => funds.saveIntakeSources(auth.user.id, body));
  registerEndpoint(app, vcEndpoints.saveScoringPreferences, ({ auth, body }) =>
    funds.saveScoringPreferences(auth.user.id, body),
  );
  registerEndpoint(app, vcEndpoints.saveInvestmentWeights, ({ auth, body }) =>
    funds.saveInvestmentWeights(auth.user.id, body),
  );
}
