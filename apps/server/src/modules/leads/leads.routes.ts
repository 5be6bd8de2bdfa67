import { leadEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { LeadsService } from './leads.service.ts';

export function leadsRoutes(app: FastifyInstance, leads: LeadsService) {
  // A public form: limited per IP by the public-form limit its contract names.
  registerEndpoint(app, leadEndpoints.contactSales, ({ body, request }) => leads.contactSales(body, request.ip));
}
