import { AppError } from '../../lib/app-error.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccountProtectionRepository, TokenPurpose } from './account-protection.repository.ts';
import type { AuthRepository } from './auth.repository.ts';
import { assertNotCommon } from './common-passwords.ts';
import { hashPassword, hashToken, newSessionToken } from './credentials.ts';
import type { SignInProtection } from './sign-in-protection.ts';

export const RESET_LINK_TTL_MS = 30 * 60_000;
export const VERIFY_LINK_TTL_MS = 3 * 86_400_000;
/** Mails of one kind an account can be sent per quarter hour: nobody can flood an inbox through us. */
const MAILS_PER_QUARTER_HOUR = 3;
const QUARTER_HOUR_SECONDS = 15 * 60;

const BAD_RESET_LINK = 'This reset link is invalid, already used or expired. Request a new one.';
const BAD_VERIFY_LINK = 'This verification link is invalid, already used or expired. Sign in to send a new one.';

export interface AccountRecoveryDeps {
  users: AuthRepository;
  uow: UnitOfWork;
  repo: AccountProtectionRepository;
  protection: SignInProtection;
  mailer: Mailer;
  publicWebUrl: string;
  log: { error(details: { err: unknown }, message: string): void };
}

/** Password reset and email verification: single-use links sent by mail, only their hashes stored. */
export function createAccountRecoveryService({ users, uow, repo, protection, mailer, publicWebUrl, log }: AccountRecoveryDeps) {
  // Mail goes out after the answer, so the answer takes the same time whether or not the account exists.
  const pending = new Set<Promise<void>>();
  function inBackground(what: string, task: () => Promise<void>) {
    const run = task()
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  /** A new link of this purpose (older unused ones stop working); its token travels in the URL fragment. */
  async function newLink(userId: string, purpose: TokenPurpose, path: string, ttlMs: number) {
    const { token, tokenHash } = newSessionToken();
    await repo.replaceToken(userId, purpose, tokenHash, new Date(Date.now() + ttlMs));
    return `${publicWebUrl}${path}#token=${token}`;
  }

  const underMailLimit = async (userId: string, purpose: TokenPurpose) =>
    (await repo.countRecentTokens(userId, purpose, QUARTER_HOUR_SECONDS)) < MAILS_PER_QUARTER_HOUR;

  async function sendVerification(user: { id: string; email: string }) {
    const link = await newLink(user.id, 'email_verification', '/verify-email', VERIFY_LINK_TTL_MS);
    await mailer.send({
      to: user.email,
      subject: 'Confirm your email for FitScore',
      link,
      text: [
        'Welcome to FitScore.',
        '',
        'Confirm that this is your email address by opening this link:',
        link,
        '',
        'The link works once and for 3 days. If you did not sign up, ignore this message.',
      ].join('\n'),
    });
  }

  return {
    /** Always accepted; a mail goes out only to an existing account (within its mail limit). */
    requestPasswordReset(email: string) {
      inBackground('password reset mail', async () => {
        const user = await users.findUserByEmail(email);
        if (!user || !(await underMailLimit(user.id, 'password_reset'))) return;
        const link = await newLink(user.id, 'password_reset', '/reset-password', RESET_LINK_TTL_MS);
        await mailer.send({
          to: user.email,
          subject: 'Reset your FitScore password',
          link,
          text: [
            'Someone (hopefully you) asked to reset the password of your FitScore account.',
            '',
            'Choose a new password here:',
            link,
            '',
            'The link works once and for 30 minutes. Using it signs you out everywhere.',
            'If you did not ask for this, ignore this message: your password stays as it is.',
          ].join('\n'),
        });
      });
      return { ok: true as const };
    },

    /** Sets the password, ends every session, and lifts any sign-in delay on the account. */
    async confirmPasswordReset(token: string, password: string) {
      assertNotCommon(password, 'password');
      const passwordHash = await hashPassword(password);
      // One unit of work: the link is used up exactly when the password changed and every session ended.
      await uow.run(async (tx) => {
        const userId = await repo.in(tx).claimToken('password_reset', hashToken(token));
        const user = userId ? await users.in(tx).findUserById(userId) : undefined;
        if (!user) throw new AppError('bad_request', BAD_RESET_LINK);
        await users.in(tx).updatePasswordHash(user.id, passwordHash);
        await users.in(tx).revokeAllSessions(user.id);
        await protection.clearAccount(user.email, tx);
        await protection.clearPasswordChecks(user.id, tx);
        // The link reached this inbox: the address is proven too.
        await repo.in(tx).markVerified(user.id);
      });
      return { ok: true as const };
    },

    /** After sign-up: the account works at once; a link to confirm the address is mailed. */
    async startVerification(user: { id: string; email: string }) {
      await repo.startVerification(user.id);
      inBackground('verification mail', () => sendVerification(user));
    },

    async resendVerification(auth: AuthContext) {
      if (await repo.isVerified(auth.user.id)) throw new AppError('conflict', 'Your email address is already confirmed.');
      if (!(await underMailLimit(auth.user.id, 'email_verification'))) {
        throw new AppError('rate_limited', 'A confirmation link was sent several times already. Check your inbox, or try again later.');
      }
      await sendVerification(auth.user);
      return { ok: true as const };
    },

    async verifyEmail(token: string) {
      const userId = await repo.claimToken('email_verification', hashToken(token));
      if (!userId) throw new AppError('bad_request', BAD_VERIFY_LINK);
      await repo.markVerified(userId);
      return { ok: true as const };
    },

    isVerified: (userId: string) => repo.isVerified(userId),

    /** Waits for mails still being sent (server shutdown). */
    async drain() {
      await Promise.all([...pending]);
    },
  };
}

export type AccountRecoveryService = ReturnType<typeof createAccountRecoveryService>;
