import { vcEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { FundsService } from './funds.service.ts';

/**
 * The investor's fund: onboarding steps and settings. Reading needs `fund:member`, changing
 * `fund:admin` (the access guard resolved the caller's fund and role). An investor belongs to
 * one fund, so the service, which finds it by member, acts on that same fund (and makes it
 * on its admin's first save).
 */
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
