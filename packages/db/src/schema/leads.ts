import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Contact Sales requests from the public site. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    message: text('message').notNull().default(''),
    source: text('source').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_created_at_idx').on(t.createdAt)],
);
