import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { AuthService, PasswordSignInPolicy } from '../auth/auth.service.ts';
import type { TeamService } from '../team/team.service.ts';
import { createScimService } from './scim.service.ts';
import { scimRoutes } from './scim.routes.ts';
import { createSecretSeal } from './secret-seal.ts';
import { createSsoRepository } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';
import { createSsoService } from './sso.service.ts';

export interface SsoModuleDeps {
  platform: Platform;
  auth: AuthService;
  team: TeamService;
  passwordPolicy: ExtensionPoint<PasswordSignInPolicy>;
}

/** Enterprise single sign-on (OpenID Connect) and SCIM 2.0 provisioning (ADR 0053). */
export function register(app: FastifyInstance, { platform, auth, team, passwordPolicy }: SsoModuleDeps) {
  const { config } = platform;
  const repo = createSsoRepository(platform.db);
  const sso = createSsoService({
    repo,
    seal: createSecretSeal(platform.appSecret),
    auth,
    team,
    audit: app.audit,
    publicApiUrl: config.publicApiUrl,
    publicWebUrl: config.publicWebUrl,
    allowHttpIssuers: config.env !== 'production',
    log: app.log,
  });
  passwordPolicy.provide((email) => sso.passwordRefusal(email));
  ssoRoutes(app, sso, config.auth.rateLimitPerMinute);
  const scimBaseUrl = `${config.publicApiUrl}/scim/v2`;
  scimRoutes(app, createScimService({ repo, auth, team, audit: app.audit, scimBaseUrl }), { scimBaseUrl, perMinute: config.rateLimits.apiKeyPerMinute });
  return sso;
}
