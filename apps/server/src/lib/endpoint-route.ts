import type { Endpoint, EndpointResponse } from '@fitscore/contracts';
import { ErrorResponseSchema } from '@fitscore/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from '../plugins/auth.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointContext<E extends Endpoint> {
  body: Parsed<E['body']>;
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  /** Present on every endpoint whose access is not 'public'. */
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface EndpointRouteOptions {
  rateLimit?: { max: number; timeWindow: number | string };
  bodyLimit?: number;
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
  const route: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.access === 'public' ? {} : { security: [{ token: [] }] }),
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
    preHandler: app.requireAccess(endpoint.access),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body,
        params: request.params,
        query: request.query,
        auth: request.auth,
        request,
        reply,
      } as EndpointContext<E>);
      reply.code(status);
      // Bytes are sent as they are: Fastify skips serialisation for a Buffer.
      if (endpoint.binary) {
        if (!reply.hasHeader('content-type')) reply.type(endpoint.binary.contentType);
        const bytes = result as Uint8Array;
        return reply.send(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
      return result;
    },
  };
  app.withTypeProvider<ZodTypeProvider>().route(route);
}
