import { auditEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { sendCsv } from '../../plugins/downloads.ts';
import type { AuditService } from './audit.service.ts';

/** Settings → Audit log: the fund's admins read and export it (Enterprise). */
export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  registerEndpoint(app, auditEndpoints.list, ({ fund, query }) => audit.list(fund.id, query));
  registerEndpoint(app, auditEndpoints.exportCsv, async ({ fund, query, reply }) => {
    const { header, rows } = await audit.exportRows(fund.id, query);
    const day = new Date().toISOString().slice(0, 10);
    return sendCsv(reply, `audit-log-${day}.csv`, header, rows) as never;
  });
}
