import { AppError } from '../../lib/app-error.ts';
import type { Transaction } from '../../lib/unit-of-work.ts';
import type { AccountProtectionRepository } from './account-protection.repository.ts';

export interface SignInProtectionConfig {
  /** Wrong passwords an account gets before a delay; each further one doubles it. */
  failuresPerEmail: number;
  /** Wrong passwords from one address (any accounts) before the address is blocked for the window. */
  failuresPerAddress: number;
  /** A counter with no failure for this long starts again. */
  failureWindowMinutes: number;
}

/** The delay after the allowed failures; each further failure doubles it, up to the cap. */
export const FIRST_DELAY_SECONDS = 2;
/**
 * The longest an account waits between attempts. Short on purpose: strangers guessing
 * someone's password can slow the owner down by at most this, never lock them out.
 */
export const MAX_ACCOUNT_DELAY_SECONDS = 60;

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const secondsUntil = (date: Date | null) => Math.max(1, Math.ceil(((date?.getTime() ?? 0) - Date.now()) / 1000));

/**
 * Sign-in failures counted in the database per account (email) and per client address.
 * An account earns growing delays, never a lock: during a delay attempts are refused
 * without being counted, so guessing cannot push the delay past its cap, and the right
 * password works as soon as the delay has passed. An address (the guesser's own) is
 * blocked for the window after many failures. The reset link clears the account's counters.
 */
export function createSignInProtection(repo: AccountProtectionRepository, config: SignInProtectionConfig) {
  const windowSeconds = config.failureWindowMinutes * 60;

  return {
    /** Throws 429 while the account or the address waits. */
    async ensureSignInAllowed(email: string, ip: string) {
      const blocked = await repo.blockedUntil([
        { scope: 'account', key: email },
        { scope: 'address', key: ip },
      ]);
      const address = blocked.find((b) => b.scope === 'address');
      if (address) {
        throw new AppError(
          'rate_limited',
          `Too many sign-in attempts from this address. Try again in ${waitText(secondsUntil(address.blockedUntil))}.`,
          { retry_after_seconds: secondsUntil(address.blockedUntil) },
        );
      }
      const account = blocked.find((b) => b.scope === 'account');
      if (account) {
        const wait = secondsUntil(account.blockedUntil);
        throw new AppError(
          'rate_limited',
          `Too many sign-in attempts for this email. Try again in ${waitText(wait)}, or reset your password.`,
          { retry_after_seconds: wait },
        );
      }
    },

    async recordSignInFailure(email: string, ip: string) {
      const accountFailures = await repo.recordFailure('account', email, windowSeconds);
      const over = accountFailures - config.failuresPerEmail;
      if (over >= 0) {
        const delay = Math.min(FIRST_DELAY_SECONDS * 2 ** Math.min(over, 16), MAX_ACCOUNT_DELAY_SECONDS);
        await repo.block('account', email, delay);
      }
      const addressFailures = await repo.recordFailure('address', ip, windowSeconds);
      if (addressFailures >= config.failuresPerAddress) await repo.block('address', ip, windowSeconds);
    },

    /** After a correct password: the account starts afresh (the address keeps its count). */
    clearAccount: (email: string, tx?: Transaction) => repo.in(tx).clearFailures('account', [email]),

    /** Current-password checks in password change: a hard limit per user for the window. */
    async ensurePasswordCheckAllowed(userId: string) {
      const [blocked] = await repo.blockedUntil([{ scope: 'password_change', key: userId }]);
      if (blocked) {
        throw new AppError(
          'rate_limited',
          `Too many incorrect current passwords. Try again in ${waitText(secondsUntil(blocked.blockedUntil))}, or reset your password.`,
          { retry_after_seconds: secondsUntil(blocked.blockedUntil) },
        );
      }
    },

    async recordPasswordCheckFailure(userId: string) {
      const failures = await repo.recordFailure('password_change', userId, windowSeconds);
      if (failures >= config.failuresPerEmail) await repo.block('password_change', userId, windowSeconds);
    },

    clearPasswordChecks: (userId: string, tx?: Transaction) => repo.in(tx).clearFailures('password_change', [userId]),
  };
}

export type SignInProtection = ReturnType<typeof createSignInProtection>;
