import { bigint, index, jsonb, pgTable, real, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** The company profile, stored as validated by the shared schema (snake_case JSON). */
export const founderProfiles = pgTable('founder_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Dated key-metric entries: the dashboard's MRR and burn charts plot this history. */
export const metricSnapshots = pgTable(
  'metric_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    mrr: bigint('mrr', { mode: 'number' }),
    momGrowth: real('mom_growth'),
    cac: bigint('cac', { mode: 'number' }),
    burn: bigint('burn', { mode: 'number' }),
    cash: bigint('cash', { mode: 'number' }),
  },
  (t) => [index('metric_snapshots_user_recorded_idx').on(t.userId, t.recordedAt)],
);
