import type { ActiveSession, TwoFactorStatus } from '@fitscore/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { AuthService, SecondFactorGate } from '../auth/auth.service.ts';
import type { SignInProtection } from '../auth/sign-in-protection.ts';
import type { AccountSecurityRepository, TwoFactorRow } from './account-security.repository.ts';
import type { SecretBox } from './secret-box.ts';
import {
  matchTotp,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUri,
  qrCodeSvg,
  RECOVERY_CODE_COUNT,
} from './totp.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const INVALID_CODE = 'Invalid authentication code';
const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';
const TOO_MANY_CODES = 'Too many incorrect codes. Please sign in again.';

export interface AccountSecurityDeps {
  repo: AccountSecurityRepository;
  auth: AuthService;
  secrets: SecretBox;
  config: AppConfig['auth'];
  protection: SignInProtection;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Password change, the session list, and two-factor sign-in with an authenticator app. */
export function createAccountSecurityService({ repo, auth, secrets, config, protection }: AccountSecurityDeps) {
  // Wrong codes per account across challenges: each challenge needs the password, but the
  // password may be known to an attacker; this caps guessing of the second factor.
  const codeFailures = new AttemptLimiter(config.failuresPerEmail, config.failureWindowMinutes * 60_000, Date.now, 'second-factor-code');

  const isEnabled = (row: TwoFactorRow | undefined): row is TwoFactorRow & { enabledAt: Date } =>
    Boolean(row?.enabledAt);

  /** An authenticator code (each accepted once) or an unused recovery code (then used up). */
  async function acceptSecondFactor(row: TwoFactorRow, input: string): Promise<boolean> {
    const code = input.replace(/\s+/g, '');
    if (/^\d{6}$/.test(code)) {
      const secret = secrets.decrypt(row.secretEncrypted, row.userId);
      const step = await matchTotp(secret, code, row.lastUsedStep ?? null);
      return step !== null && repo.claimStep(row.userId, step);
    }
    const normalized = normalizeRecoveryCode(code);
    if (normalized.length !== 12) return false;
    return repo.useRecoveryCode(row.userId, secrets.keyedHash(normalized));
  }

  function ensureCodeAttemptsLeft(userId: string) {
    const waitMs = codeFailures.retryAfterMs(userId);
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new AppError(
        'rate_limited',
        `Too many incorrect codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retry_after_seconds: Math.ceil(waitMs / 1000) },
      );
    }
  }

  async function status(userId: string): Promise<TwoFactorStatus> {
    const row = await repo.findTwoFactor(userId);
    if (!isEnabled(row)) return { enabled: false, enabled_at: null, recovery_codes_remaining: 0 };
    return {
      enabled: true,
      enabled_at: row.enabledAt.toISOString(),
      recovery_codes_remaining: await repo.countUnusedRecoveryCodes(userId),
    };
  }

  const secondFactor: SecondFactorGate = {
    async challengeFor(userId) {
      if (!isEnabled(await repo.findTwoFactor(userId))) return null;
      const challenge = randomBytes(32).toString('base64url');
      await repo.insertChallenge(userId, sha256(challenge), new Date(Date.now() + CHALLENGE_TTL_MS));
      return challenge;
    },

    async complete(challenge, code) {
      const tokenHash = sha256(challenge);
      const claimed = await repo.claimChallengeAttempt(tokenHash, CHALLENGE_MAX_ATTEMPTS);
      if (!claimed) {
        const known = await repo.findChallenge(tokenHash);
        const exhausted = known && !known.consumedAt && known.attempts >= CHALLENGE_MAX_ATTEMPTS;
        throw new AppError('two_factor_required', exhausted ? TOO_MANY_CODES : SIGN_IN_EXPIRED);
      }
      ensureCodeAttemptsLeft(claimed.userId);
      const row = await repo.findTwoFactor(claimed.userId);
      if (!isEnabled(row)) throw new AppError('two_factor_required', SIGN_IN_EXPIRED);
      if (await acceptSecondFactor(row, code)) {
        if (!(await repo.consumeChallenge(claimed.id))) throw new AppError('two_factor_required', SIGN_IN_EXPIRED);
        codeFailures.clear(claimed.userId);
        return claimed.userId;
      }
      codeFailures.record(claimed.userId);
      if (claimed.attempts >= CHALLENGE_MAX_ATTEMPTS) throw new AppError('two_factor_required', TOO_MANY_CODES);
      throw new AppError('invalid_credentials', INVALID_CODE);
    },
  };

  return {
    /** Wired into the auth service: the second step of sign-in. */
    secondFactor,

    async changePassword(session: AuthContext, currentPassword: string, newPassword: string) {
      // Counted per account in the database: a stolen session cannot guess the password at leisure.
      await protection.ensurePasswordCheckAllowed(session.user.id);
      if (!(await auth.checkPassword(session.user.id, currentPassword))) {
        await protection.recordPasswordCheckFailure(session.user.id);
        throw new AppError('bad_request', 'Current password is incorrect');
      }
      await protection.clearPasswordChecks(session.user.id);
      await auth.setPassword(session.user.id, newPassword, session.sessionId);
      // A sign-in half-done with the old password must not finish.
      await repo.deleteChallenges(session.user.id);
      return { ok: true as const };
    },

    async listSessions(session: AuthContext): Promise<{ sessions: ActiveSession[] }> {
      const rows = await auth.listSessions(session.user.id);
      const list = rows
        .map((r) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          last_seen_at: r.lastSeenAt.toISOString(),
          ip: r.ip,
          user_agent: r.userAgent,
          current: r.id === session.sessionId,
        }))
        // This device first, then the most recently active.
        .sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at));
      return { sessions: list };
    },

    async revokeSession(session: AuthContext, sessionId: string) {
      // Someone else's session answers exactly like one that does not exist.
      if (!UUID.test(sessionId) || !(await auth.revokeSession(session.user.id, sessionId))) {
        throw new AppError('not_found', 'Session not found');
      }
      return { ok: true as const };
    },

    async revokeOtherSessions(session: AuthContext) {
      const revoked = await auth.revokeOtherSessions(session.user.id, session.sessionId);
      return { ok: true as const, revoked };
    },

    twoFactorStatus: (session: AuthContext) => status(session.user.id),

    async startTwoFactorSetup(session: AuthContext) {
      const secret = newTotpSecret();
      if (!(await repo.savePendingSecret(session.user.id, secrets.encrypt(secret, session.user.id)))) {
        throw new AppError('conflict', 'Two-factor authentication is already on. Turn it off first to set it up again.');
      }
      const uri = otpauthUri(secret, session.user.email);
      return { secret, otpauth_uri: uri, qr_svg: await qrCodeSvg(uri) };
    },

    async enableTwoFactor(session: AuthContext, code: string) {
      const userId = session.user.id;
      const row = await repo.findTwoFactor(userId);
      if (isEnabled(row)) throw new AppError('conflict', 'Two-factor authentication is already on.');
      if (!row) throw new AppError('bad_request', 'Start the two-factor setup first.');
      const step = await matchTotp(secrets.decrypt(row.secretEncrypted, userId), code, null);
      if (step === null) throw new AppError('bad_request', INVALID_CODE);
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = codes.map((c) => secrets.keyedHash(normalizeRecoveryCode(c)));
      if (!(await repo.enable(userId, step, hashes))) {
        throw new AppError('conflict', 'Two-factor authentication is already on.');
      }
      // Sessions opened with the password alone end: from now on a sign-in needs the second factor.
      await auth.revokeOtherSessions(userId, session.sessionId);
      return { enabled: true as const, recovery_codes: codes };
    },

    async disableTwoFactor(session: AuthContext, password: string, code: string) {
      const userId = session.user.id;
      const row = await repo.findTwoFactor(userId);
      if (!isEnabled(row)) throw new AppError('conflict', 'Two-factor authentication is not on.');
      if (!(await auth.checkPassword(userId, password))) throw new AppError('bad_request', 'Password is incorrect');
      ensureCodeAttemptsLeft(userId);
      if (!(await acceptSecondFactor(row, code))) {
        codeFailures.record(userId);
        throw new AppError('bad_request', INVALID_CODE);
      }
      await repo.disable(userId);
      return status(userId);
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
