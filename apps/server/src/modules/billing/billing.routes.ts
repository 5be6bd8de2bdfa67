import { billingEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { BillingService } from './billing.service.ts';

export function billingRoutes(app: FastifyInstance, billing: BillingService) {
  registerEndpoint(app, billingEndpoints.subscription, ({ auth }) => billing.getSubscription(auth.user.id));
  registerEndpoint(app, billingEndpoints.changePlan, ({ auth, body }) => billing.changePlan(auth.user.id, body.plan));
}
