import type { Endpoint, EndpointResponse } from '@fitscore/contracts';
import { ErrorResponseSchema, needsSession } from '@fitscore/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext, FundAccess } from '../plugins/auth.ts';
import { signedRouteHooks, type WebhookSecret } from '../plugins/webhook-signature.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointContext<E extends Endpoint> {
  body: Parsed<E['body']>;
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  /** Present on every endpoint that needs a session; read when sent to a 'public' one. */
  auth: E['access'] extends 'public' ? AuthContext | null : E['access'] extends 'signed' ? null : AuthContext;
  /** The fund the investor acts for, on `fund:*` endpoints: reach the fund's data through it. */
  fund: E['access'] extends 'fund:member' | 'fund:admin' ? FundAccess : null;
  /** The body as received, on `signed` endpoints (its signature was checked). */
  rawBody: E['access'] extends 'signed' ? Buffer : null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointRouteOptions {
  rateLimit?: { max: number; timeWindow: number | string };
  bodyLimit?: number;
  /** Required for a `signed` endpoint: the secret its callers sign with. */
  webhookSecret?: WebhookSecret;
  /**
   * The same operation served at another path behind another guard (the public API, `/api/v1/`,
   * authenticated by API keys): its schemas and answers stay the endpoint's own. The handler then
   * finds its caller through the guard (`auth` and `fund` are null).
   */
  at?: { path: string; guard: onRequestAsyncHookHandler; security: string; tags: readonly string[]; summary?: string };
}

/**
 * The access hooks of a route: a session guard on `onRequest` (before params, query or body are
 * read or validated), or for `signed` the signature check on the raw body.
 */
function accessHooks(app: FastifyInstance, endpoint: Endpoint, options: EndpointRouteOptions) {
  if (options.at) return { onRequest: options.at.guard };
  if (endpoint.access !== 'signed') return { onRequest: app.requireAccess(endpoint.access) };
  if (!options.webhookSecret) throw new Error(`${endpoint.method} ${endpoint.path} is signed but has no webhookSecret`);
  return signedRouteHooks(options.webhookSecret);
}

function rateLimitOf(app: FastifyInstance, endpoint: Endpoint, options: EndpointRouteOptions) {
  if (options.rateLimit) return options.rateLimit;
  return endpoint.publicRateLimit ? app.publicLimit(endpoint.publicRateLimit) : undefined;
}

/**
 * Registers a route from its contract descriptor: path, schemas, documented responses
 * and access control all come from the descriptor, so the API cannot drift from it.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: EndpointContext<E>) => Promise<EndpointResponse<E>> | EndpointResponse<E>,
  options: EndpointRouteOptions = {},
) {
  const status = endpoint.status ?? 200;
  const rateLimit = rateLimitOf(app, endpoint, options);
  const route: RouteOptions = {
    method: endpoint.method,
    url: options.at?.path ?? endpoint.path,
    schema: {
      summary: options.at?.summary ?? endpoint.summary,
      tags: [...(options.at?.tags ?? endpoint.tags)],
      ...(options.at ? { security: [{ [options.at.security]: [] }] } : needsSession(endpoint.access) ? { security: [{ token: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        // A file is documented under its own media type rather than as JSON.
        [status]: endpoint.binary
          ? { description: endpoint.summary, content: { [endpoint.binary.contentType]: { schema: endpoint.response } } }
          : endpoint.response,
        '4xx': ErrorResponseSchema,
        '5xx': ErrorResponseSchema,
      },
    },
    ...accessHooks(app, endpoint, options),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(rateLimit ? { config: { rateLimit } } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body,
        params: request.params,
        query: request.query,
        auth: request.auth,
        fund: request.fund,
        rawBody: request.rawBody,
        request,
        reply,
      } as EndpointContext<E>);
      // The handler answered itself (a stream, a 304): nothing more to send.
      if (reply.sent) return reply;
      reply.code(status);
      // Bytes are sent as they are: Fastify skips serialisation for a Buffer.
      if (endpoint.binary) {
        // A handler that streamed its answer itself (the CSV export) has sent it: awaiting the returned
        // reply (a thenable) waited for the stream to end, so there are no bytes left to send here.
        if (reply.sent || reply.raw.headersSent) return reply;
        if (!reply.hasHeader('content-type')) reply.type(endpoint.binary.contentType);
        const bytes = result as Uint8Array;
        return reply.send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
      return result;
    },
  };
  app.withTypeProvider<ZodTypeProvider>().route(route);
}
