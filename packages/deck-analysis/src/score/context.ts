import { SUB_SCORE_LABELS, type Evidence, type SectionKind } from '@fitscore/contracts';
import type { Topic } from '../understand/signals.ts';
import type { Metric, MetricKey, Understanding } from '../understand/understanding.ts';
import { displayMetric } from '../understand/understand-deck.ts';
import { profileLabel } from '../understand/profile-labels.ts';

/** What rules read: the understanding plus ratios computed once. */
export interface RuleContext {
  u: Understanding;
  ltvCac: number | null;
  paybackMonths: number | null;
  burnMultiple: number | null;
  committedPct: number | null;
}

export function buildContext(u: Understanding): RuleContext {
  const m = u.metrics;
  const ltvCac = m.ltv && m.cac && m.cac.usd > 0 ? Math.round((m.ltv.usd / m.cac.usd) * 10) / 10 : null;
  // Payback = CAC / (monthly revenue per customer x gross margin), as the profile form computes it.
  let perCustomer: number | null = null;
  const customers = m.payingCustomers?.value ?? null;
  if (m.mrr && m.mrr.usd > 0 && customers && customers > 0) perCustomer = m.mrr.usd / customers;
  else if (m.acv && m.acv.usd > 0) perCustomer = m.acv.usd / 12;
  const gm = m.grossMargin?.value ?? null;
  const paybackMonths =
    m.cac && m.cac.usd > 0 && perCustomer && gm && gm > 0 ? Math.round((m.cac.usd / (perCustomer * (gm / 100))) * 10) / 10 : null;
  // Burn multiple = net burn / net new ARR; monthly: burn / (12 x MRR x MoM growth).
  const netNewArr = m.mrr && m.momGrowth && m.momGrowth.value > 0 ? 12 * m.mrr.usd * (m.momGrowth.value / 100) : null;
  const burnMultiple = m.burn && netNewArr && netNewArr > 0 ? Math.round((m.burn.usd / netNewArr) * 10) / 10 : null;
  const committedPct =
    m.committed && m.raise && m.raise.usd > 0 ? Math.round((m.committed.usd / m.raise.usd) * 1000) / 10 : null;
  return { u, ltvCac, paybackMonths, burnMultiple, committedPct };
}

export function metricEvidence(m: Metric | undefined): Evidence[] {
  if (!m) return [];
  const source = m.source === 'llm' ? 'llm' : m.page !== null ? 'deck' : 'profile';
  return [{ source, page: m.page, quote: m.quote.slice(0, 200), factId: m.factId }];
}

export function sectionEvidence(u: Understanding, kind: SectionKind): Evidence[] {
  const s = u.sections.find((x) => x.kind === kind);
  if (!s) return [];
  const first = s.pages[0]!;
  const page = u.pages.find((p) => p.number === first);
  const quote = s.title ?? page?.text.split('\n')[0] ?? kind;
  return [{ source: 'deck', page: first, quote: quote.slice(0, 200), factId: null }];
}

export function topicEvidence(u: Understanding, topic: Topic): Evidence[] {
  const hit = u.topics.get(topic)?.[0];
  return hit ? [{ source: 'deck', page: hit.page, quote: hit.quote, factId: null }] : [];
}

/** Evidence from a profile field, under the label the profile form shows ('Profile: Target customer: SMBs'). */
export function profileEvidence(field: string, value: string): Evidence[] {
  return [{ source: 'profile', page: null, quote: `Profile: ${profileLabel(field)}: ${value}`.slice(0, 200), factId: null }];
}

export function hasSection(u: Understanding, kind: SectionKind): boolean {
  return u.sections.some((s) => s.kind === kind);
}

export function hasTopic(u: Understanding, topic: Topic): boolean {
  return (u.topics.get(topic)?.length ?? 0) > 0;
}

export function show(m: Metric | undefined): string {
  return m ? displayMetric(m) : 'n/a';
}

export function metric(u: Understanding, key: MetricKey): Metric | undefined {
  return u.metrics[key];
}

export const LABELS = SUB_SCORE_LABELS;
