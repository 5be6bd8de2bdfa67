import { reportEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { ReportsService } from './reports.service.ts';

/** `attachment` with an ASCII name and the RFC 5987 form for clients that read it. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

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
