import { matchesEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { MatchesService } from './matches.service.ts';

/** Founders: matches and intros (their own only). Investors: a deal declined with reasons (their fund's only). */
export function matchesRoutes(app: FastifyInstance, matches: MatchesService) {
  registerEndpoint(app, matchesEndpoints.matches, ({ auth }) => matches.matches(auth.user.id));
  registerEndpoint(app, matchesEndpoints.requestIntro, ({ auth, params, body }) => matches.requestIntro(auth.user.id, params.fundId, body.note));
  registerEndpoint(app, matchesEndpoints.intros, ({ auth }) => matches.intros(auth.user.id));
  registerEndpoint(app, matchesEndpoints.answer, ({ auth, params, body }) => matches.answer(auth.user.id, params.id, body.answer));
  registerEndpoint(app, matchesEndpoints.decline, ({ fund, auth, params, body }) => matches.decline(fund.id, auth.user.id, params.id, body));
  registerEndpoint(app, matchesEndpoints.declineReasons, ({ fund, auth, params }) => matches.declineReasons(fund.id, auth.user.id, params.id));
}
