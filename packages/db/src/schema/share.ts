import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { fitScores } from './scoring.ts';

/**
 * Public read-only links to one FitScore. The link keeps a snapshot of the score and the
 * company as they were when it was created, so a later rescore never changes what it shows.
 * Only the token's hash is kept (the column keeps its first name, `token`): the URL is shown
 * once, when the link is created. A link may expire; revoked and expired links open nothing.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 (hex) of the link's token (32 random bytes, base64url). The token itself is only
     * in the URL the founder was given; a database reader cannot open a link.
     */
    tokenHash: text('token').notNull(),
    scoreId: uuid('score_id')
      .notNull()
      .references(() => fitScores.id, { onDelete: 'cascade' }),
    /** `{ company, score }` as the public page shows them. */
    snapshot: jsonb('snapshot').notNull(),
    views: integer('views').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Null: the link never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('share_links_token_idx').on(t.tokenHash), index('share_links_user_created_idx').on(t.userId, t.createdAt)],
);
