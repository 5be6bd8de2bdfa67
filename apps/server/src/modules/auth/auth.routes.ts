import { authEndpoints } from '@fitscore/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { AccountRecoveryService } from './account-recovery.service.ts';
import type { AuthService, ClientMeta } from './auth.service.ts';

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

export function authRoutes(app: FastifyInstance, auth: AuthService, recovery: AccountRecoveryService, config: AppConfig) {
  const rateLimit = { max: config.auth.rateLimitPerMinute, timeWindow: 60_000 };

  registerEndpoint(app, authEndpoints.signup, ({ body, request }) => auth.signup(body, clientMeta(request)), {
    rateLimit,
  });
  registerEndpoint(app, authEndpoints.login, ({ body, request }) => auth.login(body, clientMeta(request)), {
    rateLimit,
  });
  registerEndpoint(
    app,
    authEndpoints.loginTwoFactor,
    ({ body, request }) => auth.loginTwoFactor(body, clientMeta(request)),
    { rateLimit },
  );
  registerEndpoint(app, authEndpoints.me, ({ auth: session }) => auth.me(session));
  registerEndpoint(app, authEndpoints.requestPasswordReset, ({ body }) => recovery.requestPasswordReset(body.email), {
    rateLimit,
  });
  registerEndpoint(
    app,
    authEndpoints.confirmPasswordReset,
    ({ body }) => recovery.confirmPasswordReset(body.token, body.password),
    { rateLimit },
  );
  registerEndpoint(app, authEndpoints.verifyEmail, ({ body }) => recovery.verifyEmail(body.token), { rateLimit });
  registerEndpoint(app, authEndpoints.resendVerification, ({ auth: session }) => recovery.resendVerification(session), {
    rateLimit,
  });
  registerEndpoint(app, authEndpoints.logout, ({ auth: session }) => auth.logout(session));
}
