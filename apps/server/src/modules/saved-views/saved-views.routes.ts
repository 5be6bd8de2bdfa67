import { savedViewEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { SavedViewsService } from './saved-views.service.ts';

/** A member's saved pipeline views: every call is the caller's, within their fund. */
export function savedViewsRoutes(app: FastifyInstance, views: SavedViewsService) {
  registerEndpoint(app, savedViewEndpoints.list, ({ fund, auth }) => views.list(fund.id, auth.user.id));
  registerEndpoint(app, savedViewEndpoints.create, ({ fund, auth, body }) => views.create(fund.id, auth.user.id, body));
  registerEndpoint(app, savedViewEndpoints.update, ({ fund, auth, params, body }) => views.update(fund.id, auth.user.id, params.id, body));
  registerEndpoint(app, savedViewEndpoints.remove, ({ fund, auth, params }) => views.remove(fund.id, auth.user.id, params.id));
  registerEndpoint(app, savedViewEndpoints.setDefault, ({ fund, auth, body }) => views.setDefault(fund.id, auth.user.id, body.viewId));
}
