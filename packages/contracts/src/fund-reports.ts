import { z } from 'zod';
import { DealWeeksSchema } from './deal-insights.ts';
import { DEAL_SOURCES } from './deals.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * The fund's Reports screen (issue 31 point 8, ADR 0069): over the deals received in a period
 * (optionally of one sector, or owned by one member), how they arrived, how far they went through
 * the fund's stages, how long the fund takes, and what scores they had.
 */

/** Days shown when no period is asked for: the last 12 weeks, today included. */
export const FUND_REPORT_DEFAULT_DAYS = 84;
/** The longest period one report covers (two years), so a weekly chart stays readable and bounded. */
export const FUND_REPORT_MAX_DAYS = 731;
/** FitScore bands of the distribution: 0-9, 10-19, … 90-100. */
export const FUND_REPORT_SCORE_BAND = 10;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  z
    .string()
    .regex(ISO_DAY, `${name} must be a date (YYYY-MM-DD)`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
      error: `${name} must be a real date`,
    });

export const FundReportQuerySchema = z
  .object({
    /** First day of the period (UTC), inclusive; default: 83 days before `to`. */
    from: day('from').optional(),
    /** Last day of the period (UTC), inclusive; default: today. */
    to: day('to').optional(),
    /** Only deals of this sector (as the pipeline shows it). */
    sector: z.string().trim().max(200, 'sector must be at most 200 characters').optional(),
    /** Only deals this member owns. */
    owner: z.uuid({ error: 'owner must be a member id' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['from'] })
  .refine(
    (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < FUND_REPORT_MAX_DAYS,
    { error: `A report covers at most ${FUND_REPORT_MAX_DAYS} days`, path: ['from'] },
  );
export type FundReportQuery = z.infer<typeof FundReportQuerySchema>;

const median = z.object({
  /** Median days, to one decimal; null when no deal of the period has one. */
  medianDays: z.number().nullable(),
  /** How many deals of the period it is the median of. */
  count: z.number().int(),
});

export const FundReportSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** What the filters can be set to: the fund's sectors and its members. */
  options: z.object({
    sectors: z.array(z.string()),
    owners: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  /** Deals received per week (Monday, UTC) by channel, every week of the period. */
  weekly: DealWeeksSchema.shape.weeks,
  /**
   * The fund's stages in order (the ones mapped to Cold, such as Passed, are exits, not steps):
   * how many deals of the period reached each (their stage history holds it or a later one), and
   * the share of the previous stage's deals that got this far (null for the first or after zero).
   */
  funnel: z.object({
    stages: z.array(
      z.object({ id: z.string(), name: z.string(), reached: z.number().int(), conversion: z.number().nullable() }),
    ),
    /** Deals of the period now in a Cold stage (passed on). */
    passed: z.number().int(),
  }),
  timing: z.object({
    /** Days from receipt to the first Mark as Reviewed. */
    firstReview: median,
    /** Days from receipt to the decision (the first move from New to Hot, Track or Cold; ADR 0025). */
    decision: median,
    /** Both, per month the deals were received in (YYYY-MM, UTC), every month of the period. */
    months: z.array(z.object({ month: z.string(), firstReview: median, decision: median })),
  }),
  /** FitScores of the period's scored deals, per band: all that arrived, and those that reached `stage`. */
  scores: z.object({
    stage: z.string().nullable(),
    bands: z.array(z.object({ from: z.number().int(), to: z.number().int(), arrived: z.number().int(), reached: z.number().int() })),
    /** Deals of the period without a FitScore (not scored yet, or the deck could not be read). */
    unscored: z.number().int(),
  }),
  /** Per channel: deals received, how many went past `screening` (reached a later stage), and their share. */
  channels: z.object({
    screening: z.string().nullable(),
    rows: z.array(
      z.object({
        source: z.enum(DEAL_SOURCES),
        received: z.number().int(),
        pastScreening: z.number().int(),
        /** pastScreening / received, 0-1; null when nothing was received. */
        share: z.number().nullable(),
      }),
    ),
  }),
});
export type FundReport = z.infer<typeof FundReportSchema>;

export const fundReportEndpoints = {
  report: defineEndpoint({
    method: 'GET',
    path: '/api/vc/reports',
    access: 'fund:member',
    summary:
      "The fund's reports over the deals received in a period (filters: sector, owner): per week by channel, the funnel by stage, medians to first review and decision by month, the FitScore distribution, each channel's share past screening",
    tags: ['reports'],
    query: FundReportQuerySchema,
    response: FundReportSchema,
  }),
};
