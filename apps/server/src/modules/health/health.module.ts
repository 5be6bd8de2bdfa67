import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.routes.ts';

export type Readiness = () => Promise<{ ready: true } | { ready: false; reason: string; err?: unknown }>;

/** Whether this process should get traffic: not draining for shutdown, and its database answers. */
export function readinessOf(app: FastifyInstance, ping: () => Promise<void>): Readiness {
  return async () => {
    if (app.lifecycle.draining) return { ready: false, reason: 'Shutting down' };
    try {
      await ping();
      return { ready: true };
    } catch (err) {
      return { ready: false, reason: 'Database unreachable', err };
    }
  };
}

/** Liveness and readiness probes. */
export function register(app: FastifyInstance, { ping }: { ping: () => Promise<void> }): Readiness {
  const readiness = readinessOf(app, ping);
  healthRoutes(app, readiness);
  return readiness;
}
