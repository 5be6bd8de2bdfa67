import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { FACT_KINDS, FACT_UNITS, SECTION_KINDS } from './fitscore.ts';
import { DeckInfoSchema, ScoringRunSchema } from './founder.ts';
import { InvestorBriefSchema } from './investor-brief.ts';
import { SUB_SCORE_KEYS } from './vocabulary.ts';

/**
 * Deck versions and what changed between two of them (issue 32 point 1). Every upload is a
 * version; the comparison is built from the stored results of each version, never re-read.
 */

/** The latest stored score of one version (of any engine), or null before it was scored. */
export const VersionScoreSchema = z.object({
  id: z.string(),
  overall: z.number().int(),
  label: z.string(),
  engineVersion: z.string(),
  scoredAt: IsoDateTimeSchema,
});

export const DeckVersionSchema = DeckInfoSchema.extend({
  current: z.boolean(),
  score: VersionScoreSchema.nullable(),
  /** True when its score was made by an older engine than the one running now (a re-score may differ). */
  engineOutdated: z.boolean(),
});
export type DeckVersion = z.infer<typeof DeckVersionSchema>;

export const DeckVersionsSchema = z.object({
  versions: z.array(DeckVersionSchema),
  /** The engine that scores now. */
  engineVersion: z.string(),
  /** How many versions the plan keeps (null: all). */
  versionsKept: z.number().int().nullable(),
});

const ChangeSchema = z.object({ from: z.number(), to: z.number(), delta: z.number() });

const ComparedFactSchema = z.object({
  kind: z.enum(FACT_KINDS),
  unit: z.enum(FACT_UNITS),
  currency: z.string().nullable(),
  period: z.enum(['month', 'year']).nullable(),
  label: z.string().nullable(),
  value: z.number(),
  page: z.number().int().positive().nullable(),
  quote: z.string(),
});

export const VERSION_DO_NEXT_STATUSES = ['addressed', 'improved', 'not_addressed'] as const;

export const VersionComparisonSchema = z.object({
  /** The earlier version (`with`) and the one compared with it (`:id`). */
  from: DeckVersionSchema,
  to: DeckVersionSchema,
  /** The two scores came from different engine versions: re-score the earlier one to compare like with like. */
  engineDiffers: z.boolean(),
  overall: ChangeSchema,
  subScores: z.array(ChangeSchema.extend({ dimension: z.enum(SUB_SCORE_KEYS) })),
  facts: z.object({
    added: z.array(ComparedFactSchema),
    removed: z.array(ComparedFactSchema),
    changed: z.array(z.object({ before: ComparedFactSchema, after: ComparedFactSchema })),
    unchanged: z.number().int().nonnegative(),
  }),
  sections: z.object({
    gained: z.array(z.object({ kind: z.enum(SECTION_KINDS), title: z.string().nullable(), pages: z.array(z.number().int().positive()) })),
    lost: z.array(z.object({ kind: z.enum(SECTION_KINDS), title: z.string().nullable(), pages: z.array(z.number().int().positive()) })),
    kept: z.array(z.enum(SECTION_KINDS)),
  }),
  /** Each Do-Next item of the earlier version and whether the later one acted on it. */
  doNext: z.array(
    z.object({
      dimension: z.enum(SUB_SCORE_KEYS),
      title: z.string(),
      status: z.enum(VERSION_DO_NEXT_STATUSES),
      /** The dimension's sub-score before and after, and the gain the item promised. */
      from: z.number(),
      to: z.number(),
      promised: z.number().int(),
    }),
  ),
});
export type VersionComparison = z.infer<typeof VersionComparisonSchema>;

const DeckParamsSchema = z.object({ id: z.uuid({ error: 'Unknown deck version' }) });

export const versionEndpoints = {
  deckVersions: defineEndpoint({
    method: 'GET',
    path: '/founder/decks/',
    access: 'founder',
    summary: 'Every kept deck version, newest first, with its latest score',
    tags: ['founder'],
    response: DeckVersionsSchema,
  }),
  compareVersions: defineEndpoint({
    method: 'GET',
    path: '/founder/decks/:id/compare/',
    access: 'founder',
    summary: 'What changed from version `with` to version `:id`: scores, facts with pages, sections, Do-Next items addressed',
    tags: ['founder'],
    params: DeckParamsSchema,
    query: z.object({ with: z.uuid({ error: 'Choose an earlier version to compare with' }) }),
    response: VersionComparisonSchema,
  }),
  investorBrief: defineEndpoint({
    method: 'GET',
    path: '/founder/brief/',
    access: 'founder',
    summary: "The 30-second brief of the latest score: 'what an investor sees first' (null before the first score)",
    tags: ['founder'],
    response: z.object({ brief: InvestorBriefSchema.nullable() }),
  }),
  rescoreVersion: defineEndpoint({
    method: 'POST',
    path: '/founder/decks/:id/rescore/',
    access: 'founder',
    summary: 'Score one kept version again under the current engine (counts as a scan)',
    tags: ['scoring'],
    params: DeckParamsSchema,
    status: 202,
    response: z.object({ run: ScoringRunSchema }),
  }),
};
