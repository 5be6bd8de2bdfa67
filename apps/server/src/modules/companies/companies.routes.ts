import { companiesEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { CompaniesService } from './companies.service.ts';

export function companiesRoutes(app: FastifyInstance, companies: CompaniesService) {
  registerEndpoint(app, companiesEndpoints.similar, ({ auth }) => companies.similar(auth.user.id));
  registerEndpoint(app, companiesEndpoints.myRaise, async ({ auth }) => ({ raise: await companies.myRaise(auth.user.id) }));
  registerEndpoint(app, companiesEndpoints.reportRaise, async ({ auth, body }) => ({
    raise: await companies.reportRaise(auth.user.id, body),
  }));
  registerEndpoint(app, companiesEndpoints.removeRaise, async ({ auth }) => {
    await companies.removeRaise(auth.user.id);
    return { ok: true as const };
  });
}
