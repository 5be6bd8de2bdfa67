import type { Fact, FounderProfile, Stage } from '@fitscore/contracts';
import type { DeckText } from '../model.ts';
import { countWords } from '../text/text-quality.ts';
import { deckFacts, refineClaims } from './facts.ts';
import { toUsd } from './numbers.ts';
import { displayValue } from './display.ts';
import { profileFacts } from './profile-facts.ts';
import { profileLabel } from './profile-labels.ts';
import { collectSections } from './sections.ts';
import { deckContext } from './section-model/deck-context.ts';
import { classifyWithModel, committedSectionModel } from './section-model/section-model.ts';
import { channelsNamed, findTopics, founderSignals, foundersInDeck } from './signals.ts';
import {
  DECK_PICK,
  METRIC_KEYS,
  type Contradiction,
  type Metric,
  type MetricKey,
  type UnderstandExtras,
  type Understanding,
} from './understanding.ts';


export function understandDeck(deck: DeckText, profile: FounderProfile | null, extras: UnderstandExtras = {}): Understanding {
  const rawFacts = deckFacts(deck.pages);
  // Goals and projections do not make a page a traction or market slide; today's figures do.
  // Sections: the learned classifier over the page's words, layout, numbers and the rules' reading (ADR 0037).
  const ctx = deckContext(deck.pages, rawFacts);
  const kinds = classifyWithModel(extras.sectionModel ?? committedSectionModel(), ctx);
  const classified = deck.pages.map((p, i) => ({ page: p.number, kinds: kinds[i] ?? [] }));
  for (const s of extras.sections ?? []) {
    const c = classified.find((x) => x.page === s.page);
    if (c && !c.kinds.includes(s.kind)) c.kinds.push(s.kind);
  }
  const sectionsByPage = new Map(classified.map((c) => [c.page, c.kinds]));
  const claims = refineClaims(rawFacts, deck.pages, sectionsByPage);
  // Only the company's figures of today are facts; goals, projections and the past are kept as claims.
  const numeric: Fact[] = claims.filter((c) => c.status === 'current').map(({ status: _status, ...f }) => f);
  const sections = collectSections(deck.pages, classified);
  const signals = founderSignals(deck.pages, sectionsByPage).map((f, i): Fact => ({ ...f, id: `p${f.page}-${f.kind}-s${i + 1}` }));
  const fromProfile = profileFacts(profile);
  const llmFacts = extras.facts ?? [];
  const facts = [...numeric, ...signals, ...llmFacts, ...fromProfile];

  const metrics = resolveMetrics(numeric, llmFacts, profile);
  const contradictions = findContradictions(metrics.profile, metrics.deck);

  const words = deck.pages.reduce((n, p) => n + countWords(p.text) + countWords(p.notes), 0);
  const named = profile?.founders.filter((f) => f.name.trim() !== '') ?? [];
  const deckFounders = foundersInDeck(deck.pages, sectionsByPage);
  return {
    format: deck.format,
    pages: deck.pages,
    pageCount: deck.pages.length,
    textPages: deck.pages.filter((p) => p.source === 'text' || p.source === 'text+ocr').length,
    ocrPages: deck.pages.filter((p) => p.source === 'ocr' || p.source === 'text+ocr').length,
    words,
    stage: resolveStage(profile, extras.stage ?? null, deck.pages.map((p) => p.text).join('\n')),
    industry: profile?.industry ?? null,
    businessModel: profile?.business_model ?? null,
    sections,
    sectionsByPage,
    facts,
    claims,
    metrics: metrics.merged,
    topics: findTopics(deck.pages, sectionsByPage),
    channels: channelsNamed(deck.pages),
    founders:
      named.length > 0
        ? {
            count: named.length,
            fullTime: named.filter((f) => f.commitment === 'Full-time').length,
            partTime: named.filter((f) => f.commitment === 'Part-time').length,
            withLinkedIn: named.filter((f) => f.linkedin_url !== '').length,
            source: 'profile',
            page: null,
            quote: '',
          }
        : {
            count: deckFounders.count,
            fullTime: 0,
            partTime: 0,
            withLinkedIn: 0,
            source: deckFounders.count > 0 ? 'deck' : 'none',
            page: deckFounders.page,
            quote: deckFounders.quote,
          },
    contradictions,
    profile,
    extras,
  };
}

function metricFromFact(key: MetricKey, f: Fact, source?: Metric['source']): Metric {
  return {
    key,
    value: f.value,
    usd: f.unit === 'currency' ? toUsd(f.value, f.currency) : f.value,
    unit: f.unit,
    currency: f.currency,
    source: source ?? (f.source === 'profile' ? 'profile' : f.source === 'llm' ? 'llm' : 'deck'),
    page: f.page,
    quote: f.quote,
    factId: f.id,
  };
}

function pickDeck(facts: readonly Fact[]): Partial<Record<MetricKey, Metric>> {
  const out: Partial<Record<MetricKey, Metric>> = {};
  for (const key of METRIC_KEYS) {
    const rule = DECK_PICK[key];
    if (!rule) continue;
    const candidates = facts.filter((f) => rule.kinds.includes(f.kind));
    if (candidates.length === 0) continue;
    const usd = (f: Fact) => (f.unit === 'currency' ? toUsd(f.value, f.currency) : f.value);
    const chosen = rule.pick === 'max' ? candidates.reduce((a, b) => (usd(b) > usd(a) ? b : a)) : candidates[0]!;
    out[key] = metricFromFact(key, chosen);
  }
  return out;
}

function derive(m: Partial<Record<MetricKey, Metric>>, key: MetricKey, from: Metric, value: number, how: string): void {
  if (m[key]) return;
  m[key] = {
    ...from,
    key,
    value,
    usd: from.unit === 'currency' ? toUsd(value, from.currency) : value,
    source: from.source === 'profile' ? 'profile' : 'derived',
    quote: `${how} (${from.quote})`,
  };
}

function resolveMetrics(deck: readonly Fact[], llm: readonly Fact[], profile: FounderProfile | null) {
  const fromDeck = pickDeck(deck);
  const fromLlm = pickDeck(llm);
  const fromProfile = pickDeck(profileFacts(profile).map((f) => ({ ...f })));
  // Profile fields hold the founder's current numbers; the deck may be older. The
  // profile wins, then the deck, then verified model facts.
  const merged: Partial<Record<MetricKey, Metric>> = { ...fromLlm, ...fromDeck, ...fromProfile };
  if (profile) {
    const extra: Array<[MetricKey, number | null, Metric['unit']]> = [
      ['acv', profile.acv_aov, 'currency'],
      ['salesCycle', profile.sales_cycle, 'count'],
      ['winRate', profile.win_rate, 'percent'],
      ['activationRate', profile.activation_rate, 'percent'],
    ];
    for (const [key, value, unit] of extra) {
      if (value === null) continue;
      merged[key] = {
        key,
        value,
        usd: value,
        unit,
        currency: unit === 'currency' ? 'USD' : null,
        source: 'profile',
        page: null,
        quote: `Profile: ${profileLabel(key)} ${displayValue(value, unit, unit === 'currency' ? 'USD' : null)}${key === 'salesCycle' ? ' days' : ''}`,
        factId: null,
      };
    }
  }
  const mrr = merged.mrr;
  const arr = merged.arr;
  if (arr && !mrr) derive(merged, 'mrr', arr, Math.round((arr.value / 12) * 100) / 100, 'ARR / 12');
  if (mrr && !arr) derive(merged, 'arr', mrr, mrr.value * 12, 'MRR x 12');
  const cash = merged.cash;
  const burn = merged.burn;
  if (cash && burn && burn.usd > 0) {
    derive(merged, 'runwayMonths', cash, Math.round((cash.usd / burn.usd) * 10) / 10, 'cash / burn');
    if (merged.runwayMonths) merged.runwayMonths = { ...merged.runwayMonths, unit: 'months', currency: null, usd: merged.runwayMonths.value };
  }
  return { merged, deck: { ...fromLlm, ...fromDeck }, profile: fromProfile };
}

const STAGE_PATTERNS: Array<[RegExp, Stage]> = [
  [/\bpre-?seed\b/i, 'Pre-seed'],
  [/\bseries\s+a\b/i, 'Series A'],
  [/\bseries\s+b\b/i, 'Series B'],
  [/\bseries\s+[c-f]\b/i, 'Series C+'],
  [/\bseed\s+(round|stage|funding|investment|raise)\b|\braising\b.{0,30}\bseed\b/i, 'Seed'],
];

/**
 * Stage from the profile, else from words in the deck ('Series A', 'pre-seed round').
 * Never from the numbers themselves: a bar that rose with revenue would let better
 * revenue lower the traction score. With neither, Seed benchmarks apply.
 */
function resolveStage(profile: FounderProfile | null, given: Stage | null, text: string): Understanding['stage'] {
  if (profile?.stage) return { value: profile.stage, source: 'profile' };
  if (given) return { value: given, source: 'profile' };
  for (const [re, stage] of STAGE_PATTERNS) if (re.test(text)) return { value: stage, source: 'deck' };
  return { value: 'Seed', source: 'default' };
}

/** Relative gap for amounts and counts, absolute points for percentages. */
const MATERIAL: Partial<Record<MetricKey, { relative?: number; points?: number }>> = {
  mrr: { relative: 0.25 },
  arr: { relative: 0.25 },
  payingCustomers: { relative: 0.25 },
  teamSize: { relative: 0.34 },
  raise: { relative: 0.25 },
  valuation: { relative: 0.25 },
  burn: { relative: 0.34 },
  tam: { relative: 0.5 },
  grossMargin: { points: 10 },
  churn: { points: 5 },
  momGrowth: { points: 10 },
};

const LABEL: Partial<Record<MetricKey, string>> = {
  mrr: 'MRR',
  arr: 'ARR',
  payingCustomers: 'paying customers',
  teamSize: 'team size',
  raise: 'round size',
  valuation: 'valuation',
  burn: 'monthly burn',
  tam: 'TAM',
  grossMargin: 'gross margin',
  churn: 'churn',
  momGrowth: 'MoM growth',
};

export function displayMetric(m: Pick<Metric, 'value' | 'unit' | 'currency'>): string {
  return displayValue(m.value, m.unit, m.currency);
}

function findContradictions(
  profile: Partial<Record<MetricKey, Metric>>,
  deck: Partial<Record<MetricKey, Metric>>,
): Contradiction[] {
  const out: Contradiction[] = [];
  for (const key of METRIC_KEYS) {
    const rule = MATERIAL[key];
    const p = profile[key];
    const d = deck[key];
    if (!rule || !p || !d || d.page === null) continue;
    const a = p.usd;
    const b = d.usd;
    const material = rule.points !== undefined ? Math.abs(a - b) > rule.points : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1) > (rule.relative ?? 1);
    if (!material) continue;
    // Lower is better for burn and churn; raise and valuation have no better direction.
    const neutral = key === 'raise' || key === 'valuation';
    const lowerIsBetter = key === 'burn' || key === 'churn';
    out.push({
      metric: key,
      profileValue: p.value,
      deckValue: d.value,
      page: d.page,
      deckOverstates: neutral || (lowerIsBetter ? a > b : a < b),
      message: `Your profile says ${LABEL[key] ?? key} ${displayMetric(p)} but the deck (page ${d.page}) says ${displayMetric(d)}.`,
    });
  }
  return out;
}

