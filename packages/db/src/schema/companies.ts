import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * Funded companies that founders are compared with: imported from CSV, reported by founders
 * on the platform (with consent), or loaded on purpose as labelled sample data.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** One of INDUSTRIES. */
    sector: text('sector').notNull(),
    /** One of STAGES: the company's stage at the round below. */
    stage: text('stage').notNull(),
    /** One of BUSINESS_MODELS, or null when unknown. */
    businessModel: text('business_model'),
    description: text('description').notNull().default(''),
    lastRound: text('last_round').notNull(),
    /** In whole currency units; null when not disclosed. */
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency').notNull().default('USD'),
    investors: text('investors').array().notNull().default(sql`'{}'::text[]`),
    link: text('link'),
    raisedAt: date('raised_at', { mode: 'string' }),
    source: text('source', { enum: ['import', 'platform', 'sample'] }).notNull(),
    /** The founder who reported the raise; only for source 'platform'. */
    founderUserId: uuid('founder_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_name_source_idx').on(sql`lower(${t.name})`, t.source),
    // One reported raise per founder.
    uniqueIndex('companies_founder_idx').on(t.founderUserId).where(sql`${t.founderUserId} is not null`),
    index('companies_sector_stage_idx').on(t.sector, t.stage),
    check('companies_source_check', sql`${t.source} in ('import', 'platform', 'sample')`),
    check('companies_platform_founder_check', sql`(${t.source} = 'platform') = (${t.founderUserId} is not null)`),
  ],
);
