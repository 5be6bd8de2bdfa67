import { reportEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { attachment } from '../../plugins/downloads.ts';
import type { ReportsService } from './reports.service.ts';

export function reportsRoutes(app: FastifyInstance, reports: ReportsService) {
  registerEndpoint(
    app,
    reportEndpoints.download,
    async ({ auth, reply }) => {
      const { bytes, filename } = await reports.build(auth.user.id);
      reply.header('content-disposition', attachment(filename)).header('cache-control', 'private, no-store');
      return bytes;
    },
    // Rendering takes CPU: a generous limit that a person clicking never reaches.
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );
}
