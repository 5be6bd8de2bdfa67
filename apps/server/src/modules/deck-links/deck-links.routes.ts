import { DECK_VIEWER_HEADER, deckLinkEndpoints } from '@fitscore/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { DeckLinksService, ViewerContext } from './deck-links.service.ts';

/** Gate attempts per IP per minute (wrong passcodes are also limited per link, from all addresses). */
const OPENS_PER_MINUTE = 30;
/** Gate page loads per IP per minute. */
const VIEWS_PER_MINUTE = 60;
/** Page images per IP per minute: a reader paging through a deck stays far below this. */
const PAGES_PER_MINUTE = 240;
/** Beacons per IP per minute: the page sends one every few seconds and on each page turn. */
const BEACONS_PER_MINUTE = 120;
/** A beacon is two small numbers. */
const BEACON_BODY_BYTES = 256;

const userAgentOf = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '');

export function deckLinksRoutes(app: FastifyInstance, deckLinks: DeckLinksService) {
  registerEndpoint(app, deckLinkEndpoints.create, async ({ auth, body }) => ({ link: await deckLinks.create(auth.user.id, body) }), {
    rateLimit: { max: 30, timeWindow: 60_000 },
  });
  registerEndpoint(app, deckLinkEndpoints.list, async ({ auth }) => ({ links: await deckLinks.list(auth.user.id) }));
  registerEndpoint(app, deckLinkEndpoints.alerts, async ({ auth }) => deckLinks.alerts(auth.user.id));
  registerEndpoint(app, deckLinkEndpoints.readAlerts, async ({ auth }) => {
    await deckLinks.readAlerts(auth.user.id);
    return { ok: true as const };
  });
  registerEndpoint(app, deckLinkEndpoints.detail, async ({ auth, params }) => deckLinks.detail(auth.user.id, params.id));
  registerEndpoint(app, deckLinkEndpoints.revoke, async ({ auth, params }) => ({ link: await deckLinks.revoke(auth.user.id, params.id) }));

  // Public and unauthenticated, limited per IP. Nothing here counts a view: a link preview that
  // fetches the gate or the page's HTML never sends a beacon.
  registerEndpoint(
    app,
    deckLinkEndpoints.view,
    async ({ params, reply }) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return deckLinks.view(params.token);
    },
    { rateLimit: { max: VIEWS_PER_MINUTE, timeWindow: 60_000 } },
  );
  registerEndpoint(
    app,
    deckLinkEndpoints.open,
    async ({ params, body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return deckLinks.open(params.token, body, userAgentOf(request));
    },
    { rateLimit: { max: OPENS_PER_MINUTE, timeWindow: 60_000 }, bodyLimit: 1024 },
  );

  // A viewer's routes: the session header is checked against a live link before the body is read.
  void app.register(async (scope) => {
    const viewers = new WeakMap<FastifyRequest, ViewerContext>();
    scope.addHook('onRequest', async (request) => {
      const { token } = request.params as { token: string };
      const session = request.headers[DECK_VIEWER_HEADER.toLowerCase()];
      viewers.set(request, await deckLinks.viewer(String(token ?? ''), typeof session === 'string' ? session : undefined));
    });
    const viewerOf = (request: FastifyRequest) => viewers.get(request)!;

    registerEndpoint(
      scope,
      deckLinkEndpoints.page,
      async ({ params, request, reply }) => {
        // Per viewer and revocable at once: never kept by a browser or a proxy.
        reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        return (await deckLinks.page(viewerOf(request), params.n)) as never;
      },
      { rateLimit: { max: PAGES_PER_MINUTE, timeWindow: 60_000 } },
    );
    registerEndpoint(
      scope,
      deckLinkEndpoints.beacon,
      async ({ body, request, auth }) => {
        await deckLinks.beacon(viewerOf(request), body, { userAgent: userAgentOf(request), userId: auth?.user.id ?? null });
        return { ok: true as const };
      },
      { rateLimit: { max: BEACONS_PER_MINUTE, timeWindow: 60_000 }, bodyLimit: BEACON_BODY_BYTES },
    );
    registerEndpoint(
      scope,
      deckLinkEndpoints.download,
      async ({ request, reply }) => {
        const { bytes, filename } = await deckLinks.download(viewerOf(request));
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.\- ]+/g, '_')}"`);
        return bytes as never;
      },
      { rateLimit: { max: 20, timeWindow: 60_000 } },
    );
  });
}
