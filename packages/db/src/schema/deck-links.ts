import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { decks } from './scoring.ts';

/**
 * A founder's protected link to one version of their deck (issue 32 point 3): the reader sees page
 * images watermarked with their email, behind an optional email gate and passcode, until the link
 * expires or is revoked. Only the token's SHA-256 is kept; the URL is shown once. Written by the
 * deck-links module only.
 */
export const deckLinks = pgTable(
  'deck_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The deck version the link shows: a later upload does not change it. */
    deckId: uuid('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Who the link is for; both empty for a general link. */
    recipientName: text('recipient_name').notNull().default(''),
    recipientEmail: text('recipient_email'),
    emailRequired: boolean('email_required').notNull().default(false),
    /** argon2id of the passcode; null when the link has none. */
    passcodeHash: text('passcode_hash'),
    allowDownload: boolean('allow_download').notNull().default(false),
    pageCount: integer('page_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The first counted view (a person's page beacon): set once, and the founder is told then. */
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('deck_links_token_idx').on(t.tokenHash), index('deck_links_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * One reader's session on a link (opened through the gate). It counts as a view only once its
 * page sends a beacon from a browser that is not a bot: a link preview never gets here.
 */
export const deckLinkViewers = pgTable(
  'deck_link_viewers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => deckLinks.id, { onDelete: 'cascade' }),
    /** SHA-256 of the viewer's session token (sent as X-Deck-Viewer). */
    sessionHash: text('session_hash').notNull(),
    email: text('email'),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first beacon: when the reader really opened the deck. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Sum of the page times recorded, capped by the session's age. */
    totalMs: integer('total_ms').notNull().default(0),
  },
  (t) => [uniqueIndex('deck_link_viewers_session_idx').on(t.sessionHash), index('deck_link_viewers_link_idx').on(t.linkId, t.createdAt)],
);

/** Time a viewer spent on one page (visible ms, summed from beacons and capped). */
export const deckLinkPageTimes = pgTable(
  'deck_link_page_times',
  {
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => deckLinkViewers.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    visibleMs: integer('visible_ms').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.page] }), check('deck_link_page_times_page_check', sql`${t.page} >= 1`)],
);

/** The founder's in-app notice of a link's first open; read once they have seen it. */
export const deckLinkAlerts = pgTable(
  'deck_link_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => deckLinks.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => deckLinkViewers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('deck_link_alerts_link_idx').on(t.linkId), index('deck_link_alerts_user_idx').on(t.userId, t.createdAt)],
);
