import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness probes. */
export function register(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  healthRoutes(app, ping);
}
