import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/env.ts';

/** OpenAPI generated from the same zod schemas that validate requests; browsable at /docs. */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'FitScore API',
        version: '1.0.0',
        description:
          'Authenticated calls send `Authorization: Token {token}`. Failures answer `{ "error": "<text for people>", "code": "<machine code>" }`.',
      },
      servers: [{ url: config.publicApiUrl }],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The session token as `Token {token}`',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key from Settings → API (Enterprise plan), as `Authorization: Bearer fsk_…`',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Both documents, the public API first (integrators); relative to /docs/static/index.html.
    uiConfig: {
      urls: [
        { url: '../../api/v1/openapi.json', name: 'FitScore public API v1 (API keys)' },
        { url: '../../openapi.json', name: 'FitScore web app API (sessions)' },
      ],
    } as Record<string, unknown>,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => publicApiDocument(app.swagger() as OpenApiDocument));
}

interface OpenApiDocument {
  info: Record<string, unknown>;
  paths?: Record<string, unknown>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

/** An operation's name for client generators, from its method and path: `GET /api/v1/deals/{id}/comments` is `getDealsByIdComments`. */
function operationId(method: string, path: string): string {
  const words = path
    .slice('/api/v1/'.length)
    .split(/[/.]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by ${part.slice(1, -1)}` : part));
  return [method.toLowerCase(), ...words.flatMap((w) => w.split(/[\s_-]+/)).map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * The public API's own document (issue 33): the `/api/v1/` operations only, each named by an
 * `operationId`, with the API-key scheme, for client generators; its schemas are the same
 * components the web app's document uses.
 */
export function publicApiDocument(doc: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {})
      .filter(([path]) => path.startsWith('/api/v1/'))
      .map(([path, operations]) => [
        path,
        Object.fromEntries(Object.entries(operations as Record<string, object>).map(([method, operation]) => [method, { ...operation, operationId: operationId(method, path) }])),
      ]),
  );
  return {
    ...doc,
    info: {
      ...doc.info,
      title: 'FitScore public API',
      version: '1',
      description:
        'For Enterprise funds. Send an API key from Settings → API as `Authorization: Bearer <key>`; each key has scopes (`deals:read`, `deals:write`, `intake:write`, `team:read`) and a rate limit reported in `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`. Failures answer `{ "error": "<text for people>", "code": "<machine code>" }`: 401 for a missing, revoked or expired key, 402 when the fund is not on Enterprise, 403 for a scope the key lacks, 429 past the rate limit.',
    },
    paths,
    components: { ...doc.components, securitySchemes: { apiKey: doc.components?.securitySchemes?.apiKey } },
    security: [{ apiKey: [] }],
  };
}
