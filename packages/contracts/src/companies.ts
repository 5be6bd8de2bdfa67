import { z } from 'zod';
import { IsoDateTimeSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { BUSINESS_MODELS, INDUSTRIES, STAGES } from './vocabulary.ts';

/**
 * Similar funded companies (spec section 3 'Similar company': name, lastRound, amount,
 * investors, link). The dataset holds imported rows, platform founders' reported raises
 * and, only when loaded on purpose, sample rows; every row says which it is.
 */

export const COMPANY_SOURCES = ['import', 'platform', 'sample'] as const;
export type CompanySource = (typeof COMPANY_SOURCES)[number];

/** Round names accepted for `last_round` (CSV and 'Report your raise'). */
export const ROUND_NAMES = [
  'Pre-seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Series D',
  'Series E+',
  'Growth',
  'Bridge',
] as const;
export type RoundName = (typeof ROUND_NAMES)[number];

export const MAX_INVESTORS = 20;
export const SIMILAR_COMPANIES_LIMIT = 6;

const currencySchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO code such as USD'));

const investorsSchema = z
  .array(z.string().trim().min(1, 'Investor names cannot be empty').max(120, 'Investor names must be at most 120 characters'))
  .max(MAX_INVESTORS, `List at most ${MAX_INVESTORS} investors`);

/** YYYY-MM-DD, not in the future. */
export const RaisedAtSchema = z
  .string({ error: 'Choose the date the round closed' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must look like 2024-05-31')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Date is not a real date')
  .refine((v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + 86_400_000, 'Date cannot be in the future');

export const SimilarCompanySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    last_round: z.string(),
    /** Null when the amount was not disclosed. */
    amount: z.number().nullable(),
    currency: z.string(),
    investors: z.array(z.string()),
    link: z.string().nullable(),
    sector: z.enum(INDUSTRIES),
    stage: z.enum(STAGES),
    business_model: z.enum(BUSINESS_MODELS).nullable(),
    description: z.string(),
    raised_at: z.string().nullable(),
    source: z.enum(COMPANY_SOURCES),
    /** 0-1, see docs/companies-csv.md 'How similarity is computed'. */
    similarity: z.number().min(0).max(1),
    /** Short reasons, e.g. 'Same sector (AI/ML)'. */
    why_similar: z.array(z.string()),
  })
  .meta({ id: 'SimilarCompany' });
export type SimilarCompany = z.infer<typeof SimilarCompanySchema>;

/** A founder's own reported raise, as stored (source 'platform'). */
export const ReportedRaiseSchema = z.object({
  id: z.string(),
  name: z.string(),
  last_round: z.string(),
  amount: z.number().nullable(),
  currency: z.string(),
  investors: z.array(z.string()),
  raised_at: z.string().nullable(),
  link: z.string().nullable(),
  created_at: IsoDateTimeSchema,
});
export type ReportedRaise = z.infer<typeof ReportedRaiseSchema>;

export const SimilarCompaniesResponseSchema = z.object({
  companies: z.array(SimilarCompanySchema),
  /** Rows compared, by source (the founder's own row excluded). */
  dataset: z.object({ import: z.number().int(), platform: z.number().int(), sample: z.number().int() }),
  /** True when the founder has no complete profile to compare with. */
  profile_missing: z.boolean(),
});
export type SimilarCompaniesResponse = z.infer<typeof SimilarCompaniesResponseSchema>;

export const ReportRaiseSchema = z.object({
  last_round: z.enum(ROUND_NAMES, { error: 'Choose the round you raised' }),
  amount: z
    .number({ error: 'Enter the amount raised as a number' })
    .positive('Amount must be greater than 0')
    .max(1e12, 'Amount is too large'),
  currency: currencySchema.default('USD'),
  investors: investorsSchema.min(1, 'Name at least one investor'),
  raised_at: RaisedAtSchema,
  consent: z.literal(true, { error: 'Please confirm that other founders may see this raise' }),
});
export type ReportRaiseInput = z.input<typeof ReportRaiseSchema>;

export const companiesEndpoints = {
  similar: defineEndpoint({
    method: 'GET',
    path: '/founder/similar-companies/',
    access: 'founder',
    summary: 'Funded companies most similar to the founder’s (Premium); each row says its source',
    tags: ['companies'],
    response: SimilarCompaniesResponseSchema,
  }),
  myRaise: defineEndpoint({
    method: 'GET',
    path: '/founder/raise/',
    access: 'founder',
    summary: 'The raise the founder reported (null when none)',
    tags: ['companies'],
    response: z.object({ raise: ReportedRaiseSchema.nullable() }),
  }),
  reportRaise: defineEndpoint({
    method: 'POST',
    path: '/founder/raise/',
    access: 'founder',
    summary: 'Report (or update) the founder’s raise; with consent it is shown to other founders as a platform company',
    tags: ['companies'],
    body: ReportRaiseSchema,
    response: z.object({ raise: ReportedRaiseSchema }),
  }),
  removeRaise: defineEndpoint({
    method: 'DELETE',
    path: '/founder/raise/',
    access: 'founder',
    summary: 'Remove the reported raise: other founders no longer see it',
    tags: ['companies'],
    response: OkSchema,
  }),
} as const;
