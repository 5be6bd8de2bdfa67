import { z } from 'zod';
import { stripBidiControls } from './common.ts';
import {
  ACTIVE_USER_METRICS,
  BUSINESS_MODELS,
  COMMITMENTS,
  INDUSTRIES,
  INSTRUMENTS,
  REVENUE_MODES,
  REVENUE_STAGES,
  STAGES,
} from './vocabulary.ts';

/**
 * The founder's company profile, as sent over the wire (snake_case, spec section 7)
 * and as the profile form holds it. Every rule of spec section 5 lives here so that
 * browser and server refuse the same things with the same messages.
 */

const MAX_MONEY = 1e13;

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} is too long`)
    .refine((v) => v === '' || isHttpUrl(v), `${label} must be a valid URL`)
    .default('');

const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(MAX_MONEY, `${label} is too large`)
    .nullable()
    .default(null);

const percent = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`)
    .nullable()
    .default(null);

const count = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(1e12, `${label} is too large`)
    .nullable()
    .default(null);

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `Choose a valid ${label}` }).nullable().default(null);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export function isLinkedInUrl(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const host = new URL(value.includes('://') ? value : `https://${value}`).hostname.toLowerCase();
  return host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

export const MAX_COMPETITORS = 5;
export const ONE_LINER_MAX = 140;

export const FounderSchema = z.object({
  name: z.string().trim().max(120, 'Founder name must be at most 120 characters').default(''),
  linkedin_url: z.string().trim().max(300, 'LinkedIn URL is too long').default(''),
  commitment: z.enum(COMMITMENTS, { error: 'Choose Full-time or Part-time' }).default('Full-time'),
});
export type Founder = z.output<typeof FounderSchema>;

export const CompetitorSchema = z.object({
  name: z.string().trim().min(1, 'Competitor name is required').max(120, 'Competitor name is too long'),
  url: optionalUrl('Competitor URL'),
});
export type Competitor = z.output<typeof CompetitorSchema>;

const profileFields = z.object({
  startup_name: z
    .string({ error: 'Startup name is required' })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, 'Startup name is required')
    .max(120, 'Startup name must be at most 120 characters'),
  one_liner: z
    .string({ error: 'One-liner is required' })
    .trim()
    .min(1, 'One-liner is required')
    .max(ONE_LINER_MAX, `One-liner must be at most ${ONE_LINER_MAX} characters`),
  website: optionalUrl('Website'),
  stage: choice(STAGES, 'stage'),
  business_model: choice(BUSINESS_MODELS, 'business model'),
  revenue_stage: choice(REVENUE_STAGES, 'revenue stage'),
  hq_geo: z
    .string({ error: 'HQ location is required' })
    .trim()
    .min(1, 'HQ location is required')
    .max(120, 'HQ location must be at most 120 characters'),
  target_geo: text(200, 'Target geography'),
  industry: z.enum(INDUSTRIES, { error: 'Industry is required' }),
  icp: text(500, 'Ideal customer profile'),
  team_size: z
    .number({ error: 'Team size must be a number' })
    .int('Team size must be a whole number')
    .min(1, 'Team size must be at least 1')
    .max(1_000_000, 'Team size is too large')
    .nullable()
    .default(null),
  product_maturity: text(200, 'Product maturity'),
  round_target: text(120, 'Round name'),
  round_target_amount: z
    .number({ error: 'Round target must be greater than 0' })
    .gt(0, 'Round target must be greater than 0')
    .max(MAX_MONEY, 'Round target is too large'),
  valuation: amount('Valuation'),
  committed_amount: amount('Committed amount'),
  instrument: choice(INSTRUMENTS, 'instrument'),
  committed_pct: percent('Committed percent'),
  revenue_mode: z.enum(REVENUE_MODES).default('MRR'),
  mrr: amount('MRR'),
  arr: amount('ARR'),
  mom_growth: z
    .number({ error: 'MoM growth must be a number' })
    .min(-100, 'MoM growth must be between -100% and 1000%')
    .max(1000, 'MoM growth must be between -100% and 1000%')
    .nullable()
    .default(null),
  active_users_metric: choice(ACTIVE_USER_METRICS, 'active users metric'),
  active_users_value: count('Active users'),
  activation_rate: percent('Activation rate'),
  retention_type: z.string().trim().max(20, 'Retention type must be at most 20 characters').default('D30'),
  retention_rate: percent('Retention rate'),
  logo_churn: percent('Logo churn'),
  acv_aov: amount('ACV / AOV'),
  sales_cycle: count('Sales cycle (days)'),
  win_rate: percent('Win rate'),
  paying_customers: count('Paying customers'),
  pilots_lois: count('Pilots / LOIs'),
  gross_margin: percent('Gross margin'),
  cac: amount('CAC'),
  ltv: amount('LTV'),
  runway_months: z
    .number({ error: 'Runway must be a number' })
    .min(0, 'Runway must be 0 or more')
    .max(1200, 'Runway is too large')
    .nullable()
    .default(null),
  burn: amount('Burn'),
  cash: amount('Cash'),
  tam_sam_som: text(1000, 'Market sizing notes'),
  tam: amount('TAM'),
  sam: amount('SAM'),
  som: amount('SOM'),
  market_source_url: optionalUrl('Market source URL'),
  competitors: text(1000, 'Competitors'),
  competitors_list: z
    .array(CompetitorSchema)
    .max(MAX_COMPETITORS, `You can list at most ${MAX_COMPETITORS} competitors`)
    .default([]),
  icp_tags: z.array(z.string().trim().min(1).max(40, 'Tags must be at most 40 characters')).max(20, 'At most 20 tags').default([]),
  social_proof: text(1000, 'Social proof'),
  // The founder rules live on the list itself, so they show even while other fields are invalid.
  founders: z
    .array(FounderSchema)
    .max(10, 'At most 10 founders')
    .superRefine((founders, ctx) => {
      if (!founders.some((f) => f.name.trim() !== '')) {
        ctx.addIssue({ code: 'custom', path: [0, 'name'], message: 'Add at least one founder' });
      }
      founders.forEach((f, i) => {
        if (i === 0 && f.linkedin_url === '') {
          ctx.addIssue({ code: 'custom', path: [0, 'linkedin_url'], message: 'LinkedIn URL is required for the primary founder' });
        } else if (f.linkedin_url !== '' && !isLinkedInUrl(f.linkedin_url)) {
          ctx.addIssue({ code: 'custom', path: [i, 'linkedin_url'], message: 'Enter a valid LinkedIn URL (linkedin.com/in/...)' });
        }
      });
    })
    .default([]),
});

/** The profile's metric fields: what the Key Metrics modal and the Company Metrics page edit. */
export const METRIC_FIELDS = [
  'revenue_mode',
  'mrr',
  'arr',
  'mom_growth',
  'active_users_metric',
  'active_users_value',
  'activation_rate',
  'retention_type',
  'retention_rate',
  'logo_churn',
  'acv_aov',
  'sales_cycle',
  'win_rate',
  'paying_customers',
  'pilots_lois',
  'gross_margin',
  'cac',
  'ltv',
  'runway_months',
  'burn',
  'cash',
] as const;
export type MetricField = (typeof METRIC_FIELDS)[number];

export const MetricFieldsSchema = profileFields.pick(
  Object.fromEntries(METRIC_FIELDS.map((f) => [f, true])) as Record<MetricField, true>,
);
export type MetricFields = z.output<typeof MetricFieldsSchema>;

type MetricShape = (typeof MetricFieldsSchema)['shape'];
/**
 * An update of some metric fields: the same rules, but a field left out stays as it is
 * (`.partial()` would fill in the defaults and overwrite what is stored).
 */
export const MetricUpdateSchema = z.object(
  Object.fromEntries(METRIC_FIELDS.map((f) => [f, MetricFieldsSchema.shape[f].removeDefault().optional()])) as {
    [K in MetricField]: z.ZodOptional<ReturnType<MetricShape[K]['removeDefault']>>;
  },
);
export type MetricUpdate = z.output<typeof MetricUpdateSchema>;

/** Cross-field rules of section 5, with the messages the form shows beside each field. */
export const FounderProfileSchema = profileFields.superRefine((p, ctx) => {
  if (p.committed_amount !== null && p.committed_amount > p.round_target_amount) {
    ctx.addIssue({
      code: 'custom',
      path: ['committed_amount'],
      message: 'Committed amount cannot exceed round target',
    });
  }
  const hasRevenue = (p.mrr ?? 0) > 0 || (p.arr ?? 0) > 0;
  if (hasRevenue && p.gross_margin === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['gross_margin'],
      message: 'Gross margin is required (0-100%) when you have revenue',
    });
  }
});

export type FounderProfileInput = z.input<typeof FounderProfileSchema>;
export type FounderProfile = z.output<typeof FounderProfileSchema>;

export interface DerivedMetrics {
  /** ARR from MRR (x12) or as given. */
  arr: number | null;
  /** MRR from ARR (/12) or as given. */
  mrr: number | null;
  /** Committed amount as a share of the round target, 0-100+. */
  committedPct: number | null;
  /** Months of cash at the current burn. */
  runwayMonths: number | null;
  /** Months to earn back CAC from one customer's gross profit. */
  paybackMonths: number | null;
}

type MetricInputs = Pick<
  FounderProfile,
  | 'revenue_mode'
  | 'mrr'
  | 'arr'
  | 'committed_amount'
  | 'round_target_amount'
  | 'cash'
  | 'burn'
  | 'cac'
  | 'gross_margin'
  | 'paying_customers'
  | 'acv_aov'
  | 'runway_months'
>;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The live metrics the profile form and the server both show (spec section 3):
 * ARR = MRR x 12 or MRR = ARR / 12; committed % = committed / round target x 100;
 * runway = cash / burn; payback = CAC / (monthly revenue per customer x gross margin).
 */
export function deriveMetrics(p: Partial<MetricInputs>): DerivedMetrics {
  let mrr = p.mrr ?? null;
  let arr = p.arr ?? null;
  if (p.revenue_mode === 'ARR' && arr !== null) mrr = round(arr / 12, 2);
  else if (mrr !== null) arr = mrr * 12;
  else if (arr !== null) mrr = round(arr / 12, 2);

  const committedPct =
    p.committed_amount != null && p.round_target_amount != null && p.round_target_amount > 0
      ? round((p.committed_amount / p.round_target_amount) * 100)
      : null;

  const runwayMonths =
    p.cash != null && p.burn != null && p.burn > 0 ? round(p.cash / p.burn) : (p.runway_months ?? null);

  let perCustomerMonthly: number | null = null;
  if (mrr !== null && mrr > 0 && p.paying_customers != null && p.paying_customers > 0) {
    perCustomerMonthly = mrr / p.paying_customers;
  } else if (p.acv_aov != null && p.acv_aov > 0) {
    perCustomerMonthly = p.acv_aov / 12;
  }
  const paybackMonths =
    p.cac != null && p.cac > 0 && perCustomerMonthly !== null && p.gross_margin != null && p.gross_margin > 0
      ? round(p.cac / (perCustomerMonthly * (p.gross_margin / 100)))
      : null;

  return { arr, mrr, committedPct, runwayMonths, paybackMonths };
}
