import { followUpsEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { FollowUpsService } from './follow-ups.service.ts';

/** Reminders on deals, what is due for the caller, the fund's rule (admins) and the caller's digest choice. */
export function followUpsRoutes(app: FastifyInstance, followUps: FollowUpsService) {
  registerEndpoint(app, followUpsEndpoints.ofDeal, ({ fund, params }) => followUps.ofDeal(fund.id, params.id));
  registerEndpoint(app, followUpsEndpoints.create, ({ fund, auth, params, body }) => followUps.create(fund.id, auth.user.id, params.id, body));
  registerEndpoint(app, followUpsEndpoints.update, ({ fund, params, body }) => followUps.update(fund.id, params.id, body));
  registerEndpoint(app, followUpsEndpoints.complete, ({ fund, auth, params }) => followUps.complete(fund.id, auth.user.id, params.id));
  registerEndpoint(app, followUpsEndpoints.remove, ({ fund, params }) => followUps.remove(fund.id, params.id));
  registerEndpoint(app, followUpsEndpoints.due, ({ fund, auth }) => followUps.due(fund.id, auth.user.id));
  registerEndpoint(app, followUpsEndpoints.rule, ({ fund }) => followUps.rule(fund.id));
  registerEndpoint(app, followUpsEndpoints.saveRule, ({ fund, body }) => followUps.saveRule(fund.id, body));
  registerEndpoint(app, followUpsEndpoints.digest, ({ auth }) => followUps.digest(auth.user.id));
  registerEndpoint(app, followUpsEndpoints.saveDigest, ({ auth, body }) => followUps.saveDigest(auth.user.id, body));
}
