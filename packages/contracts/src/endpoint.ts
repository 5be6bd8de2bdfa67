import type { z } from 'zod';
import { refuseUnstorableValues } from './storable-input.ts';
import type { EndpointAccess, PublicRateLimit } from './access.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One operation of the HTTP API. The server registers routes from these and the
 * web client calls through them, so paths, payloads and responses cannot drift.
 * Paths use `:name` for parameters, as Fastify does.
 */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: EndpointAccess;
  /** A `public` endpoint limited per IP by the server's limit for this purpose. */
  publicRateLimit?: PublicRateLimit;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A file upload (multipart/form-data) instead of a JSON body. */
  upload?: { field: string };
  /**
   * A file download instead of JSON: the handler returns the bytes and the route sends them
   * with this content type, unserialised (`response` then only documents the body).
   */
  binary?: { contentType: string };
  /** Success status; 200 unless said. */
  status?: 200 | 201 | 202 | 204;
  response: z.ZodType;
}

/** Every body also refuses values no field can store (NUL, lone surrogates, non-finite or subnormal numbers). */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint.body ? { ...endpoint, body: refuseUnstorableValues(endpoint.body) } : endpoint;
}

export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type EndpointParams<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : undefined;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** Fills `:name` parameters of a path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
