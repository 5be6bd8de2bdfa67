import { fundReportEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { FundReportsService } from './fund-reports.service.ts';

/** The fund's Reports screen: members and admins of the fund read it, scoped to their fund. */
export function fundReportsRoutes(app: FastifyInstance, reports: FundReportsService) {
  registerEndpoint(app, fundReportEndpoints.report, ({ fund, query }) => reports.report(fund.id, query));
}
