import { SECTION_KINDS } from '@fitscore/contracts';
import type { MetricKey, Understanding } from '../understand/understanding.ts';

/**
 * Confidence measures how much evidence the score rests on, not how good it is:
 * sections found (36), key metrics known from deck or profile (40), readable text
 * (14), a profile (10); minus 5 per contradiction, 5 when most pages were OCR'd and 3 per
 * dimension with no evidence at all (scored at its floor).
 */
const KEY_EVIDENCE: MetricKey[][] = [
  ['mrr', 'arr'],
  ['momGrowth', 'yoyGrowth'],
  ['payingCustomers', 'customers', 'activeUsers', 'users', 'pilots'],
  ['tam'],
  ['raise'],
  ['burn'],
  ['runwayMonths', 'cash'],
  ['grossMargin'],
  ['cac'],
  ['ltv', 'churn', 'retention'],
];

export function evidenceScore(u: Understanding, withoutEvidence = 0): number {
  const found = new Set(u.sections.map((s) => s.kind));
  const sections = (SECTION_KINDS.filter((k) => found.has(k)).length / SECTION_KINDS.length) * 36;
  const metrics = (KEY_EVIDENCE.filter((keys) => keys.some((k) => u.metrics[k] !== undefined)).length / KEY_EVIDENCE.length) * 40;
  const text = Math.min(1, u.words / 500) * 14;
  const profile = u.profile ? 10 : 0;
  const ocrHeavy = u.pageCount > 0 && u.ocrPages / u.pageCount > 0.5 ? 5 : 0;
  const raw = sections + metrics + text + profile - 5 * u.contradictions.length - ocrHeavy - 3 * withoutEvidence;
  return Math.min(100, Math.max(0, Math.round(raw)));
}
