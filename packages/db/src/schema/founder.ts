import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { jobs } from './jobs.ts';

/** The company profile, stored as validated by the shared schema (snake_case JSON). */
export const founderProfiles = pgTable('founder_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every uploaded deck version; the newest not removed is the current deck. */
export const decks = pgTable(
  'decks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    filename: text('filename').notNull(),
    format: text('format', { enum: ['pdf', 'pptx', 'ppt'] }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by Delete / New Upload: the deck stops being current but stays among the versions. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('decks_user_version_idx').on(t.userId, t.version)],
);

/** One scoring of a deck and profile: its progress through the real stages, and its outcome. */
export const scoringRuns = pgTable(
  'scoring_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deckId: uuid('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    stage: text('stage', { enum: ['queued', 'reading', 'ocr', 'understanding', 'scoring', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('scoring_runs_user_created_idx').on(t.userId, t.createdAt),
    // At most one scoring in flight per founder: a second start returns the running one.
    uniqueIndex('scoring_runs_one_active_idx').on(t.userId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** A finished analysis, with the deck version and engine version it came from. */
export const fitScores = pgTable(
  'fit_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => scoringRuns.id, { onDelete: 'set null' }),
    deckId: uuid('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    deckVersion: integer('deck_version').notNull(),
    engineVersion: text('engine_version').notNull(),
    overall: integer('overall').notNull(),
    analysis: jsonb('analysis').notNull(),
    /** The profile as scored, so the report shows what the score rests on. */
    profile: jsonb('profile').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by New Upload: the founder starts over; the score stays in history. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [index('fit_scores_user_created_idx').on(t.userId, t.createdAt)],
);

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
