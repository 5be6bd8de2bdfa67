import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../plugins/auth.ts';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type OnboardingChecks, type SecondFactorGate } from './auth.service.ts';

export interface AuthModuleDeps {
  platform: Platform;
  /** Filled by each role's module with its onboarding check. */
  onboarding: OnboardingChecks;
  /** Filled by account-security: the second sign-in step. */
  secondFactor: ExtensionPoint<SecondFactorGate>;
  /** Filled here: how the access guard reads a session. */
  authenticator: ExtensionPoint<Authenticator>;
}

/** Sign-up, sign-in (with its second factor), the current user and sign-out. */
export function register(app: FastifyInstance, { platform, onboarding, secondFactor, authenticator }: AuthModuleDeps) {
  const auth = createAuthService({
    repo: createAuthRepository(platform.db),
    config: platform.config.auth,
    onboarding: () => onboarding,
    secondFactor: () => secondFactor.get(),
  });
  authenticator.provide(auth);
  authRoutes(app, auth, platform.config);
  return auth;
}
