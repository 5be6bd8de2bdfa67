import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createBrandingRepository } from './branding.repository.ts';
import { brandingRoutes } from './branding.routes.ts';
import { createBrandingService } from './branding.service.ts';

export interface BrandingModuleDeps {
  platform: Platform;
}

/** White-label intake for Enterprise funds: Settings → Branding, the logo and the host mapping (issue 33 point 4). */
export function register(app: FastifyInstance, { platform }: BrandingModuleDeps) {
  const { config } = platform;
  const branding = createBrandingService({
    repo: createBrandingRepository(platform.db),
    blobs: platform.blobs,
    publicApiUrl: config.publicApiUrl,
    ownHosts: [new URL(config.publicWebUrl).host, new URL(config.publicApiUrl).host],
  });
  brandingRoutes(app, branding);
  return branding;
}
