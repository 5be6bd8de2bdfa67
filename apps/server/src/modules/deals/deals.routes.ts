import { assignedMember, dealsEndpoints, dealTeamEndpoints } from '@fitscore/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { sendCsv } from '../../plugins/downloads.ts';
import type { DealTeamService } from './deal-team.service.ts';
import { readDealUpload } from './deal-upload.ts';
import type { DealsService } from './deals.service.ts';

/** The pipeline's CSV (all of a list's, or a bulk selection's) as the answer: the route returns the reply it was streamed on. */
export function sendDealsCsv(reply: FastifyReply, { header, rows }: Awaited<ReturnType<DealsService['exportRows']>>) {
  const day = new Date().toISOString().slice(0, 10);
  return sendCsv(reply, `deals-${day}.csv`, header, rows) as never;
}

/** The investor's deals: every call is scoped to the caller's fund (another fund's deal is a 404). */
export function dealsRoutes(app: FastifyInstance, deals: DealsService, team: DealTeamService) {
  registerEndpoint(app, dealsEndpoints.latestDeal, ({ fund, auth }) => deals.latest(fund.id, auth.user.id));
  registerEndpoint(app, dealsEndpoints.markReviewed, ({ fund, auth, params }) => deals.markReviewed(fund.id, auth.user.id, params.id));
  registerEndpoint(app, dealsEndpoints.updateFacts, ({ fund, auth, params, body }) => deals.updateFacts(fund.id, auth.user.id, params.id, body));
  registerEndpoint(app, dealsEndpoints.setStatus, ({ fund, auth, params, body }) =>
    deals.setStatus(fund.id, auth.user.id, params.id, body),
  );
  registerEndpoint(app, dealsEndpoints.list, ({ fund, auth, query }) => deals.list(fund.id, auth.user.id, query));
  registerEndpoint(app, dealsEndpoints.facets, ({ fund, query }) => deals.facets(fund.id, query.status));
  registerEndpoint(app, dealsEndpoints.exportCsv, async ({ fund, auth, query, reply }) => sendDealsCsv(reply, await deals.exportRows(fund.id, auth.user.id, query)));
  registerEndpoint(app, dealsEndpoints.detail, ({ fund, auth, params }) => deals.detail(fund.id, params.id, auth.user.id));
  registerEndpoint(app, dealTeamEndpoints.members, ({ fund }) => team.members(fund.id));
  registerEndpoint(app, dealTeamEndpoints.assign, ({ fund, auth, params, body }) => team.assign(fund.id, auth.user.id, params.id, assignedMember(body)));
  registerEndpoint(app, dealsEndpoints.upload, async ({ fund, auth, request }) => deals.upload(fund.id, auth.user.id, await readDealUpload(request)));
}
