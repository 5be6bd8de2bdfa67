import { SCIM_BASE_PATH } from '@fitscore/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { SCIM_LIST_SCHEMA, SCIM_MAX_RESULTS, SCIM_USER_SCHEMA, ScimError, type ScimService } from './scim.service.ts';

const SCIM_JSON = 'application/scim+json; charset=utf-8';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** A SCIM User is small; a provider's body beyond this is refused while it is read. */
const SCIM_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The fund of the SCIM token on `/scim/v2/` routes, set by their guard. */
    scimFund: string | null;
  }
}

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1] ?? null;

function sendError(reply: FastifyReply, status: number, detail: string, scimType?: string) {
  return reply
    .code(status)
    .type(SCIM_JSON)
    .send({ schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail });
}

/**
 * SCIM 2.0 under `/scim/v2/` (RFC 7644) for a fund's identity provider: the token is checked on
 * `onRequest`, before the body is read (401, 402), then the token's rate limit (429); bodies are
 * JSON or application/scim+json up to 64 KB; every error is a SCIM Error with its status as a string.
 */
export function scimRoutes(app: FastifyInstance, scim: ScimService, { scimBaseUrl, perMinute }: { scimBaseUrl: string; perMinute: number }) {
  app.decorateRequest('scimFund', null);
  app.register(
    async (scope) => {
      // SCIM's own schemas (RFC 7643) describe these routes; docs/sso.md documents them, not the OpenAPI document.
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      const limit = scope.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `scim:${(request as FastifyRequest).scimFund ?? 'none'}` });
      scope.addContentTypeParser(['application/scim+json', 'application/json'], { parseAs: 'string', bodyLimit: SCIM_BODY_LIMIT }, (_request, body, done) => {
        try {
          done(null, body === '' ? {} : JSON.parse(body as string));
        } catch {
          done(new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax'));
        }
      });
      scope.addHook('onRequest', async (request) => {
        request.scimFund = await scim.authenticate(bearer(request));
        const state = await limit(request);
        if (!state.isAllowed && state.isExceeded) throw new ScimError(429, `More than ${state.max} SCIM calls in a minute. Try again in ${state.ttlInSeconds} s.`);
      });
      scope.addHook('onSend', async (_request, reply, payload) => {
        if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.type(SCIM_JSON);
        return payload;
      });
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof ScimError) return sendError(reply, error.status, error.message, error.scimType);
        if (error instanceof AppError) return sendError(reply, error.statusCode, error.message);
        if (error.statusCode === 413) return sendError(reply, 413, 'The body is too large.');
        if (error.statusCode && error.statusCode < 500) return sendError(reply, error.statusCode, error.message);
        request.log.error({ err: error }, 'scim request failed');
        return sendError(reply, 500, 'Something went wrong on our side.');
      });
      scope.setNotFoundHandler((_request, reply) => sendError(reply, 404, 'Not found'));

      const fundOf = (request: FastifyRequest) => request.scimFund!;
      const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

      scope.get('/Users', async (request) => scim.list(fundOf(request), request.query as Record<string, string>));
      scope.post('/Users', async (request, reply) => reply.code(201).send(await scim.create(fundOf(request), request.body, request.ip)));
      scope.get('/Users/:id', async (request) => scim.get(fundOf(request), idOf(request)));
      scope.put('/Users/:id', async (request) => scim.replace(fundOf(request), idOf(request), request.body, request.ip));
      scope.patch('/Users/:id', async (request) => scim.patch(fundOf(request), idOf(request), request.body, request.ip));
      scope.delete('/Users/:id', async (request, reply) => {
        await scim.remove(fundOf(request), idOf(request), request.ip);
        return reply.code(204).send();
      });

      scope.get('/ServiceProviderConfig', async () => ({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
        filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: false },
        authenticationSchemes: [{ type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'A SCIM token from Settings → Single sign-on', primary: true }],
        meta: { resourceType: 'ServiceProviderConfig', location: `${scimBaseUrl}/ServiceProviderConfig` },
      }));
      const userResourceType = {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
        id: 'User',
        name: 'User',
        endpoint: '/Users',
        schema: SCIM_USER_SCHEMA,
        meta: { resourceType: 'ResourceType', location: `${scimBaseUrl}/ResourceTypes/User` },
      };
      scope.get('/ResourceTypes', async () => ({ schemas: [SCIM_LIST_SCHEMA], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [userResourceType] }));
      const attribute = (name: string, extra: object = {}) => ({ name, type: 'string', multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...extra });
      const userSchema = {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
        id: SCIM_USER_SCHEMA,
        name: 'User',
        description: 'A member of the fund',
        attributes: [
          attribute('userName', { required: true, uniqueness: 'server', description: 'The email address' }),
          attribute('externalId'),
          { ...attribute('name', { type: 'complex' }), subAttributes: [attribute('givenName'), attribute('familyName'), attribute('formatted', { mutability: 'readOnly' })] },
          attribute('active', { type: 'boolean' }),
          { ...attribute('emails', { type: 'complex', multiValued: true, mutability: 'readOnly' }), subAttributes: [attribute('value'), attribute('type'), attribute('primary', { type: 'boolean' })] },
        ],
        meta: { resourceType: 'Schema', location: `${scimBaseUrl}/Schemas/${SCIM_USER_SCHEMA}` },
      };
      scope.get('/Schemas', async () => ({ schemas: [SCIM_LIST_SCHEMA], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [userSchema] }));
    },
    { prefix: SCIM_BASE_PATH },
  );
}
