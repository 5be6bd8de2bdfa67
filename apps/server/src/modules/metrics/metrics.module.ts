import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { createMetricsRepository } from './metrics.repository.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { createMetricsService } from './metrics.service.ts';

export interface MetricsModuleDeps {
  platform: Platform;
  profiles: ProfilesService;
  billing: BillingService;
}

/** The founder's key metrics; the financial dashboard part is Premium. */
export function register(app: FastifyInstance, { platform, profiles, billing }: MetricsModuleDeps) {
  const metrics = createMetricsService({
    repo: createMetricsRepository(platform.db),
    profiles,
    hasFinancialDashboard: (userId) => billing.hasFeature(userId, 'financial_dashboard'),
  });
  metricsRoutes(app, metrics);
  return metrics;
}
