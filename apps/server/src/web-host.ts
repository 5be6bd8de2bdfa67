import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config/env.ts';
import { addSecurityHeaders } from './plugins/security-headers.ts';
import { limitConnectionsPerAddress, serverTimeouts, trustProxyOption } from './plugins/connection-limits.ts';

/**
 * Serves the built web app (apps/web/dist) on its own port, with the API's address
 * handed to the page through /config.js and every unknown path answered by the SPA.
 * Slow clients are closed as on the API (same timeouts and per-address cap).
 */
export async function buildWebHost(config: AppConfig): Promise<FastifyInstance | null> {
  const root = config.web.distDir;
  if (!existsSync(join(root, 'index.html'))) return null;

  const web = Fastify({ logger: false, trustProxy: trustProxyOption(config.trustProxy), ...serverTimeouts(config.connections) });
  limitConnectionsPerAddress(web.server, config.connections.maxPerAddress, config.trustProxy);
  const apiOrigin = new URL(config.publicApiUrl).origin;
  addSecurityHeaders(web, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The API's too: a white-label fund's logo is served there (GET /api/apply/:slug/logo).
        imgSrc: ["'self'", 'data:', 'blob:', apiOrigin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", apiOrigin, apiOrigin.replace('localhost', '127.0.0.1')],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await web.register(fastifyStatic, {
    root,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  web.get('/config.js', async (_request, reply) =>
    reply
      .type('text/javascript')
      .header('cache-control', 'no-cache')
      .send(`window.__FITSCORE_CONFIG__ = ${JSON.stringify({ apiUrl: config.publicApiUrl, webUrl: config.publicWebUrl })};\n`),
  );
  web.get('/healthz', async () => ({ status: 'ok' }));
  web.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return web;
}
