import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { createCompaniesRepository } from './companies.repository.ts';
import { companiesRoutes } from './companies.routes.ts';
import { createCompaniesService } from './companies.service.ts';

export interface CompaniesModuleDeps {
  platform: Platform;
  profiles: ProfilesService;
  billing: BillingService;
}

/** Similar funded companies (Premium) and the founder's own reported raise. */
export function register(app: FastifyInstance, { platform, profiles, billing }: CompaniesModuleDeps) {
  const companies = createCompaniesService({
    repo: createCompaniesRepository(platform.db),
    profiles,
    assertPremium: (userId, featureName) => billing.assertFeature(userId, 'similar_companies', featureName),
  });
  companiesRoutes(app, companies);
}
