import type { FastifyInstance } from 'fastify';
import { sendError } from '../../plugins/errors.ts';

/** Liveness says the process answers; readiness says it can reach its database. */
export function healthRoutes(app: FastifyInstance, ping: () => Promise<void>) {
  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));
  app.get('/readyz', hidden, async (request, reply) => {
    try {
      await ping();
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
      return sendError(reply, 'unavailable', 'Database unreachable');
    }
  });
}
