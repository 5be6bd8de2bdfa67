import { DEFAULT_ALERT_THRESHOLD, DEFAULT_SCORE_WEIGHTS, FUND_MEMBER_ROLES } from '@fitscore/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** A weight of the fund's one scoring model: an integer 1-10 (contracts' weights.ts converts the screens). */
const weight = (name: string, byDefault: number) => smallint(name).notNull().default(byDefault);
const W = DEFAULT_SCORE_WEIGHTS;

/**
 * An investor fund: its thesis (onboarding step 1), its one canonical scoring-weight model
 * (nine dimensions 1-10; column defaults read from contracts' DEFAULT_SCORE_WEIGHTS), its deal intake
 * sources and when each onboarding step was saved. The fund is separate from the people
 * in it (fund_members) so that a fund can later be a team.
 */
export const funds = pgTable(
  'funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundName: text('fund_name').notNull().default(''),
    website: text('website').notNull().default(''),
    /** INDUSTRIES plus 'Agnostic', in vocabulary order. */
    sectors: text('sectors').array().notNull().default(sql`'{}'::text[]`),
    stages: text('stages').array().notNull().default(sql`'{}'::text[]`),
    /** US, EUROPE, MENA, ASIA, AFRICA, GLOBAL. */
    geography: text('geography').array().notNull().default(sql`'{}'::text[]`),
    /** Whole dollars; null when the fund leaves it open. */
    ticketSizeMin: bigint('ticket_size_min', { mode: 'number' }),
    ticketSizeMax: bigint('ticket_size_max', { mode: 'number' }),
    weightTeam: weight('weight_team', W.team),
    weightMarket: weight('weight_market', W.market),
    weightProblemSolution: weight('weight_problem_solution', W.problemSolution),
    weightTraction: weight('weight_traction', W.traction),
    weightProduct: weight('weight_product', W.product),
    weightBusinessModel: weight('weight_business_model', W.businessModel),
    weightFinancials: weight('weight_financials', W.financials),
    weightGtm: weight('weight_gtm', W.gtm),
    weightRisks: weight('weight_risks', W.risks),
    /** The fund's part of its public apply URL ({PUBLIC_WEB_URL}/apply/{slug}); never changes. */
    slug: text('slug').notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    /** 'trial' (a number of scores) or 'pro' (unlimited). */
    plan: text('plan', { enum: ['trial', 'pro', 'enterprise'] }).notNull().default('trial'),
    /** Deals scored on the trial: each uses one of the trial's scores. */
    trialScoresUsed: integer('trial_scores_used').notNull().default(0),
    onlineFormEnabled: boolean('online_form_enabled').notNull().default(true),
    emailForwardingEnabled: boolean('email_forwarding_enabled').notNull().default(false),
    /** Match alerts are raised for deals fitting the thesis with a FitScore at or above this (0-100). */
    alertThreshold: smallint('alert_threshold').notNull().default(DEFAULT_ALERT_THRESHOLD),
    fundStepCompletedAt: timestamp('fund_step_completed_at', { withTimezone: true }),
    weightsStepCompletedAt: timestamp('weights_step_completed_at', { withTimezone: true }),
    intakeStepCompletedAt: timestamp('intake_step_completed_at', { withTimezone: true }),
    /** First time all three steps were valid; login's onboarding_complete is derived from the state itself. */
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('funds_slug_idx').on(t.slug),
    check('funds_ticket_min_check', sql`${t.ticketSizeMin} is null or ${t.ticketSizeMin} >= 0`),
    check('funds_ticket_max_check', sql`${t.ticketSizeMax} is null or ${t.ticketSizeMax} >= 0`),
    check(
      'funds_ticket_range_check',
      sql`${t.ticketSizeMin} is null or ${t.ticketSizeMax} is null or ${t.ticketSizeMin} <= ${t.ticketSizeMax}`,
    ),
    check(
      'funds_weights_check',
      sql`least(${t.weightTeam}, ${t.weightMarket}, ${t.weightProblemSolution}, ${t.weightTraction}, ${t.weightProduct}, ${t.weightBusinessModel}, ${t.weightFinancials}, ${t.weightGtm}, ${t.weightRisks}) >= 1 and greatest(${t.weightTeam}, ${t.weightMarket}, ${t.weightProblemSolution}, ${t.weightTraction}, ${t.weightProduct}, ${t.weightBusinessModel}, ${t.weightFinancials}, ${t.weightGtm}, ${t.weightRisks}) <= 10`,
    ),
  ],
);

/** The fund's weight column of each dimension, for weighting stored sub-scores in SQL (weightedOverallSql). */
export const FUND_WEIGHT_COLUMNS = {
  team: funds.weightTeam,
  market: funds.weightMarket,
  problemSolution: funds.weightProblemSolution,
  traction: funds.weightTraction,
  product: funds.weightProduct,
  businessModel: funds.weightBusinessModel,
  financials: funds.weightFinancials,
  gtm: funds.weightGtm,
  risks: funds.weightRisks,
} as const;

/**
 * Who belongs to a fund: a VC account belongs to one fund (unique user_id) and a fund has
 * many members. The VC who created the fund is its first 'admin'; invitations add 'member's.
 */
export const fundMembers = pgTable(
  'fund_members',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: FUND_MEMBER_ROLES }).notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fundId, t.userId] }),
    uniqueIndex('fund_members_user_idx').on(t.userId),
    check('fund_members_role_check', sql`${t.role} in ('admin', 'member')`),
  ],
);
