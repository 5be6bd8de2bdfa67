import type { SavedViewState } from '@fitscore/contracts';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { funds } from './funds.ts';

/**
 * A pipeline view a member saved under a name (issue 31 point 2): filters, sort, columns and the
 * table/board choice; private to its author or shared with the fund. Written by the saved-views module only.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    state: jsonb('state').$type<SavedViewState>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_views_fund_idx').on(t.fundId, t.shared, t.userId)],
);

/**
 * The view each member's pipeline opens with: one of the views they can see, or the built-in
 * 'My deals' (`builtIn`). Gone with the view (or the member's fund).
 */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewId: uuid('view_id').references(() => savedViews.id, { onDelete: 'cascade' }),
    builtIn: text('built_in'),
  },
  (t) => [primaryKey({ columns: [t.fundId, t.userId] })],
);
