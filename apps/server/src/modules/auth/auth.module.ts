import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../plugins/auth.ts';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import { createMailer } from '../mail/mailer.ts';
import { createAccountProtectionRepository } from './account-protection.repository.ts';
import { createAccountRecoveryService } from './account-recovery.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService, type OnboardingChecks, type PasswordSignInPolicy, type SecondFactorGate } from './auth.service.ts';
import { createSignInProtection } from './sign-in-protection.ts';

export interface AuthModuleDeps {
  platform: Platform;
  /** Filled by each role's module with its onboarding check. */
  onboarding: OnboardingChecks;
  /** Filled by account-security: the second sign-in step. */
  secondFactor: ExtensionPoint<SecondFactorGate>;
  /** Filled here: how the access guard reads a session. */
  authenticator: ExtensionPoint<Authenticator>;
  /** Filled by sso: password sign-in refused where a fund requires single sign-on. */
  passwordPolicy: ExtensionPoint<PasswordSignInPolicy>;
}

/**
 * Sign-up, sign-in (with its second factor), the current user and sign-out; sign-in failures
 * counted in the database; password-reset and email-confirmation links sent by mail.
 */
export function register(app: FastifyInstance, { platform, onboarding, secondFactor, authenticator, passwordPolicy }: AuthModuleDeps) {
  const { config } = platform;
  const authRepo = createAuthRepository(platform.db, { idleDays: config.auth.sessionIdleDays });
  const protectionRepo = createAccountProtectionRepository(platform.db);
  const protection = createSignInProtection(protectionRepo, config.auth);
  const recovery = createAccountRecoveryService({
    users: authRepo,
    uow: platform.uow,
    repo: protectionRepo,
    protection,
    mailer: createMailer(config.mail, app.log),
    publicWebUrl: config.publicWebUrl,
    log: app.log,
  });
  app.addHook('preClose', () => recovery.drain());
  const auth = createAuthService({
    repo: authRepo,
    config: config.auth,
    protection,
    recovery,
    onboarding: () => onboarding,
    secondFactor: () => secondFactor.get(),
    passwordPolicy: () => passwordPolicy.get(),
  });
  authenticator.provide(auth);
  authRoutes(app, auth, recovery, config);
  return { auth, protection };
}
