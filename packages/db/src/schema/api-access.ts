import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A fund's API keys for the public API (`/api/v1/`). Only the SHA-256 of the random key is stored
 * (the key is shown once); `preview` is its first characters, to tell keys apart. A key acts for
 * its fund with the rights of the admin who made it, within its scopes, while that admin belongs
 * to the fund; revoked or expired keys are refused at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    tokenHash: text('token_hash').notNull(),
    preview: text('preview').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_token_idx').on(t.tokenHash), index('api_keys_fund_idx').on(t.fundId, t.createdAt)],
);
