import { SECTION_KINDS, SUB_SCORE_KEYS, type FounderProfile, type SectionKind, type Stage, type SubScoreKey } from '@fitscore/contracts';
import type { DeckText } from '../model.ts';
import { scoreDeck } from '../score/score-deck.ts';
import type { ClaimStatus } from '../understand/claims.ts';
import { withoutRepeats } from '../understand/facts.ts';
import { toUsd } from '../understand/numbers.ts';
import type { SectionModel } from '../understand/section-model/section-model.ts';
import { understandDeck } from '../understand/understand-deck.ts';
import { judgeDeck } from '../understand/verdict.ts';
import { ENGINE_VERSION } from '../version.ts';

/**
 * The analysis of one deck as `npm run analyze` prints it and `npm run eval:decks`
 * compares with hand labels: pages per section, every figure with its status, the
 * verdict and the scores.
 */

export const REPORT_FACT_KEYS = [
  'mrr', 'arr', 'revenue', 'momGrowth', 'yoyGrowth', 'customers', 'payingCustomers', 'users', 'tam', 'sam', 'som', 'raise',
  'valuation', 'committed', 'burn', 'runwayMonths', 'cac', 'ltv', 'churn', 'grossMargin', 'teamSize', 'foundersCount',
] as const;
export type ReportFactKey = (typeof REPORT_FACT_KEYS)[number];

export interface ReportFact {
  key: ReportFactKey;
  value: number;
  currency: string | null;
  valueUsd: number | null;
  page: number | null;
  status: ClaimStatus;
  quote: string;
}

export interface DeckReport {
  engineVersion: string;
  pages: number;
  verdict: { value: 'deck' | 'not_a_deck'; reason: string | null };
  overall: number | null;
  label: string | null;
  confidence: { level: string; evidence: number } | null;
  stage: { value: Stage; source: string };
  subScores: Record<SubScoreKey, number> | null;
  sections: Record<SectionKind, number[]>;
  facts: ReportFact[];
  doNext: Array<{ dimension: string; title: string; gain: number }>;
}

const isReportKey = (k: string): k is ReportFactKey => (REPORT_FACT_KEYS as readonly string[]).includes(k);

export function deckReport(deck: DeckText, profile: FounderProfile | null, options: { stage?: Stage; sectionModel?: SectionModel } = {}): DeckReport {
  const u = understandDeck(deck, profile, { stage: options.stage, sectionModel: options.sectionModel });
  const verdict = judgeDeck(u);
  const sections = Object.fromEntries(SECTION_KINDS.map((k) => [k, [] as number[]])) as Record<SectionKind, number[]>;
  for (const [page, kinds] of u.sectionsByPage) for (const k of kinds) sections[k].push(page);
  for (const k of SECTION_KINDS) sections[k].sort((a, b) => a - b);
  const facts: ReportFact[] = [];
  // A current figure the deck repeats on later pages is listed once, where the deck states it as its own.
  for (const c of withoutRepeats(u.claims, u.sectionsByPage)) {
    if (!isReportKey(c.kind) || c.source !== 'deck') continue;
    facts.push({
      key: c.kind,
      value: c.value,
      currency: c.currency,
      valueUsd: c.unit === 'currency' ? Math.round(toUsd(c.value, c.currency)) : null,
      page: c.page,
      status: c.status,
      quote: c.quote,
    });
  }
  if (u.founders.source === 'deck' && u.founders.count > 0) {
    facts.push({ key: 'foundersCount', value: u.founders.count, currency: null, valueUsd: null, page: u.founders.page, status: 'current', quote: u.founders.quote });
  }
  const scored = verdict.deck ? scoreDeck(u) : null;
  return {
    engineVersion: ENGINE_VERSION,
    pages: deck.pages.length,
    verdict: { value: verdict.deck ? 'deck' : 'not_a_deck', reason: verdict.reason },
    overall: scored?.overall ?? null,
    label: scored?.label ?? null,
    confidence: scored?.confidence ?? null,
    stage: u.stage,
    subScores: scored ? (Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, scored.subScores[k].score])) as Record<SubScoreKey, number>) : null,
    sections,
    facts,
    doNext: scored?.doNext.map((d) => ({ dimension: d.dimension, title: d.title, gain: d.gain })) ?? [],
  };
}
