import { fundBillingEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { attachment } from '../../plugins/downloads.ts';
import type { FundBillingService } from './fund-billing.service.ts';

/** A fund's plan: every member reads it and its invoices; admins change it. */
export function fundBillingRoutes(app: FastifyInstance, billing: FundBillingService) {
  registerEndpoint(app, fundBillingEndpoints.subscription, ({ fund }) => billing.subscription(fund));
  registerEndpoint(app, fundBillingEndpoints.changePlan, ({ fund, body }) => billing.changePlan(fund, body.plan));
  registerEndpoint(
    app,
    fundBillingEndpoints.invoicePdf,
    async ({ fund, params, reply }) => {
      const { bytes, filename } = await billing.invoicePdf(fund.id, params.id);
      reply.header('content-disposition', attachment(filename)).header('cache-control', 'private, no-store');
      return bytes as never;
    },
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );
}
