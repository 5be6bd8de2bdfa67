import type { FastifyInstance } from 'fastify';

/** Where a process is in its life, as a load balancer needs to know it. */
export interface Lifecycle {
  /** True from SIGTERM on: /readyz answers 503 while requests are still served. */
  readonly draining: boolean;
  /** Starts draining: readiness fails and every answer closes its connection. */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/**
 * Graceful shutdown behind a balancer (ADR 0044). Once draining, each answer says
 * `Connection: close`, so the balancer opens a new connection for its next request (to a host
 * that is ready) instead of reusing one this host is about to close; idle connections are left
 * for the balancer to close, so none is cut while a request is on its way.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  let draining = false;
  const lifecycle: Lifecycle = {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
  app.decorate('lifecycle', lifecycle);
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return lifecycle;
}
