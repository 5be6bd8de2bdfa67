import { INTAKE_MAX_MESSAGE_BYTES, intakeEndpoints } from '@fitscore/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { MAX_DECK_BYTES } from '../decks/decks.service.ts';
import { DECK_TOO_LARGE, type IntakeService, type ReceivedFile } from './intake.service.ts';

/** A webhook's JSON with a base64 deck under 10 MB, with room for its fields. */
const WEBHOOK_BODY_LIMIT = Math.ceil((MAX_DECK_BYTES * 4) / 3) + 1024 * 1024;
const TOLERANCE_S = 5 * 60;

/** The apply form (multipart): its text fields and the deck in `file` (over 10 MB: 413 from the multipart limit). */
async function readApplyForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; file?: ReceivedFile }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.');
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_DECK_BYTES, files: 1, fields: 16, parts: 17 } })) {
    if (part.type === 'file') {
      // The deck is kept in the reads it arrived in and stored from them: joining it into one
      // more 2–10 MB copy cost receipt time and garbage collection (issue 12). A deck over the
      // limit ends the loop with the multipart 413.
      const bytes: Buffer[] = [];
      for await (const chunk of part.file) bytes.push(chunk as Buffer);
      if (part.file.truncated) throw new AppError('payload_too_large', DECK_TOO_LARGE);
      if (part.fieldname === 'file') file = { filename: part.filename, bytes };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return file ? { fields, file } : { fields };
}

/** Why a webhook's signature was refused, for the intake log. */
function signatureProblem(request: FastifyRequest): string {
  const h = request.headers;
  if (!h['webhook-id'] || !h['webhook-timestamp'] || !h['webhook-signature']) return 'Bad signature: webhook-id, webhook-timestamp or webhook-signature missing';
  const ts = Number(h['webhook-timestamp']);
  if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > TOLERANCE_S) return 'Bad signature: timestamp outside 5 minutes (replay?)';
  return 'Bad signature';
}

/** `webhookPerMinute`: requests per minute per address to the webhook, counted before anything else is read. */
export function intakeRoutes(app: FastifyInstance, intake: IntakeService, limits: { webhookPerMinute: number }) {
  registerEndpoint(app, intakeEndpoints.settings, ({ fund }) => intake.settings(fund.id));
  registerEndpoint(app, intakeEndpoints.rotateWebhookSecret, ({ fund }) => intake.rotateWebhookSecret(fund.id));
  registerEndpoint(app, intakeEndpoints.rotateEmailToken, ({ fund }) => intake.rotateEmailToken(fund.id));
  registerEndpoint(app, intakeEndpoints.log, ({ fund, query }) => intake.log(fund.id, query));
  registerEndpoint(app, intakeEndpoints.applyFund, ({ params }) => intake.applyFund(params.slug));
  registerEndpoint(app, intakeEndpoints.apply, async ({ params, request }) => intake.apply(params.slug, request.ip, await readApplyForm(request)));

  // The machine channels read their bodies as bytes (the email as posted, the webhook as signed).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.addHook('onError', async (request, _reply, error) => {
      const slug = (request.params as { slug?: string }).slug;
      if (request.routeOptions.url === intakeEndpoints.webhook.path && slug && error instanceof AppError && error.code === 'unauthenticated') {
        await intake.logBadSignature(slug, signatureProblem(request)).catch((err: Error) => request.log.error({ err }, 'intake: logging a refused webhook failed'));
      }
    });

    registerEndpoint(
      scope,
      intakeEndpoints.inboundEmail,
      ({ params, request }) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return intake.emailByToken(params.token, request.ip, body, request.headers['content-type'] ?? '');
      },
      { bodyLimit: INTAKE_MAX_MESSAGE_BYTES },
    );
    registerEndpoint(
      scope,
      intakeEndpoints.webhook,
      ({ params, request, rawBody }) =>
        intake.webhook(params.slug, request.ip, String(request.headers['webhook-id']), rawBody, request.headers['content-type'] ?? 'application/json'),
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        rateLimit: { max: limits.webhookPerMinute, timeWindow: 60_000 },
        webhookSecret: (request) => intake.webhookSecretOf((request.params as { slug: string }).slug),
      },
    );
  });
}
