import type { Fact, FactKind } from '@fitscore/contracts';
import type { PageText } from '../model.ts';
import { findNumbers, toUsd, type NumberToken } from './numbers.ts';

/**
 * Facts from page text: each number is paired with the nearest label that fits its
 * unit (a currency amount can be MRR or TAM, never churn; a percentage can be churn or
 * growth, never TAM). Labels are looked for on the same line first, then on an adjacent
 * short line (slides often put '$45K' above 'MRR').
 */

type Need = 'money' | 'percent' | 'count' | 'months';

interface Label {
  kind: FactKind;
  need: Need;
  re: RegExp;
  period?: 'month' | 'year';
}

// Order matters on ties: more specific labels first.
const LABELS: Label[] = [
  { kind: 'mrr', need: 'money', re: /\bMRR\b|monthly recurring revenue|monthly revenue|revenue (per|a|each) month/gi, period: 'month' },
  { kind: 'arr', need: 'money', re: /\bARR\b|annual recurring revenue|annual(ized)? run[- ]?rate|\brun[- ]rate\b/gi, period: 'year' },
  { kind: 'gmv', need: 'money', re: /\bGMV\b|gross merchandise|transaction volume|\bTPV\b|\bGTV\b/gi },
  { kind: 'tam', need: 'money', re: /\bTAM\b|total addressable|total available market|market size|global market|market (is|was|of|worth|valued|expected|projected)|industry (is|worth|size|valued)|market opportunity|addressable market/gi },
  { kind: 'sam', need: 'money', re: /\bSAM\b|serviceable (available|addressable)/gi },
  { kind: 'som', need: 'money', re: /\bSOM\b|serviceable obtainable|obtainable market/gi },
  { kind: 'valuation', need: 'money', re: /valuation|pre-?money|post-?money|valued at|\bcap\b/gi },
  { kind: 'committed', need: 'money', re: /committed|soft[- ]circled|already raised|secured (so far|to date)?|commitments/gi },
  { kind: 'raise', need: 'money', re: /rais(e|ing)|seeking|\bthe ask\b|\bask\b|funding (round|ask|need|required|requirement|of)|investment (of|sought|required|needed|ask)|looking for|round size|we need|\bSAFE\b|fundrais/gi },
  { kind: 'burn', need: 'money', re: /\bburn\b|monthly (expenses|costs|opex|spend)|spend(ing)? per month/gi, period: 'month' },
  { kind: 'cash', need: 'money', re: /cash (in (the )?bank|on hand|balance|reserves?)|in the bank|\bcash\b/gi },
  { kind: 'cac', need: 'money', re: /\bCAC\b|customer acquisition cost|cost (per|of) (customer )?acquisition|\bCPA\b|acquisition cost/gi },
  { kind: 'ltv', need: 'money', re: /\bLTV\b|\bCLV\b|\bCLTV\b|life ?time value/gi },
  { kind: 'revenue', need: 'money', re: /revenue|\bsales\b|turnover|income|\brev\b|billings/gi },
  { kind: 'pricing', need: 'money', re: /per (month|user|seat|year|license|unit|order|transaction|visit)|\/ ?(mo|month|user|seat|yr|year)\b|pricing|subscription|\bprice|\bplans?\b|\bfees?\b/gi },
  { kind: 'momGrowth', need: 'percent', re: /\bMoM\b|month[- ]over[- ]month|monthly growth|grow\w*[^.]{0,24}\b(per|a|each|every) month|m\/m|\bWoW\b|week[- ]over[- ]week|weekly growth|grow\w*[^.]{0,24}\b(per|a|each|every) week/gi, period: 'month' },
  { kind: 'yoyGrowth', need: 'percent', re: /\bYoY\b|year[- ]over[- ]year|annual growth|grow\w*[^.]{0,24}\b(per|a|each) (year|annum)|per annum|\bp\.a\.|y\/y|annually/gi, period: 'year' },
  { kind: 'marketCagr', need: 'percent', re: /\bCAGR\b|compound annual/gi, period: 'year' },
  { kind: 'churn', need: 'percent', re: /churn/gi },
  { kind: 'retention', need: 'percent', re: /retention|retained|\bNRR\b|net (revenue|dollar) retention|\bD30\b|\bD7\b/gi },
  { kind: 'grossMargin', need: 'percent', re: /gross margin|gross profit|\bGM\b|(?<!(of|their|our|your|in) )\bmargins?\b/gi },
  { kind: 'runwayMonths', need: 'months', re: /runway/gi },
  { kind: 'payingCustomers', need: 'count', re: /paying (customers|clients|users|subscribers|accounts)|paid (customers|users|subscribers|accounts)/gi },
  { kind: 'activeUsers', need: 'count', re: /\b(MAU|DAU|WAU)s?\b|(monthly|daily|weekly) active|active users/gi },
  { kind: 'pilots', need: 'count', re: /\bpilots?\b|\bLOIs?\b|letters? of intent|\bPOCs?\b|proofs? of concept|wait ?list|pre-?orders?/gi },
  { kind: 'teamSize', need: 'count', re: /team of|employees|\bFTEs?\b|full[- ]time staff|team members|people (on|in) (the|our) team/gi },
  { kind: 'customers', need: 'count', re: /customers|clients|merchants|businesses|brands|enterprises|restaurants|hospitals|clinics|schools|farmers|retailers|stores|companies (use|using|signed)|accounts/gi },
  { kind: 'users', need: 'count', re: /users|downloads|installs|members|subscribers|sign[- ]?ups|registrations|students|patients|listings|drivers|riders|hosts|guests|visitors/gi },
];

/** Plausible ranges, in USD for money: outside them a pairing is a misreading. */
const BOUNDS: Partial<Record<FactKind, [number, number]>> = {
  mrr: [100, 5e8],
  arr: [1_000, 5e9],
  revenue: [1_000, 5e10],
  gmv: [1_000, 5e11],
  tam: [1e6, 1e14],
  sam: [1e5, 1e14],
  som: [1e4, 1e13],
  raise: [10_000, 5e9],
  valuation: [100_000, 1e12],
  committed: [1_000, 5e9],
  burn: [1_000, 1e9],
  cash: [1_000, 1e11],
  cac: [1, 1e6],
  ltv: [1, 1e8],
  pricing: [0.5, 1e7],
  momGrowth: [-100, 1000],
  yoyGrowth: [-100, 10_000],
  marketCagr: [0, 200],
  churn: [0, 100],
  retention: [0, 300],
  grossMargin: [-100, 100],
  runwayMonths: [0, 120],
  payingCustomers: [1, 1e9],
  activeUsers: [1, 5e9],
  pilots: [1, 1e6],
  teamSize: [1, 1e6],
  customers: [1, 1e9],
  users: [1, 5e9],
};

function fits(token: NumberToken, need: Need): boolean {
  if (token.year || token.multiple) return false;
  switch (need) {
    case 'money':
      return token.currency !== null || (token.scaled && !token.percent);
    case 'percent':
      return token.percent;
    case 'months':
      return token.months;
    case 'count':
      return !token.currency && !token.percent && !token.months && token.value >= 1;
  }
}

interface Candidate {
  label: Label;
  distance: number;
}

function nearestLabel(line: string, token: NumberToken, sameLine: boolean): Candidate | null {
  let best: Candidate | null = null;
  for (const label of LABELS) {
    if (!fits(token, label.need)) continue;
    label.re.lastIndex = 0;
    for (const m of line.matchAll(label.re)) {
      const s = m.index ?? 0;
      const e = s + m[0].length;
      if (sameLine && s < token.end && e > token.start) continue;
      const distance = sameLine ? (e <= token.start ? token.start - e : s - token.end) : 0;
      // Labels after the number ('$45K MRR') bind tighter than labels far before it.
      const d = sameLine && s >= token.end ? distance * 0.8 : distance;
      if (!best || d < best.distance) best = { label, distance: d };
    }
  }
  return best;
}

export function unitOf(kind: FactKind): Fact['unit'] {
  if (['momGrowth', 'yoyGrowth', 'marketCagr', 'churn', 'retention', 'grossMargin', 'percent'].includes(kind)) return 'percent';
  if (kind === 'runwayMonths') return 'months';
  if (['payingCustomers', 'customers', 'users', 'activeUsers', 'pilots', 'teamSize'].includes(kind)) return 'count';
  if (['priorExit', 'notableCompany', 'degree'].includes(kind)) return 'text';
  return 'currency';
}

const MAX_FACTS = 400;

function quoteAround(line: string, start: number, end: number): string {
  if (line.length <= 140) return line;
  const a = Math.max(0, start - 60);
  const b = Math.min(line.length, end + 60);
  return `${a > 0 ? '…' : ''}${line.slice(a, b).trim()}${b < line.length ? '…' : ''}`;
}

/** Numeric facts of one page (text and speaker notes), with the index of their line. */
export function pageFacts(page: PageText): Array<Omit<Fact, 'id'> & { line: number }> {
  const out: Array<Omit<Fact, 'id'> & { line: number }> = [];
  const lines = [...page.text.split('\n'), ...page.notes.split('\n')].filter((l) => l.trim() !== '');
  lines.forEach((line, i) => {
    for (const token of findNumbers(line)) {
      if (token.year) continue;
      let cand = nearestLabel(line, token, true);
      // A number alone on its line takes its label from a short neighbour line.
      const alone = line.replace(token.raw, '').replace(/[^\p{L}]/gu, '').length < 3;
      if ((!cand || cand.distance > 60) && alone) {
        for (const j of [i + 1, i - 1]) {
          const nb = lines[j];
          if (nb === undefined || nb.length > 80) continue;
          const c = nearestLabel(nb, token, false);
          if (c) {
            cand = c;
            break;
          }
        }
      }
      if (cand && cand.distance > 80) cand = null;
      let kind: FactKind;
      let period: Fact['period'] = null;
      let value = token.value;
      if (cand) {
        kind = cand.label.kind;
        period = cand.label.period ?? null;
        if (kind === 'momGrowth' && /\bWoW\b|week/i.test(line)) {
          // Weekly growth compounds to monthly: (1+w)^(52/12) - 1.
          value = (Math.pow(1 + value / 100, 52 / 12) - 1) * 100;
        }
      } else if (token.currency !== null) kind = 'amount';
      else if (token.percent) kind = 'percent';
      else continue;
      const bounds = BOUNDS[kind];
      const comparable = unitOf(kind) === 'currency' ? toUsd(value, token.currency) : value;
      if (bounds && (comparable < bounds[0] || comparable > bounds[1])) continue;
      out.push({
        kind,
        value: Math.round(value * 100) / 100,
        unit: unitOf(kind),
        currency: unitOf(kind) === 'currency' ? (token.currency ?? 'USD') : null,
        period,
        label: null,
        page: page.number,
        quote: quoteAround(line, token.start, token.end),
        source: 'deck',
        line: i,
      });
    }
  });
  return out;
}

/**
 * Facts that depend on the page's section: big unlabelled amounts on a market slide
 * are market sizes, growth rates there are market growth; 'from X to Y' keeps Y.
 */
export function refineFacts(facts: Fact[], sectionsByPage: ReadonlyMap<number, readonly string[]>): Fact[] {
  return facts.map((f) => {
    const kinds = f.page === null ? [] : (sectionsByPage.get(f.page) ?? []);
    if (!kinds.includes('market')) return f;
    if (f.kind === 'amount' && toUsd(f.value, f.currency) >= 1e8) return { ...f, kind: 'tam' as const };
    if ((f.kind === 'percent' || f.kind === 'yoyGrowth') && /\bgrow|\bCAGR\b|per annum|annually|a year/i.test(f.quote)) {
      return { ...f, kind: 'marketCagr' as const, period: 'year' as const };
    }
    return f;
  });
}

export function deckFacts(pages: readonly PageText[]): Fact[] {
  const seen = new Set<string>();
  const facts: Fact[] = [];
  for (const page of pages) {
    const found = pageFacts(page);
    for (const [i, { line, ...f }] of found.entries()) {
      // 'Margin increased from 16% to 20%': the later figure of a kind on a line is current.
      const supersededOnLine = found.slice(i + 1).some((g) => g.line === line && g.kind === f.kind) && /\bfrom\b.*\bto\b|→|->|>/i.test(f.quote);
      if (supersededOnLine) continue;
      const key = `${f.kind}|${f.value}|${f.page}`;
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push({ ...f, id: `p${f.page}-${f.kind}-${facts.length + 1}` });
      if (facts.length >= MAX_FACTS) return facts;
    }
  }
  return facts;
}
