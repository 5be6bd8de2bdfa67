import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createApiKeysRepository } from './api-keys.repository.ts';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { createApiKeysService } from './api-keys.service.ts';
import { publicApiRoutes, type PublicApiDeps } from './public-api.routes.ts';

export interface ApiAccessModuleDeps extends Omit<PublicApiDeps, 'keys' | 'perMinute'> {
  platform: Platform;
}

/** API access for Enterprise funds: keys under Settings → API, and the public API under /api/v1/ (ADR 0059). */
export function register(app: FastifyInstance, { platform, ...services }: ApiAccessModuleDeps) {
  const keys = createApiKeysService(createApiKeysRepository(platform.db));
  apiKeysRoutes(app, keys);
  publicApiRoutes(app, { keys, perMinute: platform.config.rateLimits.apiKeyPerMinute, ...services });
}
