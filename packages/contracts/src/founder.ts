import { z } from 'zod';
import { IsoDateTimeSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { FitScoreAnalysisSchema, RubricSchema } from './fitscore.ts';
import { FounderProfileSchema, MetricFieldsSchema, MetricUpdateSchema } from './founder-profile.ts';

/** Founder calls of spec section 7, and the ones the original app faked locally. */

/** The derived metrics as the profile answer names them (snake_case like the rest of that body). */
export const DerivedMetricsSchema = z.object({
  arr: z.number().nullable(),
  mrr: z.number().nullable(),
  committed_pct: z.number().nullable(),
  runway_months: z.number().nullable(),
  payback_months: z.number().nullable(),
});
export type DerivedMetricsWire = z.infer<typeof DerivedMetricsSchema>;

export const ProfileResponseSchema = z.object({
  profile: FounderProfileSchema.nullable(),
  derived: DerivedMetricsSchema.nullable(),
  updated_at: IsoDateTimeSchema.nullable(),
});

export const DeckInfoSchema = z.object({
  id: z.string(),
  filename: z.string(),
  version: z.number().int(),
  format: z.enum(['pdf', 'pptx', 'ppt']),
  sizeBytes: z.number().int(),
  uploadedAt: IsoDateTimeSchema,
});
export type DeckInfo = z.infer<typeof DeckInfoSchema>;

export const DeckStatusSchema = z.object({
  deckUploaded: z.boolean(),
  deck: DeckInfoSchema.nullable(),
  versions: z.array(DeckInfoSchema.extend({ current: z.boolean() })),
});

export const SCORING_STAGES = ['queued', 'reading', 'ocr', 'understanding', 'scoring', 'done', 'failed'] as const;
export type ScoringStage = (typeof SCORING_STAGES)[number];

export const ScoringRunSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  stage: z.enum(SCORING_STAGES),
  /** 0-100, following the real stages. */
  progress: z.number(),
  error: z.string().nullable(),
  deck_id: z.string().nullable(),
  created_at: IsoDateTimeSchema,
  finished_at: IsoDateTimeSchema.nullable(),
  /** The overall score once done. */
  score: z.number().int().nullable(),
});
export type ScoringRun = z.infer<typeof ScoringRunSchema>;

export const FitScoreResultSchema = z.object({
  id: z.string(),
  createdAt: IsoDateTimeSchema,
  deck: z.object({ id: z.string().nullable(), version: z.number().int(), filename: z.string().nullable() }),
  engineVersion: z.string(),
  overall: z.number().int(),
  analysis: FitScoreAnalysisSchema,
});
export type FitScoreResult = z.infer<typeof FitScoreResultSchema>;

export const ProgressSchema = z.object({
  profile_complete: z.boolean(),
  deck_uploaded: z.boolean(),
  score_complete: z.boolean(),
  deck_filename: z.string().nullable(),
  score: z.number().int().nullable(),
  active_run: ScoringRunSchema.nullable(),
});
export type FounderProgress = z.infer<typeof ProgressSchema>;

export const MetricPointSchema = z.object({
  recorded_at: IsoDateTimeSchema,
  mrr: z.number().nullable(),
  mom_growth: z.number().nullable(),
  cac: z.number().nullable(),
  burn: z.number().nullable(),
  cash: z.number().nullable(),
});
export type MetricPoint = z.infer<typeof MetricPointSchema>;

export const MetricsResponseSchema = z.object({
  /** The profile's metric fields as they are now. */
  current: MetricFieldsSchema.extend({ runway_display_months: z.number().nullable() }),
  /** Dated entries, oldest first; null when the plan does not include the financial dashboard. */
  history: z.array(MetricPointSchema).nullable(),
  history_locked: z.boolean(),
});

const RunParamsSchema = z.object({ id: z.uuid({ error: 'Unknown scoring run' }) });

export const founderEndpoints = {
  getProfile: defineEndpoint({
    method: 'GET',
    path: '/founder/profile/',
    access: 'founder',
    summary: 'The company profile (null before the first save)',
    tags: ['founder'],
    response: ProfileResponseSchema,
  }),
  saveProfile: defineEndpoint({
    method: 'POST',
    path: '/founder/profile/',
    access: 'founder',
    summary: 'Save the company profile (every rule of spec section 5)',
    tags: ['founder'],
    body: FounderProfileSchema,
    response: ProfileResponseSchema,
  }),
  progress: defineEndpoint({
    method: 'GET',
    path: '/founder/progress/',
    access: 'founder',
    summary: 'Onboarding progress, derived from server state',
    tags: ['founder'],
    response: ProgressSchema,
  }),
  deckStatus: defineEndpoint({
    method: 'GET',
    path: '/founder/deck/status/',
    access: 'founder',
    summary: 'The current deck and the versions kept',
    tags: ['founder'],
    response: DeckStatusSchema,
  }),
  uploadDeck: defineEndpoint({
    method: 'POST',
    path: '/founder/deck/upload/',
    access: 'founder',
    summary: 'Upload a deck (multipart/form-data, field `file`; PDF, PPT or PPTX up to 10 MB, checked by content)',
    tags: ['founder'],
    upload: { field: 'file' },
    status: 201,
    response: DeckStatusSchema,
  }),
  deleteDeck: defineEndpoint({
    method: 'DELETE',
    path: '/founder/deck/delete/',
    access: 'founder',
    summary: 'Remove the current deck (earlier versions stay in the history)',
    tags: ['founder'],
    response: DeckStatusSchema,
  }),
  newUpload: defineEndpoint({
    method: 'POST',
    path: '/founder/new-upload/',
    access: 'founder',
    summary: 'Start over: remove the current deck and clear the current score',
    tags: ['founder'],
    response: OkSchema,
  }),
  startScoring: defineEndpoint({
    method: 'POST',
    path: '/founder/score/start/',
    access: 'founder',
    summary: 'Score the current deck and profile (returns the running job if one is in flight)',
    tags: ['scoring'],
    status: 202,
    response: z.object({ run: ScoringRunSchema }),
  }),
  scoringRun: defineEndpoint({
    method: 'GET',
    path: '/founder/score/runs/:id/',
    access: 'founder',
    summary: 'Progress of one scoring',
    tags: ['scoring'],
    params: RunParamsSchema,
    response: z.object({ run: ScoringRunSchema }),
  }),
  latestScore: defineEndpoint({
    method: 'GET',
    path: '/founder/score/',
    access: 'founder',
    summary: 'The latest FitScore (null before the first)',
    tags: ['scoring'],
    response: z.object({ score: FitScoreResultSchema.nullable() }),
  }),
  rubric: defineEndpoint({
    method: 'GET',
    path: '/founder/score/rubric/',
    access: 'founder',
    summary: "The scoring rubric and its benchmarks ('How it's calculated')",
    tags: ['scoring'],
    response: RubricSchema,
  }),
  metrics: defineEndpoint({
    method: 'GET',
    path: '/founder/metrics/',
    access: 'founder',
    summary: 'Key metrics now, and their dated history (financial dashboard, Premium)',
    tags: ['founder'],
    response: MetricsResponseSchema,
  }),
  updateMetrics: defineEndpoint({
    method: 'POST',
    path: '/founder/metrics/',
    access: 'founder',
    summary: 'Update metric fields of the profile; each update is kept as a dated entry',
    tags: ['founder'],
    body: MetricUpdateSchema,
    response: MetricsResponseSchema,
  }),
} as const;
