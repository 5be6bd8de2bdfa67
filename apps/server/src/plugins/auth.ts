import type { EndpointAccess } from '@fitscore/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { SessionUser } from '../modules/auth/auth.repository.ts';

export interface AuthContext {
  user: SessionUser;
  sessionId: string;
}

export interface Authenticator {
  /** The session behind a bearer token, or null when the token is unknown, expired or revoked. */
  authenticate(token: string): Promise<AuthContext | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    requireAccess(access: EndpointAccess): preHandlerAsyncHookHandler;
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
 * One guard for every route: 401 without a valid session, 403 for the wrong role.
 * Ownership of individual resources is checked by each module's service.
 */
export function registerAuthGuard(app: FastifyInstance, authenticator: Authenticator) {
  app.decorateRequest('auth', null);
  app.decorate('requireAccess', (access: EndpointAccess): preHandlerAsyncHookHandler => {
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
      if (access !== 'user' && auth.user.type !== access) {
        throw new AppError('forbidden', `This is only available to ${ROLE_NAMES[access]}.`);
      }
    };
  });
}
