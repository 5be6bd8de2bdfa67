import { dealBulkEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { DealBulk } from './deal-bulk.service.ts';
import type { DealsService } from './deals.service.ts';
import { sendDealsCsv } from './deals.routes.ts';

/** Bulk actions on the pipeline's selected deals, their Undo, and the selection as CSV (issue 31 point 3). */
export function dealBulkRoutes(app: FastifyInstance, bulk: DealBulk, deals: Pick<DealsService, 'exportRows'>) {
  registerEndpoint(app, dealBulkEndpoints.apply, ({ fund, auth, body }) => bulk.apply(fund.id, auth.user.id, body));
  registerEndpoint(app, dealBulkEndpoints.undo, ({ fund, auth, params }) => bulk.undo(fund.id, auth.user.id, params.batchId));
  registerEndpoint(app, dealBulkEndpoints.exportCsv, async ({ fund, auth, body, reply }) => {
    const ids = fund.id ? await bulk.selected(fund.id, body.selection) : [];
    return sendDealsCsv(reply, await deals.exportRows(fund.id, auth.user.id, { sort: '-date', ids }));
  });
}
