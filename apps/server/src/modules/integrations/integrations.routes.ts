import { integrationsEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { IntegrationsService } from './integrations.service.ts';

/** Slack/Teams alerts: members read the settings and deliveries of their own fund, admins change and test them. */
export function integrationsRoutes(app: FastifyInstance, integrations: IntegrationsService) {
  registerEndpoint(app, integrationsEndpoints.get, ({ fund }) => integrations.get(fund.id));
  registerEndpoint(app, integrationsEndpoints.save, ({ fund, body }) => integrations.save(fund.id, body));
  registerEndpoint(app, integrationsEndpoints.test, ({ fund }) => integrations.test(fund.id));
  registerEndpoint(app, integrationsEndpoints.deliveries, ({ fund }) => integrations.deliveries(fund.id));
}
