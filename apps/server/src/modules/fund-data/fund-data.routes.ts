import { fundDataEndpoints } from '@fitscore/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { attachment } from '../../plugins/downloads.ts';
import type { ArchiveLinks } from './archive-links.ts';
import type { FundDataService } from './fund-data.service.ts';

/** The archive's file name: the fund's name in plain letters and the day. */
function archiveName(fundName: string) {
  const name =
    fundName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'fund';
  return `${name}-data-${new Date().toISOString().slice(0, 10)}.zip`;
}

/** Settings → Data: the fund's admins export everything and delete the fund (Enterprise). */
export function fundDataRoutes(app: FastifyInstance, fundData: FundDataService, links: ArchiveLinks) {
  const sendArchive = async (fundId: string | null, reply: FastifyReply) => {
    const { fund: exported, stream } = await fundData.exportArchive(fundId);
    return reply
      .type('application/zip')
      .header('content-disposition', attachment(archiveName(exported.name)))
      .header('cache-control', 'private, no-store')
      .send(stream) as never;
  };
  registerEndpoint(app, fundDataEndpoints.exportArchive, ({ fund, reply }) => sendArchive(fund.id, reply));
  registerEndpoint(app, fundDataEndpoints.exportLink, async ({ fund, auth }) => {
    await fundData.exportable(fund.id);
    return links.make({ userId: auth.user.id, sessionId: auth.sessionId, fundId: fund.id! });
  });
  registerEndpoint(app, fundDataEndpoints.exportDownload, async ({ query, request, reply }) => {
    const holder = await links.open(query.ticket ?? '');
    // The download is the export: the audit log records it for the link's maker (audited-routes.ts).
    request.linkHolder = holder;
    return sendArchive(holder.fundId, reply);
  });
  registerEndpoint(app, fundDataEndpoints.deletion, ({ fund }) => fundData.status(fund.id));
  registerEndpoint(app, fundDataEndpoints.scheduleDeletion, ({ fund, auth, body }) =>
    fundData.scheduleDeletion(fund.id, auth.user.id, body.confirm_name),
  );
  registerEndpoint(app, fundDataEndpoints.cancelDeletion, ({ fund }) => fundData.cancelDeletion(fund.id));
}
