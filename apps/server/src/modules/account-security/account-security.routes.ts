import { accountEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { AccountSecurityService } from './account-security.service.ts';

export function accountSecurityRoutes(app: FastifyInstance, security: AccountSecurityService, config: AppConfig) {
  // Calls that check a password or a code are limited like sign-in: a stolen session must not guess.
  const rateLimit = { max: config.auth.rateLimitPerMinute, timeWindow: 60_000 };

  registerEndpoint(
    app,
    accountEndpoints.changePassword,
    ({ auth, body }) => security.changePassword(auth, body.current_password, body.new_password),
    { rateLimit },
  );
  registerEndpoint(app, accountEndpoints.listSessions, ({ auth }) => security.listSessions(auth));
  registerEndpoint(app, accountEndpoints.revokeSession, ({ auth, params }) => security.revokeSession(auth, params.id));
  registerEndpoint(app, accountEndpoints.revokeOtherSessions, ({ auth }) => security.revokeOtherSessions(auth));
  registerEndpoint(app, accountEndpoints.twoFactorStatus, ({ auth }) => security.twoFactorStatus(auth));
  registerEndpoint(app, accountEndpoints.twoFactorSetup, ({ auth }) => security.startTwoFactorSetup(auth), { rateLimit });
  registerEndpoint(app, accountEndpoints.twoFactorEnable, ({ auth, body }) => security.enableTwoFactor(auth, body.code), {
    rateLimit,
  });
  registerEndpoint(
    app,
    accountEndpoints.twoFactorDisable,
    ({ auth, body }) => security.disableTwoFactor(auth, body.password, body.code),
    { rateLimit },
  );
}
