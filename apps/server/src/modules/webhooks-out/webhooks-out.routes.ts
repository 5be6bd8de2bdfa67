import { webhookEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { WebhooksOutService } from './webhooks-out.service.ts';

/** Settings → Webhooks: the fund's admins manage endpoints, see deliveries and resend them. */
export function webhooksOutRoutes(app: FastifyInstance, webhooks: WebhooksOutService) {
  registerEndpoint(app, webhookEndpoints.list, ({ fund }) => webhooks.list(fund.id));
  registerEndpoint(app, webhookEndpoints.create, ({ fund, auth, body }) =>
    webhooks.create(fund.id, auth.user.id, body),
  );
  registerEndpoint(app, webhookEndpoints.update, ({ fund, params, body }) => webhooks.update(fund.id, params.id, body));
  registerEndpoint(app, webhookEndpoints.remove, ({ fund, params }) => webhooks.remove(fund.id, params.id));
  registerEndpoint(app, webhookEndpoints.rotateSecret, ({ fund, params }) => webhooks.rotateSecret(fund.id, params.id));
  registerEndpoint(app, webhookEndpoints.test, ({ fund, params }) => webhooks.test(fund.id, params.id));
  registerEndpoint(app, webhookEndpoints.deliveries, ({ fund, params }) => webhooks.deliveries(fund.id, params.id));
  registerEndpoint(app, webhookEndpoints.resend, ({ fund, params }) => webhooks.resend(fund.id, params.id));
}
