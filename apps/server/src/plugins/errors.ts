import type { ErrorCode, ErrorResponse } from '@fitscore/contracts';
import { ERROR_STATUS } from '@fitscore/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** Fastify's own client errors, by code, with a message for people. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'malformed_json',
    message: 'The request body is empty but Content-Type says JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Unsupported Content-Type for this request.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Content-Length does not match the body.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'File size must be less than 10MB' },
  FST_PARTS_LIMIT: { code: 'payload_too_large', message: 'Too many parts in the upload.' },
  FST_FILES_LIMIT: { code: 'payload_too_large', message: 'Upload one file at a time.' },
  FST_FIELDS_LIMIT: { code: 'payload_too_large', message: 'Too many form fields in the upload.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'unsupported_media_type',
    message: 'Send the file as multipart/form-data.',
  },
  FST_ERR_VALIDATION: { code: 'validation_failed', message: 'The request is not valid.' },
  FST_PROTO_VIOLATION: { code: 'bad_request', message: 'A form field name is not allowed.' },
  FST_INVALID_JSON_FIELD_ERROR: { code: 'bad_request', message: 'A form field is not valid JSON.' },
  FST_MP_PREMATURE_CLOSE: { code: 'bad_request', message: 'The upload ended before it was complete.' },
};

const MALFORMED_MULTIPART = 'The upload is not a valid multipart/form-data body.';
/** busboy's own errors for a body that does not follow its multipart Content-Type. */
const BUSBOY_MALFORMED = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;
/** What a socket reports when the client went away mid-request. */
const CLIENT_ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

function clientAborted(err: FastifyError, request: FastifyRequest) {
  // (request.raw.destroyed is true for any request whose body was read: not a sign of an abort.)
  return (
    request.raw.socket?.destroyed === true ||
    (err.code !== undefined && CLIENT_ABORT_CODES.has(err.code)) ||
    err.message === 'aborted'
  );
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword?: string;
}

function describeIssues(issues: ValidationIssue[], context: string | undefined) {
  const details = issues.map((i) => ({
    path: i.instancePath.replace(/^\//, '').replace(/\//g, '.'),
    message: i.message ?? 'Invalid value',
  }));
  // A missing or non-object body gives zod's generic text; say it plainly instead.
  const first = issues[0];
  const message =
    first && first.instancePath === '/' && first.keyword === 'invalid_type'
      ? `The request ${context ?? 'body'} must be a JSON object.`
      : (details[0]?.message ?? 'The request is not valid.');
  return { message, details };
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  extra?: { details?: unknown; requestId?: string },
) {
  const body: ErrorResponse = { error: message, code };
  if (extra?.details !== undefined) body.details = extra.details;
  // A refusal that knows how long to wait says so in the standard header too (RFC 9110).
  const wait = (extra?.details as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
  if (code === 'rate_limited' && typeof wait === 'number' && Number.isFinite(wait)) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(wait))));
  }
  if (extra?.requestId) body.requestId = extra.requestId;
  return reply.code(ERROR_STATUS[code]).type('application/json').send(body);
}

/**
 * One place turns every failure into `{ error, code, details? }`: AppError as thrown,
 * validation failures with the schema's own message, Fastify's client errors as 4xx,
 * and anything else as a logged 500 whose internals stay hidden. The logged error goes
 * through the logger's `err` serializer (plugins/log-safety.ts): never a query's parameters.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.code, err.message, { details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const { message, details } = describeIssues(err.validation, err.validationContext);
      // A path that names no resource (a malformed id) is an unknown one: 404, like an id that is not there.
      if (err.validationContext === 'params') return sendError(reply, 'not_found', message);
      return sendError(reply, 'validation_failed', message, { details });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return sendError(reply, known.code, known.message);
    if (BUSBOY_MALFORMED.test(err.message)) return sendError(reply, 'bad_request', MALFORMED_MULTIPART);
    if (clientAborted(err, request)) {
      // Nobody is left to answer; not a fault of ours.
      request.log.info({ errCode: err.code }, 'client aborted the request');
      return sendError(reply, 'bad_request', 'The request was aborted.');
    }
    if (err.statusCode === 429) {
      return sendError(reply, 'rate_limited', 'Too many requests. Please wait a minute and try again.');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      const code: ErrorCode = err.statusCode === 404 ? 'not_found' : 'bad_request';
      return sendError(reply, code, err.message || 'The request is not valid.');
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err }, 'unexpected error');
    }
    return sendError(reply, 'internal', GENERIC_500, { requestId: request.id });
  });
}

/**
 * Unknown paths answer 404 with the path named, limited per IP like any other route so that
 * scanning for endpoints costs the scanner (needs @fastify/rate-limit registered first).
 */
export function registerNotFound(app: FastifyInstance, limit: { max: number; timeWindow: number }) {
  app.setNotFoundHandler({ preHandler: app.rateLimit(limit) }, (request, reply) =>
    sendError(reply, 'not_found', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`),
  );
}
