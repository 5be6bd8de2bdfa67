import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { deals, fundStages } from './deals.ts';
import { funds } from './funds.ts';

/**
 * Each member's own Hot/Track/Cold on a deal (issue 31 point 7): one per member and deal, the
 * latest press. Written only by the blind-look module's repository.
 */
export const dealVotes = pgTable(
  'deal_votes',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: ['hot', 'track', 'cold'] }).notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.userId] }),
    index('deal_votes_user_idx').on(t.userId),
    check('deal_votes_vote_check', sql`${t.vote} in ('hot', 'track', 'cold')`),
  ],
);

/** A fund's 'Blind first look' switch (admin only); no row: off. */
export const blindLookSettings = pgTable('blind_look_settings', {
  fundId: uuid('fund_id')
    .primaryKey()
    .references(() => funds.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The fund's own stages the blind first look applies to; a removed stage leaves the list with it. */
export const blindLookStages = pgTable(
  'blind_look_stages',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => fundStages.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.stageId] })],
);
