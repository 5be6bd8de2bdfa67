import { shareEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { ShareLinksService } from './share-links.service.ts';

/** Public page views per IP per minute. */
const PUBLIC_VIEWS_PER_MINUTE = 60;

export function shareLinksRoutes(app: FastifyInstance, shareLinks: ShareLinksService) {
  registerEndpoint(app, shareEndpoints.create, async ({ auth, body }) => ({ link: await shareLinks.create(auth.user.id, body) }), {
    rateLimit: { max: 30, timeWindow: 60_000 },
  });
  registerEndpoint(app, shareEndpoints.list, async ({ auth }) => ({ links: await shareLinks.list(auth.user.id) }));
  registerEndpoint(app, shareEndpoints.revoke, async ({ auth, params }) => ({
    link: await shareLinks.revoke(auth.user.id, params.id),
  }));
  // Public and unauthenticated: limited per IP so tokens cannot be guessed at speed.
  registerEndpoint(
    app,
    shareEndpoints.view,
    async ({ params, auth, reply }) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return shareLinks.open(params.token, auth?.user.id ?? null);
    },
    { rateLimit: { max: PUBLIC_VIEWS_PER_MINUTE, timeWindow: 60_000 } },
  );
}
