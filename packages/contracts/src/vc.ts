import { z } from 'zod';
import { IsoDateTimeSchema, stripBidiControls } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { isHttpUrl } from './founder-profile.ts';
import { INDUSTRIES, STAGES, SUB_SCORE_KEYS, SUB_SCORE_LABELS, type SubScoreKey } from './vocabulary.ts';
import { PREFERENCE_KEYS, PREFERENCE_LABELS, WEIGHT_MAX, WEIGHT_MIN, type PreferenceKey, type PreferenceValues } from './weights.ts';

/**
 * The investor side's fund profile: onboarding's three steps (spec sections 4, 5 and 7) and
 * the fund's settings. Request bodies are snake_case as section 7 sends them; the body that
 * comes back is camelCase throughout, as section 3 names the profile (`profile.publicApplyUrl`).
 */

export const AGNOSTIC = 'Agnostic' as const;
/** The founder industries plus 'Agnostic' (invests in any sector). */
export const FUND_SECTORS = [...INDUSTRIES, AGNOSTIC] as const;
export type FundSector = (typeof FUND_SECTORS)[number];

export const GEOGRAPHIES = ['US', 'EUROPE', 'MENA', 'ASIA', 'AFRICA', 'GLOBAL'] as const;
export type Geography = (typeof GEOGRAPHIES)[number];
export const GEOGRAPHY_LABELS: Record<Geography, string> = {
  US: 'United States',
  EUROPE: 'Europe',
  MENA: 'MENA',
  ASIA: 'Asia',
  AFRICA: 'Africa',
  GLOBAL: 'Global',
};

/** A fund member's role: 'admin' manages the fund and its team, 'member' works its pipeline. */
export const FUND_MEMBER_ROLES = ['admin', 'member'] as const;
export type FundMemberRole = (typeof FUND_MEMBER_ROLES)[number];

export const FUND_NAME_MAX = 120;
export const MAX_TICKET = 1e12;

/**
 * A list of choices in the vocabulary's order, without repeats. 'Agnostic' and 'GLOBAL'
 * mean 'all of them', so when one is chosen it stands alone.
 */
function canonicalList<T extends string>(values: readonly T[], all: readonly T[], everything: T): T[] {
  if (values.includes(everything)) return [everything];
  return all.filter((v) => values.includes(v));
}

const ticket = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of dollars`)
    .min(0, `${label} must be 0 or more`)
    .max(MAX_TICKET, `${label} is too large`)
    .nullable()
    .default(null);

/** Onboarding step 1 'Fund & Investment Preferences' (and the Fund Profile settings tab). */
export const FundStepSchema = z
  .object({
    fund_name: z
      .string({ error: 'Fund name is required' })
      .overwrite(stripBidiControls)
      .trim()
      .min(1, 'Fund name is required')
      .max(FUND_NAME_MAX, `Fund name must be at most ${FUND_NAME_MAX} characters`),
    website: z
      .string()
      .trim()
      .max(300, 'Website is too long')
      .refine((v) => v === '' || isHttpUrl(v), 'Website must be a valid URL')
      .default(''),
    sectors: z
      .array(z.enum(FUND_SECTORS, { error: 'Choose sectors from the list' }), { error: 'Select at least one sector' })
      .min(1, 'Select at least one sector')
      .transform((v) => canonicalList(v, FUND_SECTORS, AGNOSTIC)),
    stages: z
      .array(z.enum(STAGES, { error: 'Choose stages from the list' }), { error: 'Select at least one investment stage' })
      .min(1, 'Select at least one investment stage')
      .transform((v) => STAGES.filter((s) => v.includes(s))),
    geography: z
      .array(z.enum(GEOGRAPHIES, { error: 'Choose regions from the list' }), { error: 'Choose regions from the list' })
      .default([])
      .transform((v) => canonicalList(v, GEOGRAPHIES, 'GLOBAL')),
    ticket_size_min: ticket('Minimum ticket size'),
    ticket_size_max: ticket('Maximum ticket size'),
  })
  .superRefine((v, ctx) => {
    if (v.ticket_size_min !== null && v.ticket_size_max !== null && v.ticket_size_min > v.ticket_size_max) {
      ctx.addIssue({
        code: 'custom',
        path: ['ticket_size_max'],
        message: 'Maximum ticket size must be at least the minimum',
      });
    }
  });
export type FundStepInput = z.input<typeof FundStepSchema>;
export type FundStep = z.output<typeof FundStepSchema>;

/** The six weights' names in request bodies (snake_case, section 7). */
export const PREFERENCE_WIRE_KEYS = {
  traction: 'traction',
  product: 'product',
  businessModel: 'business_model',
  financials: 'financials',
  gtm: 'go_to_market',
  risks: 'risks',
} as const satisfies Record<PreferenceKey, string>;
type WireKey = (typeof PREFERENCE_WIRE_KEYS)[PreferenceKey];
export type PreferenceWire = Record<WireKey, number>;

/** The six weights' names in the fund profile that comes back (camelCase, section 3). */
export const PREFERENCE_PROFILE_KEYS = {
  traction: 'traction',
  product: 'product',
  businessModel: 'businessModel',
  financials: 'financials',
  gtm: 'goToMarket',
  risks: 'risks',
} as const satisfies Record<PreferenceKey, string>;
type ProfileKey = (typeof PREFERENCE_PROFILE_KEYS)[PreferenceKey];
export type PreferenceProfileValues = Record<ProfileKey, number>;

const rename = <From extends string, To extends string>(keys: Record<PreferenceKey, From>, values: Record<From, number>, to: Record<PreferenceKey, To>) =>
  Object.fromEntries(PREFERENCE_KEYS.map((k) => [to[k], values[keys[k]]])) as Record<To, number>;
const SAME = Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, k])) as Record<PreferenceKey, PreferenceKey>;

export const preferencesToWire = (values: PreferenceValues): PreferenceWire => rename(SAME, values, PREFERENCE_WIRE_KEYS);
export const preferencesFromWire = (wire: PreferenceWire): PreferenceValues => rename(PREFERENCE_WIRE_KEYS, wire, SAME);
export const preferencesToProfile = (values: PreferenceValues): PreferenceProfileValues =>
  rename(SAME, values, PREFERENCE_PROFILE_KEYS);
export const preferencesFromProfile = (values: PreferenceProfileValues): PreferenceValues =>
  rename(PREFERENCE_PROFILE_KEYS, values, SAME);

const weight = (label: string) => {
  const message = `${label} weight must be a whole number from ${WEIGHT_MIN} to ${WEIGHT_MAX}`;
  return z.number({ error: message }).int(message).min(WEIGHT_MIN, message).max(WEIGHT_MAX, message);
};

const percentage = (label: string) => {
  const message = `${label} must be a whole number from 0 to 100`;
  return z.number({ error: message }).int(message).min(0, message).max(100, message);
};

function preferenceObject(make: (label: string) => z.ZodNumber) {
  return z.object(
    Object.fromEntries(PREFERENCE_KEYS.map((k) => [PREFERENCE_WIRE_KEYS[k], make(PREFERENCE_LABELS[k])])) as Record<
      WireKey,
      z.ZodNumber
    >,
  );
}

/** Onboarding step 2 'Scoring Weights': six weights 1-10. */
export const ScoringWeightsBodySchema = preferenceObject(weight);
export type ScoringWeightsBody = z.infer<typeof ScoringWeightsBodySchema>;

export const PREFERENCES_TOTAL_MESSAGE = 'Scoring weights must sum to 100%';

/** Settings 'Scoring Preferences': the same six as whole percentages summing to 100. */
export const ScoringPreferencesBodySchema = preferenceObject(percentage).superRefine((v, ctx) => {
  const total = Object.values(v).reduce((a, b) => a + b, 0);
  if (total !== 100) ctx.addIssue({ code: 'custom', path: [], message: PREFERENCES_TOTAL_MESSAGE });
});
export type ScoringPreferencesBody = z.infer<typeof ScoringPreferencesBodySchema>;

/** /vc/settings/weights 'Investment Weights': all nine dimensions 1-10 (the model itself). */
export const InvestmentWeightsBodySchema = z.object(
  Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, weight(SUB_SCORE_LABELS[k])])) as Record<SubScoreKey, z.ZodNumber>,
);
export type InvestmentWeightsBody = z.infer<typeof InvestmentWeightsBodySchema>;

export const INTAKE_REQUIRED_MESSAGE = 'Enable at least one deal intake source';

/** Onboarding step 3 'Deal Intake Sources' (and the Intake Sources settings tab). */
export const IntakeSourcesBodySchema = z
  .object({
    online_form_enabled: z.boolean({ error: 'Online form must be on or off' }),
    email_forwarding_enabled: z.boolean({ error: 'Email forwarding must be on or off' }),
  })
  .superRefine((v, ctx) => {
    if (!v.online_form_enabled && !v.email_forwarding_enabled) {
      ctx.addIssue({ code: 'custom', path: [], message: INTAKE_REQUIRED_MESSAGE });
    }
  });
export type IntakeSourcesBody = z.infer<typeof IntakeSourcesBodySchema>;

const preferenceShape = (item: z.ZodNumber) =>
  z.object(Object.fromEntries(PREFERENCE_KEYS.map((k) => [PREFERENCE_PROFILE_KEYS[k], item])) as Record<ProfileKey, z.ZodNumber>);

export const VcFundProfileSchema = z
  .object({
    /** The fund (not the user): a fund can later have several members. */
    id: z.string(),
    fundName: z.string(),
    website: z.string(),
    sectors: z.array(z.enum(FUND_SECTORS)),
    stages: z.array(z.enum(STAGES)),
    geography: z.array(z.enum(GEOGRAPHIES)),
    ticketSizeMin: z.number().nullable(),
    ticketSizeMax: z.number().nullable(),
    /**
     * The fund's public apply form. Null while deal intake is not available: it is filled
     * in once the online form exists, for funds with the online form enabled.
     */
    publicApplyUrl: z.string().nullable(),
    /** Onboarding step 2's six weights (1-10), a view of `investmentWeights`. */
    weights: preferenceShape(z.number().int()),
    /** Settings' Scoring Preferences: the six weights' shares, whole percentages summing to 100. */
    scoringPreferences: preferenceShape(z.number().int()),
    /** The canonical model: nine dimensions, 1-10 each. */
    investmentWeights: z.object(
      Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, z.number().int()])) as Record<SubScoreKey, z.ZodNumber>,
    ),
    /**
     * Each of the nine dimensions' share of a deal's overall FitScore under `investmentWeights`
     * (weight over the sum of the nine), in percent to one decimal: what both weight screens
     * show, so they agree by construction.
     */
    overallShares: z.object(
      Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, z.number()])) as Record<SubScoreKey, z.ZodNumber>,
    ),
    intakeSources: z.object({ onlineForm: z.boolean(), emailForwarding: z.boolean() }),
    /** When each onboarding step was last saved (null: not yet). */
    steps: z.object({
      fund: IsoDateTimeSchema.nullable(),
      weights: IsoDateTimeSchema.nullable(),
      intake: IsoDateTimeSchema.nullable(),
    }),
    onboardingCompletedAt: IsoDateTimeSchema.nullable(),
    updatedAt: IsoDateTimeSchema,
  })
  .meta({ id: 'VcFundProfile' });
export type VcFundProfile = z.infer<typeof VcFundProfileSchema>;

/** camelCase throughout, as the profile in it (section 3 reads `profile.publicApplyUrl`). */
export const VcProfileResponseSchema = z.object({
  /** Null until the first save of any step. */
  profile: VcFundProfileSchema.nullable(),
  /** Step 1 valid, weights saved and at least one intake source enabled (the same as login's `onboarding_complete`). */
  onboardingComplete: z.boolean(),
});
export type VcProfileResponse = z.infer<typeof VcProfileResponseSchema>;

export const vcEndpoints = {
  getProfile: defineEndpoint({
    method: 'GET',
    path: '/vc/profile/',
    access: 'fund:member',
    summary: "The fund's profile and whether onboarding is complete (profile null before the first save)",
    tags: ['vc'],
    response: VcProfileResponseSchema,
  }),
  saveFundStep: defineEndpoint({
    method: 'POST',
    path: '/vc/profile/step1/',
    access: 'fund:admin',
    summary: 'Onboarding step 1: fund name, website, sectors, stages, geography and ticket range',
    tags: ['vc'],
    body: FundStepSchema,
    response: VcProfileResponseSchema,
  }),
  saveScoringWeights: defineEndpoint({
    method: 'POST',
    path: '/vc/profile/scoring-weights/',
    access: 'fund:admin',
    summary: 'Onboarding step 2: six weights 1-10 (team, market and problem/solution keep their values)',
    tags: ['vc'],
    body: ScoringWeightsBodySchema,
    response: VcProfileResponseSchema,
  }),
  saveIntakeSources: defineEndpoint({
    method: 'PUT',
    path: '/vc/profile/intake-sources/',
    access: 'fund:admin',
    summary: 'Onboarding step 3 and settings: which deal intake sources are on (at least one)',
    tags: ['vc'],
    body: IntakeSourcesBodySchema,
    response: VcProfileResponseSchema,
  }),
  saveScoringPreferences: defineEndpoint({
    method: 'PUT',
    path: '/vc/settings/scoring-preferences/',
    access: 'fund:admin',
    summary: 'Settings: the six weights as whole percentages summing to 100, stored as 1-10 weights',
    tags: ['vc'],
    body: ScoringPreferencesBodySchema,
    response: VcProfileResponseSchema,
  }),
  saveInvestmentWeights: defineEndpoint({
    method: 'PUT',
    path: '/vc/settings/weights/',
    access: 'fund:admin',
    summary: 'Settings: all nine investment weights 1-10',
    tags: ['vc'],
    body: InvestmentWeightsBodySchema,
    response: VcProfileResponseSchema,
  }),
} as const;
