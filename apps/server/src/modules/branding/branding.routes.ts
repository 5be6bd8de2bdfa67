import { brandingEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { BrandingService } from './branding.service.ts';
import { readLogoFile } from './logo-file.ts';

/** Settings → Branding (admins change, members read) and the public pieces an apply page needs. */
export function brandingRoutes(app: FastifyInstance, branding: BrandingService) {
  registerEndpoint(app, brandingEndpoints.get, ({ fund }) => branding.settings(fund.id));
  registerEndpoint(app, brandingEndpoints.save, ({ fund, auth, body }) => branding.save(fund.id, auth.user.id, body));
  registerEndpoint(app, brandingEndpoints.uploadLogo, async ({ fund, auth, request }) => branding.uploadLogo(fund.id, auth.user.id, await readLogoFile(request)));
  registerEndpoint(app, brandingEndpoints.deleteLogo, ({ fund, auth }) => branding.deleteLogo(fund.id, auth.user.id));
  registerEndpoint(app, brandingEndpoints.logo, async ({ params, request, reply }) => {
    const logo = await branding.logo(params.slug);
    // Public and addressed by version (?v=): shown in founders' mail clients and on the apply page.
    reply.header('etag', logo.etag).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').type(logo.type);
    if (request.headers['if-none-match'] === logo.etag) return reply.code(304).send() as never;
    return Buffer.from(logo.bytes) as never;
  });
  registerEndpoint(app, brandingEndpoints.byHost, ({ params }) => branding.byHost(params.host));
}
