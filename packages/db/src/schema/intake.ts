import { INTAKE_CHANNELS, INTAKE_OUTCOMES, DEAL_SOURCES } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { funds } from './funds.ts';

/**
 * A fund's intake secrets (issue 12): the token of its inbound-email endpoint and its webhook
 * signing secret, sealed with the application secret (the server must compute the HMAC, so it
 * cannot keep only a hash).
 */
export const intakeSettings = pgTable('intake_settings', {
  fundId: uuid('fund_id')
    .primaryKey()
    .references(() => funds.id, { onDelete: 'cascade' }),
  emailToken: text('email_token').notNull(),
  /** `whsec_…` sealed (AES-256-GCM, the fund id bound in); null until an admin creates one. */
  webhookSecretSealed: text('webhook_secret_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('intake_settings_email_token_idx').on(t.emailToken)]);

/**
 * Every item received on an intake channel, written before it is parsed. Its payload (the raw
 * message, the form's deck) is in the blob store under `payload_key`; a job turns the stored item
 * into a deal, so a crash between receipt and deal creation is retried from here.
 */
export const intakeItems = pgTable(
  'intake_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: INTAKE_CHANNELS }).notNull(),
    /** How the payload is to be read: 'form', 'webhook', 'rfc822', 'postmark', 'multipart' (SendGrid, Mailgun). */
    format: text('format').notNull(),
    reference: text('reference').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: INTAKE_OUTCOMES }).notNull().default('received'),
    reason: text('reason'),
    sender: text('sender'),
    senderIp: text('sender_ip'),
    companyName: text('company_name'),
    /** Text fields of a form or webhook item (the deck is in the blob). */
    fields: jsonb('fields'),
    /** The raw payload (message, deck) in the blob store; null when nothing was kept (a refusal). */
    payloadKey: text('payload_key'),
    /** A webhook's `webhook-id`: the same id again is the same item. */
    externalId: text('external_id'),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * How many refusals this row stands for: refusals that repeat (a webhook's bad signatures)
     * are counted on one row per fund rather than a row each, so they cannot push real items out of the log.
     */
    repeats: integer('repeats').notNull().default(1),
  },
  (t) => [
    index('intake_items_fund_received_idx').on(t.fundId, t.receivedAt),
    uniqueIndex('intake_items_external_idx').on(t.fundId, t.channel, t.externalId).where(sql`${t.externalId} is not null`),
    uniqueIndex('intake_items_reference_idx').on(t.reference),
    /** A founder's applications by form or email, found by their verified address ('Where your deck went', ADR 0071). */
    index('intake_items_sender_idx').on(sql`lower(trim(${t.sender}))`).where(sql`${t.dealId} is not null`),
    /** The payload retention sweep: items still holding a payload, by when they were decided. */
    index('intake_items_payload_idx').on(t.processedAt).where(sql`${t.payloadKey} is not null`),
  ],
);

/** Each arrival of a deal through an intake channel: the first one and every merged duplicate. */
export const dealSources = pgTable(
  'deal_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: DEAL_SOURCES }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    intakeItemId: uuid('intake_item_id').references(() => intakeItems.id, { onDelete: 'set null' }),
    /** A forwarded email's body text, kept as the deal's note. */
    note: text('note').notNull().default(''),
    /** A deck sent only as a link (DocSend, Google Slides, Dropbox): kept, never fetched. */
    deckLink: text('deck_link'),
  },
  (t) => [index('deal_sources_deal_idx').on(t.dealId, t.receivedAt), uniqueIndex('deal_sources_item_idx').on(t.intakeItemId)],
);
