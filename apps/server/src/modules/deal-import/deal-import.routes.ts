import { dealImportEndpoints, MAX_IMPORT_BYTES } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { sendCsv } from '../../plugins/downloads.ts';
import type { DealImportService } from './deal-import.service.ts';

/** Uploads per member and minute: counted before the file is read. */
const UPLOADS_PER_MINUTE = 20;

/** Import deals from a CSV: every call scoped to the caller's fund (another fund's import is a 404). */
export function dealImportRoutes(app: FastifyInstance, imports: DealImportService) {
  registerEndpoint(
    app,
    dealImportEndpoints.upload,
    async ({ fund, auth, request }) => {
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data.');
      // The file's own bound, counted by the multipart reader as the bytes arrive.
      const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0 } });
      if (!part || part.fieldname !== 'file') throw new AppError('bad_request', 'Please choose a CSV file');
      return imports.upload(fund.id, auth.user.id, { filename: part.filename, stream: part.file, truncated: () => part.file.truncated });
    },
    { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: 60_000 } },
  );
  registerEndpoint(app, dealImportEndpoints.current, ({ fund }) => imports.current(fund.id));
  registerEndpoint(app, dealImportEndpoints.get, ({ fund, params }) => imports.get(fund.id, params.id));
  registerEndpoint(app, dealImportEndpoints.preview, ({ fund, params, body }) => imports.preview(fund.id, params.id, body.mapping));
  registerEndpoint(app, dealImportEndpoints.start, ({ fund, params, body }) => imports.start(fund.id, params.id, body.mapping));
  registerEndpoint(app, dealImportEndpoints.report, async ({ fund, params, reply }) => {
    const { filename, header, rows } = await imports.report(fund.id, params.id);
    return sendCsv(reply, filename, header, rows) as never;
  });
}
