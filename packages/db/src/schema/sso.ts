import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A fund's OpenID Connect connection (one per fund): the identity provider's issuer, the client
 * FitScore is registered as there (its secret sealed with AES-256-GCM under a key derived from the
 * application secret, never sent back), the email domains it signs in, and whether password
 * sign-in is refused for the fund's members.
 */
export const ssoConnections = pgTable('sso_connections', {
  fundId: uuid('fund_id')
    .primaryKey()
    .references(() => funds.id, { onDelete: 'cascade' }),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
  requireSso: boolean('require_sso').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An email domain claimed by one fund's connection: a domain signs in through one identity provider. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => ssoConnections.fundId, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_fund_idx').on(t.fundId)],
);

/**
 * A sign-in in flight: the SHA-256 of its `state`, its PKCE verifier and nonce. Kept in the
 * database so any API host can finish it; used once (`used_at`) and only for 10 minutes.
 */
export const ssoLoginStates = pgTable(
  'sso_login_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_login_states_state_idx').on(t.stateHash), index('sso_login_states_expiry_idx').on(t.expiresAt)],
);

/**
 * The one-time code that carries a finished SSO sign-in from the callback to the web app, which
 * trades it for a session (so no session token ever travels in a URL). Hashed, single use, 2 minutes.
 */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sso_handoffs_code_idx').on(t.codeHash)],
);

/**
 * A person of the fund as its identity provider knows them: made by SCIM provisioning or by a
 * first SSO sign-in (just in time). `id` is the SCIM resource id; `active` false means deactivated
 * by the provider (the member left the fund and their sessions ended).
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SCIM userName: the email, lower-cased. */
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    /** The OpenID Connect `sub` once the person has signed in. */
    subject: text('subject'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_identities_fund_user_name_idx').on(t.fundId, t.userName),
    uniqueIndex('sso_identities_fund_user_idx').on(t.fundId, t.userId),
  ],
);

/** A fund's SCIM tokens: only their SHA-256 is stored; shown once, revocable at once. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    preview: text('preview').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scim_tokens_token_idx').on(t.tokenHash), index('scim_tokens_fund_idx').on(t.fundId, t.createdAt)],
);
