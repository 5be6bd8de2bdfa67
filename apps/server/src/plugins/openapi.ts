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
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
