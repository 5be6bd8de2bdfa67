import type { EndpointAccess, FundRole, PublicRateLimit } from '@fitscore/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { SessionUser } from '../modules/auth/auth.service.ts';

export interface AuthContext {
  user: SessionUser;
  sessionId: string;
  /** The investor's fund and role there, read with the session; null for founders and before the fund exists. */
  membership: FundMembership | null;
}

export interface FundMembership {
  fundId: string;
  role: FundRole;
}

export interface Authenticator {
  /** The session behind a bearer token, or null when the token is unknown, expired or revoked. */
  authenticate(token: string): Promise<AuthContext | null>;
}

/**
 * The fund an investor acts for on a `fund:*` endpoint. `id` is null only for an investor
 * whose fund does not exist yet: every investor account belongs to one fund, made by their
 * first save, so until then they are the admin of the fund they are about to create.
 */
export interface FundAccess {
  id: string | null;
  role: FundRole;
}

export interface Memberships {
  membershipOf(userId: string): Promise<FundMembership | null>;
  /**
   * What an open event stream may still hear: whether its session is live (not signed out, not
   * ended by a password change, not expired) and the fund its user belongs to now.
   */
  streamAccess(sessionId: string, userId: string): Promise<{ live: boolean; fundId: string | null }>;
}

export interface RateLimit {
  max: number;
  timeWindow: number;
}

export interface AccessOptions {
  authenticator: Authenticator;
  /** Per-IP limits of public endpoints, by purpose. */
  publicLimits: Record<PublicRateLimit, RateLimit>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    fund: FundAccess | null;
  }
  interface FastifyInstance {
    requireAccess(access: Exclude<EndpointAccess, 'signed'>): onRequestAsyncHookHandler;
    publicLimit(kind: PublicRateLimit): RateLimit;
  }
}

/** `Authorization: Token {token}` as the spec says; `Bearer` is accepted too. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Token|Bearer)\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const ROLE_NAMES = { founder: 'founders', vc: 'investors' } as const;

/**
 * One guard for every session-based route, resolved once per request: 401 without a valid
 * session, 403 for the wrong role, and for `fund:*` the caller's fund and role there
 * (403 when a member calls an admin endpoint). Ownership of individual resources below the
 * fund is checked by each module's service. `signed` endpoints are guarded by `webhook-signature.ts`.
 * It runs as an `onRequest` hook: the caller is known before Fastify reads or validates the path,
 * query or body, so an anonymous or wrong-role caller learns nothing about them (401/403, never 400).
 */
export function registerAccessGuard(app: FastifyInstance, options: AccessOptions) {
  const { authenticator } = options;
  app.decorateRequest('auth', null);
  app.decorateRequest('fund', null);
  app.decorateRequest('rawBody', null);
  app.decorate('publicLimit', (kind: PublicRateLimit) => options.publicLimits[kind]);
  app.decorate('requireAccess', (access: Exclude<EndpointAccess, 'signed'>): onRequestAsyncHookHandler => {
    return async (request) => {
      const token = readToken(request);
      if (access === 'public') {
        request.auth = token ? await authenticator.authenticate(token) : null;
        return;
      }
      if (!token) throw new AppError('unauthenticated', 'Please log in');
      const auth = await authenticator.authenticate(token);
      if (!auth) throw new AppError('unauthenticated', 'Your session has expired. Please log in again.');
      request.auth = auth;
      if (access === 'user') return;
      const role = access === 'founder' ? 'founder' : 'vc';
      if (auth.user.type !== role) throw new AppError('forbidden', `This is only available to ${ROLE_NAMES[role]}.`);
      if (access === 'founder' || access === 'vc') return;

      const membership = auth.membership;
      request.fund = membership ? { id: membership.fundId, role: membership.role } : { id: null, role: 'admin' };
      if (access === 'fund:admin' && request.fund.role !== 'admin') {
        throw new AppError('forbidden', "Only the fund's admins can change this.");
      }
    };
  });
}
