import { founderEndpoints } from '@fitscore/contracts';
import { RUBRIC } from '@fitscore/deck-analysis';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { ScoringService } from './scoring.service.ts';

/** A founder's scoring runs and results (starting one is the founder module's: it checks the profile and plan). */
export function scoringRoutes(app: FastifyInstance, scoring: ScoringService) {
  registerEndpoint(app, founderEndpoints.scoringRun, async ({ auth, params }) => ({
    run: await scoring.run(founderOwner(auth.user.id), params.id),
  }));
  registerEndpoint(app, founderEndpoints.rubric, () => RUBRIC);
  registerEndpoint(app, founderEndpoints.latestScore, async ({ auth }) => ({
    score: await scoring.latest(founderOwner(auth.user.id)),
  }));
}
