import { founderEndpoints } from '@fitscore/contracts';
import { RUBRIC } from '@fitscore/deck-analysis';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { ScoringService } from './scoring.service.ts';

export function scoringRoutes(app: FastifyInstance, scoring: ScoringService) {
  registerEndpoint(app, founderEndpoints.startScoring, async ({ auth }) => ({ run: await scoring.start(auth.user.id) }));
  registerEndpoint(app, founderEndpoints.scoringRun, async ({ auth, params }) => ({
    run: await scoring.run(auth.user.id, params.id),
  }));
  registerEndpoint(app, founderEndpoints.rubric, () => RUBRIC);
  registerEndpoint(app, founderEndpoints.latestScore, async ({ auth }) => ({ score: await scoring.latest(auth.user.id) }));
}
