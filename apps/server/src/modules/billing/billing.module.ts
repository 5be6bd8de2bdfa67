import type { FastifyInstance } from 'fastify';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import { createBillingRepository } from './billing.repository.ts';
import { billingRoutes, fundBillingRoutes, stripeWebhookRoute } from './billing.routes.ts';
import { createBillingService, type UsageSource } from './billing.service.ts';
import { createFundBillingService } from './fund-billing.service.ts';
import { createPayments } from './payments.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { createStripeWebhooks } from './stripe-webhooks.ts';

export interface BillingModuleDeps {
  platform: Platform;
  /** Filled by the modules that own the numbers: scoring (scans) and decks (versions). */
  usage: { [K in keyof UsageSource]: ExtensionPoint<UsageSource[K]> };
}

/**
 * Plans: founders' (free/premium) and funds' (trial/Pro), what each allows (the limits other
 * modules enforce), and how a plan is paid for: Stripe when configured (Checkout, Billing
 * Portal, invoices, webhooks), else no payment at all and an operator's `npm run plan:set`.
 */
export function register(app: FastifyInstance, { platform, usage }: BillingModuleDeps) {
  const repo = createBillingRepository(platform.db);
  const stripe = platform.config.stripe;
  const gateway = stripe ? createStripeGateway(stripe, app.log) : null;
  const payments = createPayments({ repo, gateway, publicWebUrl: platform.config.publicWebUrl });
  const billing = createBillingService({
    repo,
    payments,
    usage: {
      scansThisMonth: (userId) => usage.scansThisMonth.get()(userId),
      versionsKept: (userId) => usage.versionsKept.get()(userId),
    },
  });
  billingRoutes(app, billing);
  fundBillingRoutes(app, createFundBillingService({ repo, payments }));
  if (gateway) stripeWebhookRoute(app, createStripeWebhooks({ repo, gateway, log: app.log }));
  return billing;
}
