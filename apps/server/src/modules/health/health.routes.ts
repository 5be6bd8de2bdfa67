import type { FastifyInstance } from 'fastify';
import { sendError } from '../../plugins/errors.ts';
import type { Readiness } from './health.module.ts';

/** Liveness says the process answers; readiness says it should get traffic (database reachable, not shutting down). */
export function healthRoutes(app: FastifyInstance, readiness: Readiness) {
  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));
  app.get('/readyz', hidden, async (request, reply) => {
    const check = await readiness();
    if (check.ready) return { status: 'ready' };
    if (check.err) request.log.warn({ err: check.err }, 'readiness check failed');
    return sendError(reply, 'unavailable', check.reason);
  });
}
