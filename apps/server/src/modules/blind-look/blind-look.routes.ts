import { blindLookEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { BlindLookService } from './blind-look.service.ts';

/** The fund's blind first look (members read, admins set) and a deal's 'Team views'. */
export function blindLookRoutes(app: FastifyInstance, blind: BlindLookService, deals: Pick<DealsService, 'view'>) {
  registerEndpoint(app, blindLookEndpoints.settings, ({ fund }) => blind.settings(fund.id));
  registerEndpoint(app, blindLookEndpoints.save, ({ fund, body }) => blind.save(fund.id, body));
  registerEndpoint(app, blindLookEndpoints.views, async ({ fund, auth, params }) =>
    blind.views(await deals.view(fund.id, params.id, auth.user.id), auth.user.id),
  );
}
