import { apiKeyEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { ApiKeysService } from './api-keys.service.ts';

/** Settings → API: the fund's admins list, create and revoke its API keys. */
export function apiKeysRoutes(app: FastifyInstance, keys: ApiKeysService) {
  registerEndpoint(app, apiKeyEndpoints.list, ({ fund }) => keys.list(fund.id));
  registerEndpoint(app, apiKeyEndpoints.create, ({ fund, auth, body }) => keys.create(fund.id, auth.user.id, body));
  registerEndpoint(app, apiKeyEndpoints.revoke, ({ fund, params }) => keys.revoke(fund.id, params.id));
}
