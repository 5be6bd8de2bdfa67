import type { FastifyInstance } from 'fastify';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import type { AuthService, SecondFactorGate } from '../auth/auth.service.ts';
import type { SignInProtection } from '../auth/sign-in-protection.ts';
import { createAccountSecurityRepository } from './account-security.repository.ts';
import { accountSecurityRoutes } from './account-security.routes.ts';
import { createAccountSecurityService } from './account-security.service.ts';
import { createSecretBox } from './secret-box.ts';

export interface AccountSecurityModuleDeps {
  platform: Platform;
  auth: AuthService;
  /** Counts wrong current passwords in password change. */
  protection: SignInProtection;
  /** Filled here: sign-in asks this module for the second factor. */
  secondFactor: ExtensionPoint<SecondFactorGate>;
}

/** Password change, sessions and two-factor sign-in; its secrets are sealed with the app secret. */
export function register(app: FastifyInstance, { platform, auth, protection, secondFactor }: AccountSecurityModuleDeps) {
  const security = createAccountSecurityService({
    repo: createAccountSecurityRepository(platform.db),
    auth,
    secrets: createSecretBox(platform.appSecret),
    config: platform.config.auth,
    protection,
  });
  secondFactor.provide(security.secondFactor);
  accountSecurityRoutes(app, security, platform.config);
}
