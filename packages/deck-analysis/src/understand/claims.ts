import type { Fact, FactKind } from '@fitscore/contracts';
import type { NumberToken } from './numbers.ts';

/**
 * What a figure in a deck is: the company's number today ('current'), a goal, plan,
 * projection or the runway a raise would buy ('target'), or someone else's or the past's
 * number: another company's users, a founder's previous venture, a past round
 * ('historical'). Only current figures count as traction and unit economics.
 */
export type ClaimStatus = 'current' | 'target' | 'historical';
export const CLAIM_STATUSES: readonly ClaimStatus[] = ['current', 'target', 'historical'];

export interface Claim extends Fact {
  status: ClaimStatus;
}

const MARKET: ReadonlySet<FactKind> = new Set(['tam', 'sam', 'som', 'marketCagr']);
const ROUND: ReadonlySet<FactKind> = new Set(['raise', 'valuation', 'committed']);

// Words before a figure that make it a goal or a projection ('Goal: $3M ARR', 'Reach €1M').
const TARGET_BEFORE =
  /\b(goals?|targets?|targeting|if|strateg(y|ies) for|aim(s|ing)?|plan(s|ned|ning)?|projected|projections?|forecast(ed|s)?|expect(ed|s|ing)?|anticipat\w*|will|would|could|shall|going to|reach(es|ing)?|to hit|hit|best[- ]case|worst[- ]case|base[- ]case|scenarios?|potential(ly)?|ambition|estimated future|year ?[1-9]|y[1-9]|by (the )?(end of )?20\d\d|next (year|quarter)|ziel|prognose|objectif|objetivo|meta|previsão|proyecci[oó]n)\b/i;
// Words right after a figure that make it one ('$3M ARR by 2027', '$2.1B projected').
const TARGET_AFTER =
  /^[^,;()]{0,40}?\b(by|until|till|bis|d'ici|para|hasta|até) (the )?(end of |summer |winter |spring |fall |autumn |mid[- ])?(20\d\d|Q[1-4]|summer|winter|spring|fall|autumn|next|year ?\d|eoy)|^[^,;()]{0,40}?\b(in|within|over) the next \d+|^[^,;()]{0,40}?\bwithin \d+ (months|years)|^[^,;()]{0,30}?\b(projected|forecast(ed)?|expected|planned|targeted|goal|target|potential|next year|per year by)\b|^[^,;()]{0,30}?(→|->)\s?([$€£₹]|$)/i;
// Market figures are the deck's estimates of today's market unless plainly forecast.
const MARKET_TARGET_BEFORE = /\b(forecast(ed)?|projected|expected to|will|to (grow|reach|surpass|hit) ?(to)?|by 20\d\d)\b[^.;]{0,30}$/i;
const MARKET_TARGET_AFTER = /^[^,;()]{0,25}?\b(by 20\d\d|projected|forecast(ed)?|expected)\b/i;
// Another time or another company: a founder's previous startup, a past round, someone else's users.
const HISTORICAL =
  /\b(previous(ly)?|prior|former(ly)?|ex-|before (joining|founding|starting)|last (startup|company|venture|job)|past (startup|company|venture)|exited|sold (his|her|their|my)|his (startup|company|app)|her (startup|company|app)|early career|vorher|anterior|précédent)\b/i;
const OTHER_COMPANY_AFTER = /^\s*(\+\s*)?(\w+\s){0,2}?(on|at|of|from) ([A-Z][\w-]*\.(com|org|net|io)|craigslist|couchsurfing|facebook|google|amazon|uber|airbnb|linkedin|instagram|tiktok|youtube)\b/i;
const PAST_ROUND = /\b(raised|closed|secured)\b(?![^.]{0,20}\b(so far|to date|in this round|of (the|this) round|committed)\b)/i;

/**
 * Status of one figure from the words around it on its line: from the previous figure (or
 * the line start) to this one, and a short stretch after it up to the next clause.
 */
export function clauseStatus(line: string, tokens: readonly NumberToken[], index: number, kind: FactKind): ClaimStatus {
  const token = tokens[index]!;
  const prevEnd = index > 0 ? tokens[index - 1]!.end : 0;
  const before = line.slice(prevEnd, token.start);
  // After the figure up to the next amount or percentage ('$250K+ ARR in the next 18 months').
  const next = tokens.slice(index + 1).find((t) => t.currency !== null || t.percent || t.scaled);
  const after = line.slice(token.end, next ? next.start : line.length);
  if (HISTORICAL.test(line) || OTHER_COMPANY_AFTER.test(after)) return 'historical';
  if (ROUND.has(kind)) return kind === 'raise' && PAST_ROUND.test(line) && !/\b(rais(e|ing)|seeking|ask)\b/i.test(line) ? 'historical' : 'current';
  if (MARKET.has(kind)) return MARKET_TARGET_BEFORE.test(before) || MARKET_TARGET_AFTER.test(after) ? 'target' : 'current';
  if (kind === 'runwayMonths') {
    // The runway a raise would buy is a plan; a runway stated plainly is today's.
    return /\b(round|rais(e|ing)|funds?|funding|investment|gives us|will|would|to (work|reach|get|build)|break[- ]?even)\b/i.test(line) ? 'target' : 'current';
  }
  // 'Bridge to ₹10 Cr ARR', 'move from ₹1.26 Cr to a ₹10 Cr ARR motion': where the company is headed.
  if (/\bto\s+(an?\s+)?$/i.test(before) && /\b(bridge|move|moving|path|road|journey|scale|scaling|get|getting|go|going|towards)\b/i.test(line.slice(0, token.start))) return 'target';
  if (TARGET_BEFORE.test(before) || TARGET_AFTER.test(after) || /\b(year|yr)\s?[1-9]\b|\bY[1-9]\b/i.test(line.slice(0, token.start))) return 'target';
  return 'current';
}

/** Slide titles whose figures are all plans ('Financial Projections', 'Looking Forward'). */
export const TARGET_TITLE =
  /\b(projections?|forecasts?|looking fo\w*ward|potential outcomes|outlook|future|financial plan|business plan|goals|targets|5[- ]year plan|(funding|growth|expansion|future) plans?|scenarios?|where we('| a)re going|roadmap|prognose|planung|prévisions|proyecciones|projeções)\b/i;
