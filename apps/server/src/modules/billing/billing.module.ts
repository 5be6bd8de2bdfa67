import type { FastifyInstance } from 'fastify';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import { createBillingRepository } from './billing.repository.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService, type UsageSource } from './billing.service.ts';
import { fundBillingRoutes } from './fund-billing.routes.ts';
import { createFundBillingService } from './fund-billing.service.ts';
import { createLocalBillingProvider } from './local-billing.provider.ts';

export interface BillingModuleDeps {
  platform: Platform;
  /** Filled by the modules that own the numbers: scoring (scans) and decks (versions). */
  usage: { [K in keyof UsageSource]: ExtensionPoint<UsageSource[K]> };
}

/** Plans: founders' (free/premium) and funds' (trial/Pro), plan changes, and the limits other modules enforce. */
export function register(app: FastifyInstance, { platform, usage }: BillingModuleDeps) {
  const repo = createBillingRepository(platform.db);
  const provider = createLocalBillingProvider(repo);
  const billing = createBillingService({
    repo,
    provider,
    usage: {
      scansThisMonth: (userId) => usage.scansThisMonth.get()(userId),
      versionsKept: (userId) => usage.versionsKept.get()(userId),
    },
  });
  billingRoutes(app, billing);
  fundBillingRoutes(app, createFundBillingService({ repo, provider }));
  return billing;
}
