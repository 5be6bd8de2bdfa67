import {
  API_MESSAGES,
  assignedMember,
  dealCommentsEndpoints,
  dealsEndpoints,
  dealTeamEndpoints,
  intakeEndpoints,
  publicApiEndpoints,
  type ApiKeyScope,
  type Endpoint,
} from '@fitscore/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint, type EndpointContext } from '../../lib/endpoint-route.ts';
import { sendCsv } from '../../plugins/downloads.ts';
import type { CollabService } from '../collab/collab.service.ts';
import type { DealTeamService } from '../deals/deal-team.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import { MAX_DECK_BYTES } from '../decks/decks.service.ts';
import type { IntakeService } from '../intake/intake.service.ts';
import type { ApiCaller, ApiKeysService } from './api-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's caller on `/api/v1/` routes, set by their guard. */
    apiCaller: ApiCaller | null;
  }
}

export const PUBLIC_API_PREFIX = '/api/v1';
/** A deck as base64 (4/3 of 10 MB) and the rest of the body. */
const INTAKE_API_BODY_LIMIT = Math.ceil((MAX_DECK_BYTES * 4) / 3) + 1024 * 1024;
export const PUBLIC_API_TAG = 'public-api-v1';
/** The security scheme of the public API in its OpenAPI document. */
export const API_KEY_SECURITY = 'apiKey';

export interface PublicApiDeps {
  keys: ApiKeysService;
  deals: DealsService;
  dealTeam: DealTeamService;
  collab: CollabService;
  intake: IntakeService;
  /** Calls per minute per key (API_RATE_LIMIT_PER_MINUTE). */
  perMinute: number;
}

const bearer = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1] ?? null;

const callerOf = (request: FastifyRequest): ApiCaller => {
  if (!request.apiCaller) throw new AppError('unauthenticated', API_MESSAGES.missingKey);
  return request.apiCaller;
};

/**
 * The versioned public API (issue 33 point 1): the web app's own operations on deals, comments,
 * members and the intake log, served under `/api/v1/` for other systems. Each route's guard runs
 * before anything of the request is read: the key (401), the plan (402), the scope (403), then the
 * key's own rate limit (429), with `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
 * on every answer. A key acts for its fund with its maker's rights, so the activity log and the
 * notifications name that admin.
 */
export function publicApiRoutes(app: FastifyInstance, { keys, deals, dealTeam, collab, intake, perMinute }: PublicApiDeps) {
  app.decorateRequest('apiCaller', null);
  const limit = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${(request as FastifyRequest).apiCaller?.keyId ?? 'none'}`,
  });

  const guard =
    (scope: ApiKeyScope): onRequestAsyncHookHandler =>
    async (request, reply) => {
      const key = bearer(request);
      if (!key) throw new AppError('unauthenticated', API_MESSAGES.missingKey);
      request.apiCaller = await keys.authenticate(key, scope);
      const state = await limit(request);
      if (state.isAllowed) return;
      reply.header('RateLimit-Limit', state.max);
      reply.header('RateLimit-Remaining', state.remaining);
      reply.header('RateLimit-Reset', state.ttlInSeconds);
      if (state.isExceeded) {
        reply.header('Retry-After', state.ttlInSeconds);
        throw new AppError('rate_limited', `This API key made more than ${state.max} calls in a minute. Try again in ${state.ttlInSeconds} s.`);
      }
    };

  const serve = <E extends Endpoint>(endpoint: E, path: string, scope: ApiKeyScope, handler: (caller: ApiCaller, ctx: EndpointContext<E>) => ReturnType<Parameters<typeof registerEndpoint<E>>[2]>) =>
    registerEndpoint(app, endpoint, (ctx) => handler(callerOf(ctx.request), ctx), {
      at: { path: `${PUBLIC_API_PREFIX}${path}`, guard: guard(scope), security: API_KEY_SECURITY, tags: [PUBLIC_API_TAG], summary: `${endpoint.summary} (scope ${scope})` },
    });

  serve(dealsEndpoints.list, '/deals', 'deals:read', (c, { query }) => deals.list(c.fundId, c.userId, query));
  serve(dealsEndpoints.exportCsv, '/deals.csv', 'deals:read', async (c, { query, reply }) => {
    const { header, rows } = await deals.exportRows(c.fundId, c.userId, query);
    return sendCsv(reply, `deals-${new Date().toISOString().slice(0, 10)}.csv`, header, rows) as never;
  });
  serve(dealsEndpoints.detail, '/deals/:id', 'deals:read', (c, { params }) => deals.detail(c.fundId, params.id, c.userId));
  serve(dealsEndpoints.setStatus, '/deals/:id/status', 'deals:write', (c, { params, body }) => deals.setStatus(c.fundId, c.userId, params.id, body));
  serve(dealTeamEndpoints.assign, '/deals/:id/assign', 'deals:write', (c, { params, body }) => dealTeam.assign(c.fundId, c.userId, params.id, assignedMember(body)));
  serve(dealCommentsEndpoints.list, '/deals/:id/comments', 'deals:read', (c, { params }) => collab.list(c.fundId, c.userId, params.id));
  serve(dealCommentsEndpoints.create, '/deals/:id/comments', 'deals:write', (c, { params, body }) => collab.create(c.fundId, c.userId, params.id, body.body));
  serve(intakeEndpoints.log, '/intake/items', 'deals:read', (c, { query }) => intake.log(c.fundId, query));
  serve(dealTeamEndpoints.members, '/members', 'team:read', (c) => dealTeam.members(c.fundId));

  // A deal sent in: its body read as bytes (JSON or multipart, as the webhook's), up to a deck's size.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    registerEndpoint(
      scope,
      publicApiEndpoints.createIntakeItem,
      ({ request }) => {
        const caller = callerOf(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const idempotencyKey = String(request.headers['idempotency-key'] ?? '').slice(0, 200) || `api-${randomUUID()}`;
        return intake.fromApi(caller.fundId, request.ip, idempotencyKey, body, request.headers['content-type'] ?? 'application/json');
      },
      {
        bodyLimit: INTAKE_API_BODY_LIMIT,
        at: { path: publicApiEndpoints.createIntakeItem.path, guard: guard('intake:write'), security: API_KEY_SECURITY, tags: [PUBLIC_API_TAG], summary: `${publicApiEndpoints.createIntakeItem.summary} (scope intake:write)` },
      },
    );
  });
}
