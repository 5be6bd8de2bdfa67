import { billingEndpoints, fundBillingEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { BillingService } from './billing.service.ts';
import type { FundBillingService } from './fund-billing.service.ts';
import type { StripeWebhooks } from './stripe-webhooks.ts';

/** A Stripe event is a few kilobytes; anything near this is not Stripe's. */
const STRIPE_EVENT_MAX_BYTES = 256 * 1024;

/** The founder's plan: read it, open Checkout or the Billing Portal (never a plan change by itself). */
export function billingRoutes(app: FastifyInstance, billing: BillingService) {
  registerEndpoint(app, billingEndpoints.subscription, ({ auth }) => billing.getSubscription(auth.user));
  registerEndpoint(app, billingEndpoints.checkout, ({ auth }) => billing.checkout(auth.user), { rateLimit: { max: 20, timeWindow: 60_000 } });
  registerEndpoint(app, billingEndpoints.portal, ({ auth }) => billing.portal(auth.user), { rateLimit: { max: 20, timeWindow: 60_000 } });
}

/** A fund's plan: every member reads it and its invoices; admins open Checkout or the Billing Portal. */
export function fundBillingRoutes(app: FastifyInstance, billing: FundBillingService) {
  registerEndpoint(app, fundBillingEndpoints.subscription, ({ fund }) => billing.subscription(fund));
  registerEndpoint(app, fundBillingEndpoints.checkout, ({ fund, auth }) => billing.checkout(fund, auth.user), { rateLimit: { max: 20, timeWindow: 60_000 } });
  registerEndpoint(app, fundBillingEndpoints.portal, ({ fund }) => billing.portal(fund), { rateLimit: { max: 20, timeWindow: 60_000 } });
}

/**
 * Stripe's webhook (only when Stripe is configured): the body is read as bytes, bounded while
 * it arrives, and verified before anything else looks at it; a request without a
 * Stripe-Signature header is refused before its body is read.
 */
export function stripeWebhookRoute(app: FastifyInstance, webhooks: StripeWebhooks) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STRIPE_EVENT_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.addHook('onRequest', async (request) => {
      if (!request.headers['stripe-signature']) throw new AppError('unauthenticated', 'The Stripe signature is missing, not valid or too old.');
    });
    registerEndpoint(
      scope,
      billingEndpoints.stripeWebhook,
      ({ request }) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return webhooks.receive(body, typeof signature === 'string' ? signature : undefined);
      },
      { bodyLimit: STRIPE_EVENT_MAX_BYTES, rateLimit: { max: 600, timeWindow: 60_000 } },
    );
  });
}
