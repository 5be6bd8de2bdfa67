import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Failed password checks, counted in the database so every API process sees the same
 * numbers and a restart forgets nothing. `scope` says what `key` is: an account's email
 * ('account'), a client address ('address'), or a user id for current-password checks
 * in password change ('password_change'). `blockedUntil` is when the next attempt is allowed.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    scope: text('scope', { enum: ['account', 'address', 'password_change'] }).notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('sign_in_failures_scope_check', sql`${t.scope} in ('account', 'address', 'password_change')`),
  ],
);

/** Single-use links sent by mail (password reset, email verification). Only the SHA-256 is kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_verification'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_tokens_user_id_idx').on(t.userId),
    check('account_tokens_purpose_check', sql`${t.purpose} in ('password_reset', 'email_verification')`),
  ],
);

/**
 * Whether a user has confirmed their email address. Accounts made before verification
 * existed have no row and are not asked; a row with `verifiedAt` null shows the banner.
 */
export const emailVerifications = pgTable('email_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
