import { founderEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { MetricsService } from './metrics.service.ts';

export function metricsRoutes(app: FastifyInstance, metrics: MetricsService) {
  registerEndpoint(app, founderEndpoints.metrics, ({ auth }) => metrics.get(auth.user.id));
  registerEndpoint(app, founderEndpoints.updateMetrics, ({ auth, body }) => metrics.update(auth.user.id, body));
}
