import { dealCommentsEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { CollabService } from './collab.service.ts';

/** Comments and activity of the caller's fund's deals (another fund's deal is a 404). */
export function collabRoutes(app: FastifyInstance, collab: CollabService) {
  registerEndpoint(app, dealCommentsEndpoints.list, ({ fund, auth, params }) => collab.list(fund.id, auth.user.id, params.id));
  registerEndpoint(app, dealCommentsEndpoints.create, ({ fund, auth, params, body }) => collab.create(fund.id, auth.user.id, params.id, body.body));
  registerEndpoint(app, dealCommentsEndpoints.update, ({ fund, auth, params, body }) =>
    collab.update(fund.id, auth.user.id, params.id, params.cid, body.body),
  );
  registerEndpoint(app, dealCommentsEndpoints.remove, ({ fund, auth, params }) => collab.remove(fund.id, auth.user.id, params.id, params.cid));
  registerEndpoint(app, dealCommentsEndpoints.activity, ({ fund, auth, params }) => collab.activity(fund.id, auth.user.id, params.id));
}
