import type { LoginBodySchema, SignupBodySchema, TwoFactorLoginBodySchema, User, UserType } from '@fitscore/contracts';
import { USER_TYPE_LABELS } from '@fitscore/contracts';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, Authenticator } from '../../plugins/auth.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import type { AccountRecoveryService } from './account-recovery.service.ts';
import type { AuthRepository, SessionUser } from './auth.repository.ts';

/** The signed-in user as the access guard (plugins/auth.ts) holds it. */
export type { SessionUser };
import { assertNotCommon } from './common-passwords.ts';
import type { SignInProtection } from './sign-in-protection.ts';
import { decoyPasswordHash, hashPassword, hashToken, newSessionToken, verifyPassword } from './credentials.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** Whether a user has finished their role's onboarding; each role's module supplies its own. */
export type OnboardingCheck = (userId: string) => Promise<boolean>;
export type OnboardingChecks = Partial<Record<UserType, OnboardingCheck>>;

/** The second sign-in step, supplied by the account-security module when a user has two-factor on. */
export interface SecondFactorGate {
  /** An opaque challenge when this user owes a code after the password, else null. */
  challengeFor(userId: string): Promise<string | null>;
  /** The id of the user the challenge was issued to, once `code` answers it; throws AppError otherwise. */
  complete(challenge: string, code: string): Promise<string>;
}

/**
 * Whether password sign-in is refused for an email (a fund that requires single sign-on, supplied
 * by the sso module): the message to answer with, or null.
 */
export type PasswordSignInPolicy = (email: string) => Promise<string | null>;

export interface AuthServiceDeps {
  repo: AuthRepository;
  config: AppConfig['auth'];
  protection: SignInProtection;
  recovery: AccountRecoveryService;
  onboarding: () => OnboardingChecks;
  secondFactor?: () => SecondFactorGate | undefined;
  passwordPolicy?: () => PasswordSignInPolicy | undefined;
}

const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** Live sessions a user can have; a new sign-in ends the oldest beyond this. */
export const MAX_LIVE_SESSIONS = 20;

export function toUserDto(user: SessionUser): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    type: user.type,
    created_at: user.createdAt.toISOString(),
  };
}

export function createAuthService({ repo, config, protection, recovery, onboarding, secondFactor, passwordPolicy }: AuthServiceDeps) {
  const windowMs = config.failureWindowMinutes * 60_000;
  const signupAttempts = new AttemptLimiter(config.failuresPerEmail, windowMs, Date.now, 'sign-up');

  function ensureAllowed(limiter: AttemptLimiter, key: string, what: string) {
    const waitMs = limiter.retryAfterMs(key);
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new AppError(
        'rate_limited',
        `Too many ${what} attempts for this email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retry_after_seconds: Math.ceil(waitMs / 1000) },
      );
    }
  }

  async function startSession(userId: string, meta: ClientMeta) {
    const { token, tokenHash } = newSessionToken();
    const expiresAt = new Date(Date.now() + config.sessionTtlDays * 86_400_000);
    const session = await repo.insertSession({
      userId,
      tokenHash,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 400),
    });
    await repo.revokeBeyondNewest(userId, MAX_LIVE_SESSIONS);
    return { token, sessionId: session.id };
  }

  async function isOnboarded(user: SessionUser): Promise<boolean> {
    const check = onboarding()[user.type];
    return check ? check(user.id) : false;
  }

  const service = {
    async signup(input: z.output<typeof SignupBodySchema>, meta: ClientMeta) {
      ensureAllowed(signupAttempts, input.email, 'sign-up');
      signupAttempts.record(input.email);
      assertNotCommon(input.password, 'password');
      if (await repo.findUserByEmail(input.email)) {
        throw new AppError('email_taken', 'An account with this email already exists. Sign in instead.');
      }
      const passwordHash = await hashPassword(input.password);
      const user = await repo.insertUser({ email: input.email, name: input.name, type: input.type, passwordHash });
      if (!user) throw new AppError('email_taken', 'An account with this email already exists. Sign in instead.');
      await recovery.startVerification(user);
      const { token } = await startSession(user.id, meta);
      return { user: toUserDto(user), token };
    },

    async login(input: z.output<typeof LoginBodySchema>, meta: ClientMeta) {
      await protection.ensureSignInAllowed(input.email, meta.ip);
      // A fund that requires single sign-on refuses its members' passwords, right or wrong.
      const ssoOnly = await passwordPolicy?.()?.(input.email);
      if (ssoOnly) throw new AppError('forbidden', ssoOnly, { sso_required: true });
      const user = await repo.findUserByEmail(input.email);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyPassword(await decoyPasswordHash(), input.password).then(() => false);
      if (!user || !valid) {
        await protection.recordSignInFailure(input.email, meta.ip);
        throw new AppError('invalid_credentials', 'Invalid email or password');
      }
      await protection.clearAccount(input.email);
      // Only after the password is proven do we say which kind of account this is.
      if (user.type !== input.type) {
        throw new AppError(
          'wrong_account_type',
          `This account is registered as ${USER_TYPE_LABELS[user.type]}. Choose ${USER_TYPE_LABELS[user.type]} to sign in.`,
        );
      }
      // With two-factor on, the password alone opens no session: the client answers a challenge.
      const challenge = await secondFactor?.()?.challengeFor(user.id);
      if (challenge) return { two_factor_required: true as const, challenge };
      const { token } = await startSession(user.id, meta);
      return { user: toUserDto(user), token, onboarding_complete: await isOnboarded(user) };
    },

    async loginTwoFactor(input: z.output<typeof TwoFactorLoginBodySchema>, meta: ClientMeta) {
      const gate = secondFactor?.();
      if (!gate) throw new AppError('two_factor_required', 'Your sign-in has expired. Please sign in again.');
      const userId = await gate.complete(input.challenge, input.code);
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('two_factor_required', 'Your sign-in has expired. Please sign in again.');
      const { token } = await startSession(user.id, meta);
      return { user: toUserDto(user), token, onboarding_complete: await isOnboarded(user) };
    },

    /**
     * The investor account an identity provider vouched for (single sign-on, SCIM): found by email,
     * or made with a random password nobody knows. Undefined when the email is a founder's account.
     */
    async investorAccount(email: string, name: string): Promise<{ user: SessionUser; created: boolean } | undefined> {
      const existing = await repo.findUserByEmail(email);
      if (existing) return existing.type === 'vc' ? { user: existing, created: false } : undefined;
      const passwordHash = await hashPassword(newSessionToken().token);
      const made = await repo.insertUser({ email, name, type: 'vc', passwordHash });
      if (made) return { user: made, created: true };
      const raced = await repo.findUserByEmail(email);
      return raced?.type === 'vc' ? { user: raced, created: false } : undefined;
    },

    /** Opens a session for a user an identity provider signed in: the same answer as a password sign-in. */
    async signInVouched(userId: string, meta: ClientMeta) {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('unauthenticated', 'This sign-in has expired. Start the sign-in again.');
      const { token } = await startSession(user.id, meta);
      return { user: toUserDto(user), token, onboarding_complete: await isOnboarded(user) };
    },

    /** Ends every session of the user at once (deprovisioned by the fund's identity provider). */
    endAllSessions: (userId: string) => repo.revokeAllSessions(userId),

    /** Whether `password` is this user's current password. */
    async checkPassword(userId: string, password: string): Promise<boolean> {
      const user = await repo.findUserById(userId);
      return user ? verifyPassword(user.passwordHash, password) : false;
    },

    /** Stores a new argon2id hash and ends every session of the user but `keepSessionId`. */
    async setPassword(userId: string, password: string, keepSessionId: string) {
      assertNotCommon(password, 'new_password');
      await repo.updatePasswordHash(userId, await hashPassword(password));
      return repo.revokeOtherSessions(userId, keepSessionId);
    },

    listSessions: (userId: string) => repo.listLiveSessions(userId),

    /** False when the session is not this user's, or already ended. */
    revokeSession: (userId: string, sessionId: string) => repo.revokeSession(sessionId, userId),

    /** Returns how many sessions ended. */
    revokeOtherSessions: (userId: string, keepSessionId: string) => repo.revokeOtherSessions(userId, keepSessionId),

    async me(auth: AuthContext) {
      return {
        user: toUserDto(auth.user),
        onboarding_complete: await isOnboarded(auth.user),
        email_verified: await recovery.isVerified(auth.user.id),
      };
    },

    async logout(auth: AuthContext) {
      await repo.revokeSession(auth.sessionId, auth.user.id);
      return { ok: true as const };
    },

    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length > 200) return null;
      const row = await repo.findLiveSession(hashToken(token));
      if (!row) return null;
      if (Date.now() - row.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(row.sessionId);
      }
      return { user: row.user, sessionId: row.sessionId, membership: row.fundId && row.fundRole ? { fundId: row.fundId, role: row.fundRole } : null };
    },
  } satisfies Authenticator & Record<string, unknown>;

  return service;
}

export type AuthService = ReturnType<typeof createAuthService>;
