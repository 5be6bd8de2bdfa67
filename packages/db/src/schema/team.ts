import { FUND_MEMBER_ROLES } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * An invitation into a fund: a single-use link that expires and can be revoked. Only the
 * SHA-256 of its random token is stored; the link itself is shown once to the admin who made it
 * (and mailed when the invite names an address).
 */
export const fundInvites = pgTable(
  'fund_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    /** Who it was mailed to; null for a link the admin shares themselves. */
    email: text('email'),
    role: text('role', { enum: FUND_MEMBER_ROLES }).notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fund_invites_token_idx').on(t.tokenHash),
    index('fund_invites_fund_idx').on(t.fundId, t.createdAt),
    check('fund_invites_role_check', sql`${t.role} in ('admin', 'member')`),
  ],
);
