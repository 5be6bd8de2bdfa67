import { RubricSchema, SUB_SCORE_LABELS, type Rubric } from '@fitscore/contracts';
import { ENGINE_VERSION } from '../version.ts';
import { BENCHMARKS } from './benchmarks.ts';
import { DIMENSIONS } from './rules.ts';

/** The rubric as plain data, for 'How it's calculated' (built from the rules that run). */
export const RUBRIC: Rubric = RubricSchema.parse({
  engineVersion: ENGINE_VERSION,
  overall:
    'Overall (0-100) is the weighted mean of the nine sub-scores times 10; equal weights by default, a fund\'s 1-10 weights when it has them. A dimension with no evidence gets the floor (1). Only figures the deck states as current count; goals and projections count only as a plan in financials.',
  confidence:
    'Confidence measures how much evidence was found, not how good it is: sections found (up to 36), key metrics known from the deck or profile (up to 40), readable text (up to 14) and a completed profile (10), minus 5 per profile/deck contradiction, 5 when most pages had to be read by OCR and 3 per dimension with no evidence. 80+ High, 60+ Medium, else Low.',
  dimensions: DIMENSIONS.map((d) => ({
    key: d.key,
    label: SUB_SCORE_LABELS[d.key],
    measures: d.measures,
    base: d.base,
    rules: d.rules.map((r) => ({ id: r.id, description: r.description, points: r.points, benchmark: r.benchmark })),
  })),
  benchmarks: Object.values(BENCHMARKS),
});
