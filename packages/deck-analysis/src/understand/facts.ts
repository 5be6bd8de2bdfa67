import type { Fact, FactKind } from '@fitscore/contracts';
import type { PageText } from '../model.ts';
import { clauseStatus, TARGET_TITLE, type Claim } from './claims.ts';
import { findNumbers, toUsd, type NumberToken } from './numbers.ts';
import { rememberByText } from '../text/remember.ts';

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
  { kind: 'mrr', need: 'money', re: /\bMRR\b|monthly recurring revenue|monthly revenue|revenue (per|a|each) month|in monthly revenue|monatliche[rn]? (wiederkehrende[rn]? )?umsatz/gi, period: 'month' },
  { kind: 'arr', need: 'money', re: /\bARR\b|annual recurring revenue|annual(ized)? run[- ]?rate|\brun[- ]rate\b|jährliche[rn]? wiederkehrende[rn]? umsatz/gi, period: 'year' },
  { kind: 'gmv', need: 'money', re: /\bGMV\b|gross merchandise|transaction volume|\bTPV\b|\bGTV\b/gi },
  { kind: 'sam', need: 'money', re: /\bSAM\b|serviceable (available|addressable)( market)?/gi },
  { kind: 'som', need: 'money', re: /\bSOM\b|serviceable obtainable( market)?|obtainable market|share of (the )?market|market share/gi },
  { kind: 'tam', need: 'money', re: /\bTAM\b|total addressable( market)?|total available market|market size|global market|market (is|was|of|worth|valued|expected|projected)|industry (is|worth|size|valued)|market opportunity|(?<!(serviceable|obtainable) )addressable market|marktvolumen|marktgröße|taille du marché|tamaño del mercado|tamanho do mercado/gi },
  { kind: 'valuation', need: 'money', re: /valuation|pre-?money|post-?money|valued at|(?<!market )\bcap\b|bewertung/gi },
  { kind: 'committed', need: 'money', re: /committed|soft[- ]circled|already raised|secured (so far|to date)?|commitments/gi },
  { kind: 'raise', need: 'money', re: /rais(e|ed|ing)|seeking|\bthe ask\b|\bask\b|funding (round|ask|need|required|requirement|of)|investment (of|sought|required|needed|ask)|looking for|round size|we need|\bSAFE\b|fundrais|non-dilutive|\bsuchen\b|finanzierungsrunde|investitionsbedarf|levée|lever|buscamos|captação|captar/gi },
  { kind: 'burn', need: 'money', re: /\bburn( rate)?\b|monthly (expenses|costs|opex|spend)|spend(ing)? per month/gi, period: 'month' },
  { kind: 'cash', need: 'money', re: /cash (in (the )?bank|on hand|balance|reserves?)|in the bank|\bcash\b/gi },
  { kind: 'cac', need: 'money', re: /\bCAC\b|customer acquisition cost|cost (per|of) (customer )?acquisition|\bCPA\b|acquisition cost/gi },
  { kind: 'ltv', need: 'money', re: /\bLTV\b|\bCLV\b|\bCLTV\b|life ?time value/gi },
  { kind: 'revenue', need: 'money', re: /revenue|\bsales\b|turnover|income|\brev\b|billings|umsatz|chiffre d'affaires|ingresos|receita|faturamento/gi },
  { kind: 'pricing', need: 'money', re: /per (month|user|seat|year|license|unit|order|transaction|visit)|\/ ?(mo|month|user|seat|yr|year)\b|pricing|subscription|\bprice|\bplans?\b|\bfees?\b/gi },
  // Weekly growth is kept as the deck states it, a percentage a week: never converted into a monthly figure the deck does not state.
  { kind: 'percent', need: 'percent', re: /\bWoW\b|week[- ](over|on)[- ]week|weekly growth|grow\w*[^.]{0,24}\b(per|a|each|every) week/gi },
  { kind: 'momGrowth', need: 'percent', re: /\bMoM\b|month[- ](over|on)[- ]month|monthly growth( rate)?|grow\w*[^.]{0,24}\b(per|a|each|every) month|m\/m/gi, period: 'month' },
  { kind: 'yoyGrowth', need: 'percent', re: /\bYoY\b|year[- ](over|on)[- ]year|annual growth|grow\w*[^.%]{0,24}\b(per|a|each) (year|annum)|per annum|\bp\.a\.|y\/y|annually/gi, period: 'year' },
  { kind: 'marketCagr', need: 'percent', re: /\bCAGR\b|compound annual/gi, period: 'year' },
  { kind: 'churn', need: 'percent', re: /churn/gi },
  { kind: 'retention', need: 'percent', re: /retention|retained|\bNRR\b|net (revenue|dollar) retention|\bD30\b|\bD7\b/gi },
  { kind: 'grossMargin', need: 'percent', re: /gross margins?|gross profit|\bGM\b|(?<!(of|their|our|your|in) )\bmargins?\b|bruttomarge/gi },
  { kind: 'runwayMonths', need: 'months', re: /runway/gi },
  { kind: 'payingCustomers', need: 'count', re: /paying (customers|clients|users|subscribers|accounts)|paid (customers|users|subscribers|accounts)|(of (them|which|whom) )(are )?(paying|paid)/gi },
  { kind: 'activeUsers', need: 'count', re: /\b(MAU|DAU|WAU)s?\b|(monthly|daily|weekly) active( users)?|active users/gi },
  { kind: 'pilots', need: 'count', re: /\bpilots?\b|\bLOIs?\b|letters? of intent|\bPOCs?\b|proofs? of concept|wait ?list|pre-?orders?/gi },
  { kind: 'teamSize', need: 'count', re: /team of|employees|\bFTEs?\b|full[- ]time staff|team members|people (on|in) (the|our) team|mitarbeiter(innen)?|empleados|funcionários/gi },
  { kind: 'customers', need: 'count', re: /customers|clients|merchants|businesses|brands|enterprises|restaurants|hospitals|clinics|schools|retailers|stores|companies (use|using|signed)|accounts|kunden|clientes/gi },
  { kind: 'users', need: 'count', re: /users|downloads|installs|members|subscribers|sign[- ]?ups|registrations|students|patients|farmers|listings|drivers|riders|hosts|guests|learners|players|gamers|nutzer|utilisateurs|usuarios|usuários/gi },
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
  raise: [1_000, 5e9],
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

const GROWTH: ReadonlySet<FactKind> = new Set(['momGrowth', 'yoyGrowth']);

function fits(token: NumberToken, label: Label): boolean {
  if (token.year) return false;
  // '3x YoY growth' is growth of 200%.
  if (token.multiple) return GROWTH.has(label.kind);
  switch (label.need) {
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

interface LabelHit {
  label: Label;
  start: number;
  end: number;
}

/** Label words on a line; a match inside a longer one ('addressable market' in 'serviceable addressable market') gives way. */
const labelHits = rememberByText((line: string): readonly LabelHit[] => {
  const hits: LabelHit[] = [];
  for (const label of LABELS) {
    label.re.lastIndex = 0;
    for (const m of line.matchAll(label.re)) hits.push({ label, start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return hits.filter((h) => !hits.some((o) => o !== h && o.label !== h.label && o.start < h.end && o.end > h.start && o.end - o.start > h.end - h.start));
});

// A count needs its noun next to it: '4,701 paying customers', 'Customers: 1,450', 'We serve 40 hospitals'.
const COUNT_AFTER_MAX = 24;
const COUNT_BEFORE_MAX = 20;
// Units that make a number a quantity of something other than people or companies.
const UNIT_AFTER = /^\s?(\+\s?)?(acres?|hectares?|ha|km|kms|miles?|kg|g|tons?|tonnes?|t|[kMG]Wh?|TWh|W|hours?|hrs?|h|days?|weeks?|years?|yrs?|minutes?|mins?|min|seconds?|sec|s|sq\.?|m2|m²|litres?|liters?|l|ml|photos?|times|steps?|stages?|pages?|slides?|countries|cities|languages|patents?|awards?|x|GB|TB|MB|fps|°)(?![\p{L}])/iu;

function nearestLabel(line: string, token: NumberToken, sameLine: boolean, hits: readonly LabelHit[] = labelHits(line), tokens: readonly NumberToken[] = []): Candidate | null {
  let best: Candidate | null = null;
  const [from, to] = sentenceBounds(line, token.start, token.end);
  for (const { label, start: s, end: e } of hits) {
    if (!fits(token, label)) continue;
    let distance = 0;
    if (sameLine) {
      const contains = s <= token.start && e >= token.end;
      if (!contains && s < token.end && e > token.start) continue;
      // A label in another sentence of the line names another figure.
      if (!contains && (e <= from || s >= to)) continue;
      // A label after two figures belongs to the nearer one: '₹10.54L BILLING / ₹1.26 CR ARR'.
      if (s >= token.end && tokens.some((t) => t !== token && t.start >= token.end && t.end <= s && !t.year && fits(t, label))) continue;
      // A label right after another figure is that figure's: '₹15.97L REVENUE AND +₹3.98L OPERATING PROFIT'.
      if (e <= token.start && tokens.some((t) => t !== token && t.end <= s && /^\s*$/.test(line.slice(t.end, s)) && !t.year && fits(t, label))) continue;
      distance = contains ? 0 : e <= token.start ? token.start - e : s - token.end;
      if (label.need === 'count' && !contains) {
        if (s >= token.end && (distance > COUNT_AFTER_MAX || /\d/.test(line.slice(token.end, s)))) continue;
        if (e <= token.start && (distance > COUNT_BEFORE_MAX || !/^[\s:=\-–—]*(\w+\s)?[\s:=\-–—]*$/u.test(line.slice(e, token.start)))) continue;
      }
      // Labels after the number ('$45K MRR') bind tighter than labels far before it.
      if (s >= token.end) distance *= 0.8;
      // 'per month' says how often, not what: a named label nearby wins ('Burn ~$120K/mo').
      if (label.kind === 'pricing') distance += 30;
    }
    if (!best || distance < best.distance) best = { label, distance };
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

/** Where the sentence of a line that holds the figure starts and ends (lines can hold several sentences). */
function sentenceBounds(line: string, start: number, end: number): [number, number] {
  const bounds = /[.!?](?=\s+[A-Z])|•|·|\s\|\s/g;
  let a = 0;
  let b = line.length;
  for (const m of line.matchAll(bounds)) {
    const i = m.index ?? 0;
    if (i < start) a = i + m[0].length;
    else if (i >= end) {
      b = i + (m[0] === '.' || m[0] === '!' || m[0] === '?' ? 1 : 0);
      break;
    }
  }
  return [a, b];
}

/** The sentence of a line that holds the figure. */
function quoteAround(line: string, start: number, end: number): string {
  const [a, b] = sentenceBounds(line, start, end);
  const sentence = line.slice(a, b).trim();
  if (sentence.length <= 160) return sentence;
  const from = Math.max(a, start - 70);
  const to = Math.min(b, end + 70);
  return `${from > a ? '…' : ''}${line.slice(from, to).trim()}${to < b ? '…' : ''}`;
}

const MARKET_CONTEXT =
  /\b(globally|worldwide|world-?wide|in the world|in (the )?(US|USA|UK|EU|Europe|India|Germany|country|region|world)|nationwide|population|market|industry|every (day|year)|per (year|day)|each year|annually)\b/i;

// Segment names split by a slash ('D2C/B2B', 'SMB / Enterprise'), not a figure's unit ('$/mo').
const SEGMENTS = /(?<![\p{L}\d])\p{L}[\p{L}\d]*\s?\/\s?\p{L}[\p{L}\d]*(?![\p{L}\d])/u;

// 'LTV:CAC = $3,600 : $400', 'LTV/CAC $3,600/$400'.
const LTV_CAC = /\b(LTV|CLV|CLTV)\s?[:/]\s?CAC\b/i;

type PageClaim = Omit<Claim, 'id'> & { line: number };

const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const TEAM_IN_WORDS = new RegExp(`\\b(${NUMBER_WORDS.join('|')})[- ](?:person|people|member)[- ]team\\b|\\bteam of (${NUMBER_WORDS.join('|')})\\b`, 'i');

/** Lines holding only a number whose values step evenly (0, 15K, 30K, 45K): a chart's axis. */
function axisTicks(lines: readonly string[]): Set<string> {
  const lone = lines
    .map((l) => ({ l: l.trim(), t: findNumbers(l) }))
    .filter(({ l, t }) => t.length === 1 && l.replace(t[0]!.raw, '').replace(/[^\p{L}\p{N}]/gu, '') === '');
  const values = [...new Set(lone.map(({ t }) => t[0]!.value))].sort((a, b) => a - b);
  for (let i = 0; i + 2 < values.length; i++) {
    const step = values[i + 1]! - values[i]!;
    if (step > 0 && Math.abs(values[i + 2]! - values[i + 1]! - step) < 1e-9) {
      const ticks = new Set<number>();
      for (let v = values[i]!; values.includes(v); v += step) ticks.add(v);
      if (ticks.size >= 3) return new Set(lone.filter(({ t }) => ticks.has(t[0]!.value)).map(({ l }) => l));
    }
  }
  return new Set();
}

// Plan words in a figure's caption or label line ('SEP EXPECTED REVENUE', 'Sep '26 expected.').
const TARGET_CAPTION = /\b(expected|projected|forecast(ed)?|target|goal|plan(ned)?|estimated|potential|by 20\d\d)\b/i;
const MARKET_OR_ROUND: ReadonlySet<FactKind> = new Set(['tam', 'sam', 'som', 'marketCagr', 'raise', 'valuation', 'committed']);

/** A line holding one figure and nothing else ('₹3.98L', '-₹0.4L', '35%'). */
function isLoneFigure(line: string): boolean {
  const t = findNumbers(line);
  return t.length === 1 && line.replace(t[0]!.raw, '').replace(/[^\p{L}\p{N}]/gu, '') === '';
}

/**
 * A line that starts in lower case continues the sentence of the line before it ('We are raising
 * a $1.6M token round to provide' / 'a 46-month runway'): read them as one line.
 */
function joinContinuations(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const prev = out[out.length - 1];
    const continues = /^\s*\p{Ll}/u.test(line) && !/[.!?:]\s*$/.test(prev ?? '.');
    // 'valued at an estimated £275' / 'Million, reaching 23%': a figure's scale broken onto the next line.
    const scaleBroken = /\d\s*$/.test(prev ?? '') && /^\s*(thousand|million|billion|trillion|bn|mn)\b/i.test(line);
    if (prev !== undefined && (continues || scaleBroken) && prev.length + line.length < 200) out[out.length - 1] = `${prev.trimEnd()} ${line.trim()}`;
    else out.push(line);
  }
  return out;
}

/** How many of a line's figures have a label of this kind right after them. */
function figuresLabelledAlike(line: string, tokens: readonly NumberToken[], hits: readonly LabelHit[], kind: LabelHit['label']['kind']): number {
  return tokens.filter((t) => !t.year && hits.some((h) => h.label.kind === kind && h.start >= t.end && /^\s*$/.test(line.slice(t.end, h.start)))).length;
}

/** Numeric facts of one page (text and speaker notes), with their status and the index of their line. */
export function pageFacts(page: PageText): PageClaim[] {
  const out: PageClaim[] = [];
  const lines = joinContinuations([...page.text.split('\n'), ...page.notes.split('\n')].filter((l) => l.trim() !== ''));
  const axis = axisTicks(lines);
  const loneFigure = lines.map(isLoneFigure);
  lines.forEach((line, i) => {
    const tokens = findNumbers(line);
    const hits = labelHits(line);
    const ratio = LTV_CAC.test(line) ? tokens.filter((t) => t.currency !== null) : [];
    // 'The same four person team', 'a team of five': team sizes in words.
    const worded = TEAM_IN_WORDS.exec(line);
    if (worded) {
      const value = NUMBER_WORDS.indexOf((worded[1] ?? worded[2] ?? '').toLowerCase()) + 1;
      if (value > 0) {
        out.push({ kind: 'teamSize', value, unit: 'count', currency: null, period: null, label: null, page: page.number, quote: quoteAround(line, worded.index, worded.index + worded[0].length), source: 'deck', status: 'current', line: i });
      }
    }
    tokens.forEach((token, ti) => {
      if (token.year) return;
      // A number written with a leading zero ('03', 'SLIDE 06') or after 'slide'/'step' numbers the deck, not a quantity.
      if (!token.currency && !token.percent && (/^0\d/.test(token.raw) || /\b(slide|page|step|phase|chapter|part|no\.)\s?$/i.test(line.slice(0, token.start)))) return;
      // A list index ('6. This will…', '2) Customer base') is not a count.
      if (!token.currency && !token.percent && ti === 0 && /^\s*[-–•]?\s*\d{1,2}\s?[.)](\s|$)/.test(line.slice(0, token.end + 2))) return;
      const bare = !token.currency && !token.percent && !token.months;
      if (bare && UNIT_AFTER.test(line.slice(token.end))) return;
      // '1 in 5 students' is a share, not a count.
      if (bare && (/^\s?in \d/.test(line.slice(token.end)) || /\d\s?in\s?$/.test(line.slice(0, token.start)))) return;
      // 'Average collection size of users 10,000', 'drivers make 31k': a quantity per person or an income, not a count.
      if (bare && /\b(average|avg|mean|median|make|makes|earn|earns|earning|costs?|spends?)\b[^.;:]*$/i.test(line.slice(sentenceBounds(line, token.start, token.end)[0], token.start))) return;
      // '1500 learners per institution' is a ratio, not a count.
      if (bare && /^\+?\s?[\p{L}-]+( [\p{L}-]+)? per \p{L}/u.test(line.slice(token.end))) return;
      // Chart axis ticks ('£60,000', '£45,000', '£30,000' alone on their lines) label nothing.
      if (axis.has(line.trim())) return;
      // '1-click', '0-100 employees', '20-30M': compounds and ranges are not counts.
      if (bare && (/^-\p{L}/u.test(line.slice(token.end)) || /^[-–]\s?\d/.test(line.slice(token.end)) || /\d\s?[-–]\s?$/.test(line.slice(0, token.start)))) return;
      // '₹2.5 crores (~$300K USD)': a conversion repeats the figure before it.
      if (/\(\s?(~|≈|approx\.?|ca\.?)\s?$/i.test(line.slice(0, token.start))) return;
      // 'CAC D2C/B2B £6 / £14': figures split like their label's segments; the first segment's figure stands for the line.
      const prev = tokens[ti - 1];
      if (prev && ratio.length === 0 && SEGMENTS.test(line) && prev.currency === token.currency && prev.percent === token.percent && /^\s?\/\s?$/.test(line.slice(prev.end, token.start))) return;
      // '<$5M turnover', '>100 employees': a bracket of a segment, not a figure.
      if (/([<>≤≥]|\bup to|\bupto)\s?$/i.test(line.slice(0, token.start))) return;
      const sentence = quoteAround(line, token.start, token.end);
      // Questions ('$11m revenue by when?') state nothing.
      if (/\?\s*$/.test(sentence)) return;
      let cand = nearestLabel(line, token, true, hits, tokens);
      // 'UP TO 5,000 USERS 35,000 USERS 100,000 USERS': three figures or more, each followed by the
      // same label, are a table's row (tiers, plans, years) as OCR reads columns: none is the company's.
      if (cand && figuresLabelledAlike(line, tokens, hits, cand.label.kind) >= 3) return;
      let captionTarget = false;
      if (ratio.length === 2 && ratio.includes(token)) cand = { label: LABELS.find((l) => l.kind === (ratio[0] === token ? 'ltv' : 'cac'))!, distance: 0 };
      // A number alone on its line takes its label from a short neighbour line.
      const alone = tokens.length === 1 && line.replace(token.raw, '').replace(/[^\p{L}]/gu, '').length < 3;
      // The slide's own number alone on its line is no figure.
      if (alone && bare && token.value === page.number && line.trim() === token.raw.trim()) return;
      // Nor beside its title, which OCR may read into one line with the slide's words ('SEARCH BY CITY Product 6', '4 Market').
      if (bare && tokens.length === 1 && token.value === page.number && (/^\s*$/.test(line.slice(token.end)) || (/^\s*$/.test(line.slice(0, token.start)) && /^\s+\p{Lu}/u.test(line.slice(token.end))))) return;
      // A figure in a run of lone figures is a chart's data label: which label it has is unclear.
      const inRun = loneFigure[i] && ((loneFigure[i - 1] && (loneFigure[i - 2] || loneFigure[i + 1])) || (loneFigure[i + 1] && loneFigure[i + 2]));
      // On a page read by OCR a bare count alone on its line may be anything drawn on the slide (a
      // screenshot's '199', a chart's '9'): it borrows no label from a neighbour line.
      const unsureCount = page.source === 'ocr' && bare && !token.scaled && !token.multiple;
      if ((!cand || cand.distance > 60) && alone && !inRun && !unsureCount) {
        for (const j of [i + 1, i - 1]) {
          const nb = lines[j];
          if (nb === undefined || nb.length > 45) continue;
          const c = nearestLabel(nb, token, false);
          // A neighbour with its own figure of that kind ('ARR run-rate: ₹1.26 Cr') lends its label to none.
          if (c && findNumbers(nb).some((t) => !t.year && fits(t, c.label))) continue;
          if (c) {
            cand = c;
            // 'SEP EXPECTED REVENUE' over '₹15.97L': the label says what the figure is and when.
            captionTarget = TARGET_CAPTION.test(nb);
            break;
          }
        }
      }
      // A short figure line with a caption of plan words and no figures of its own ('₹1.92 Cr ARR' over "Sep '26 expected.").
      if (line.length <= 45) {
        for (const caption of [lines[i + 1], lines[i - 1]]) {
          if (caption !== undefined && caption.length <= 45 && TARGET_CAPTION.test(caption) && !findNumbers(caption).some((t) => t.currency !== null || t.percent || t.scaled)) captionTarget = true;
        }
      }
      if (cand && cand.distance > 80) cand = null;
      // A count is a whole number: 'Consulting 1.0', 'version 2.5' count nothing.
      if (cand?.label.need === 'count' && bare && !token.scaled && !token.multiple && /\d[.,]\d{1,2}\+?$/.test(token.raw)) return;
      // Counts of a whole market ('400M small businesses globally') are not the company's.
      if (cand?.label.need === 'count' && MARKET_CONTEXT.test(alone ? `${lines[i + 1] ?? ''} ${lines[i - 1] ?? ''}` : sentence)) return;
      // 'The industry is currently valued at $300 billion': a market's worth, not the company's valuation.
      if (cand?.label.kind === 'valuation' && MARKET_CONTEXT.test(line.slice(...sentenceBounds(line, token.start, token.end)))) cand = null;
      let kind: FactKind;
      let period: Fact['period'] = null;
      let value = token.value;
      if (cand) {
        kind = cand.label.kind;
        period = cand.label.period ?? null;
        if (token.multiple) value = (token.value - 1) * 100;
      } else if (token.currency !== null) kind = 'amount';
      else if (token.percent) kind = 'percent';
      else return;
      const bounds = BOUNDS[kind];
      const comparable = unitOf(kind) === 'currency' ? toUsd(value, token.currency) : value;
      if (bounds && (comparable < bounds[0] || comparable > bounds[1])) return;
      out.push({
        kind,
        value: Math.round(value * 100) / 100,
        unit: unitOf(kind),
        currency: unitOf(kind) === 'currency' ? (token.currency ?? 'USD') : null,
        period,
        label: null,
        page: page.number,
        quote: sentence,
        source: 'deck',
        status: captionTarget && clauseStatus(line, tokens, ti, kind) === 'current' && !MARKET_OR_ROUND.has(kind) ? 'target' : clauseStatus(line, tokens, ti, kind),
        line: i,
      });
    });
  });
  return out;
}

/**
 * A figure under a title of plans ('Financial Projections', 'Looking Forward', 'Potential Outcomes')
 * is a plan; the market's size and the round are stated as today's whatever the title.
 */
export function plannedByTitle(page: PageText | undefined, kind: FactKind): boolean {
  if (!page || MARKET_OR_ROUND.has(kind)) return false;
  return [page.title ?? '', ...page.text.split('\n').slice(0, 3)].some((h) => h.length <= 60 && TARGET_TITLE.test(h));
}

/**
 * Facts that depend on the page's section: the largest unlabelled amount on a market
 * slide is its market size and growth rates there are market growth; figures on a slide
 * titled as a plan ('Financial Projections') are targets; money and counts on a team
 * slide are the founders' past (their previous ventures), except the team's own size.
 */
// On a team slide, a figure in a line about a person's work is that person's track record.
const FOUNDER_PAST = /\b(CEO|CTO|COO|CFO|CPO|founder|co-?founder|founded|built|created|launched|developed|led|worked|sold|exit(ed)?|grew|scaled)\b/i;

export function refineClaims(claims: Claim[], pages: readonly PageText[], sectionsByPage: ReadonlyMap<number, readonly string[]>): Claim[] {
  const largestAmount = new Map<number, Claim>();
  for (const c of claims) {
    if (c.kind !== 'amount' || c.page === null || c.status !== 'current') continue;
    const best = largestAmount.get(c.page);
    if (!best || toUsd(c.value, c.currency) > toUsd(best.value, best.currency)) largestAmount.set(c.page, c);
  }
  for (const page of pages) {
    if (!(sectionsByPage.get(page.number) ?? []).includes('market')) continue;
    const tiers = marketTiers(claims, page);
    if (!tiers) continue;
    const values = new Set(tiers.map((t) => t.value));
    claims = [...claims.filter((c) => !(c.page === page.number && (c.kind === 'amount' || (TIERS as readonly string[]).includes(c.kind)) && values.has(c.value))), ...tiers];
  }
  // The headline market size: the first market page's largest unlabelled amount, when no figure is labelled TAM.
  const labelledTamInDeck = claims.some((x) => x.kind === 'tam' && x.status === 'current');
  const headlinePage = labelledTamInDeck
    ? null
    : ([...largestAmount.values()].filter((c) => (sectionsByPage.get(c.page!) ?? []).includes('market') && toUsd(c.value, c.currency) >= 1e8).sort((a, b) => a.page! - b.page!)[0]?.page ?? null);
  const family = (c: Claim) => FAMILY[c.kind] ?? c.kind;
  const tiersOf = (c: Claim) => {
    const short = (x: Claim) => x.quote.length <= 30;
    const others = claims.filter((x) => x.page === c.page && family(x) === family(c) && x.value !== c.value && short(x));
    return short(c) && others.length >= 1;
  };
  return claims.map((c) => {
    const kinds = c.page === null ? [] : (sectionsByPage.get(c.page) ?? []);
    const page = pages.find((p) => p.number === c.page);
    let out = c;
    if (kinds.includes('market')) {
      const labelledTam = claims.some((x) => x.page === c.page && x.kind === 'tam');
      if (c.kind === 'amount' && !labelledTam && c.page === headlinePage && largestAmount.get(c.page!) === c) out = { ...c, kind: 'tam' };
      else if ((c.kind === 'percent' || c.kind === 'yoyGrowth') && /\bgrow|\bCAGR\b|per annum|annually|a year/i.test(c.quote)) {
        out = { ...c, kind: 'marketCagr', period: 'year' };
      }
    }
    if (out.status === 'current' && plannedByTitle(page, out.kind)) out = { ...out, status: 'target' };
    if (out.status === 'current' && kinds.includes('team') && out.kind !== 'teamSize' && FOUNDER_PAST.test(out.quote)) out = { ...out, status: 'historical' };
    // Users and customers counted on a market page that shows no traction are the market's ('100 Million total users of dating apps').
    if (out.status === 'current' && kinds.includes('market') && !kinds.includes('traction') && PEOPLE_COUNTS.has(out.kind)) out = { ...out, status: 'historical' };
    // Several counts of users (or customers) on one page, each a line of its own ('UP TO 5,000 USERS', '35,000 USERS',
    // '100,000 USERS'): tiers or a schedule, and which one is today's is unclear.
    if (out.status === 'current' && PEOPLE_COUNTS.has(out.kind) && tiersOf(out)) out = { ...out, status: 'target' };
    return out;
  });
}

const PEOPLE_COUNTS: ReadonlySet<FactKind> = new Set(['users', 'activeUsers', 'customers', 'payingCustomers']);

/** Kinds that name one figure: 'customers' and 'paying customers' of one deck are one count. */
const FAMILY: Partial<Record<FactKind, string>> = { payingCustomers: 'customers', activeUsers: 'users' };
/** The sections where a deck states each kind of figure as its own. */
const HOME: Partial<Record<FactKind, readonly string[]>> = {
  tam: ['market'],
  sam: ['market'],
  som: ['market'],
  marketCagr: ['market'],
  raise: ['ask'],
  valuation: ['ask'],
  committed: ['ask'],
  teamSize: ['team'],
};
const homeOf = (kind: FactKind): readonly string[] => HOME[kind] ?? ['traction', 'financials', 'businessModel'];

/**
 * A current figure the deck repeats on later pages ('ARR ₹1.26 Cr' on the traction, efficiency
 * and ask pages) is one fact: it is kept once, where the deck states it as its own (a page of the
 * section the figure belongs to, on a short line of label and figure, the first such page).
 */
export function withoutRepeats(claims: readonly Claim[], sectionsByPage: ReadonlyMap<number, readonly string[]>): Claim[] {
  const rank = (c: Claim) => [(sectionsByPage.get(c.page ?? -1) ?? []).some((k) => homeOf(c.kind).includes(k)) ? 0 : 1, c.quote.length <= 40 ? 0 : 1, c.page ?? 0];
  const better = (a: Claim, b: Claim) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
    return false;
  };
  const keep = new Map<string, Claim>();
  for (const c of claims) {
    if (c.status !== 'current' || c.kind === 'amount' || c.kind === 'percent') continue;
    const key = `${FAMILY[c.kind] ?? c.kind}|${c.value}`;
    const held = keep.get(key);
    if (!held || better(c, held)) keep.set(key, c);
  }
  return claims.filter((c) => c.status !== 'current' || c.kind === 'amount' || c.kind === 'percent' || keep.get(`${FAMILY[c.kind] ?? c.kind}|${c.value}`) === c);
}

const TIERS = ['tam', 'sam', 'som'] as const;

/**
 * A market slide that names its tiers apart from their figures ('1.9 Billion+ / 532M / 10.6M'
 * over 'Total Available Market … Serviceable Available Market … Market Share'): as many
 * figures alone on their lines as tiers named, and no tier with a figure beside it, are the
 * tiers by size, since TAM ⊇ SAM ⊇ SOM. Returns the page's tier claims in place of the old ones.
 */
function marketTiers(claims: readonly Claim[], page: PageText): Claim[] | null {
  const lines = page.text.split('\n').filter((l) => l.trim() !== '');
  const figures = lines.flatMap((l) => {
    const t = findNumbers(l);
    const alone = t.length === 1 && l.replace(t[0]!.raw, '').replace(/[^\p{L}]/gu, '').length < 3;
    return alone && !t[0]!.percent && !t[0]!.year && (t[0]!.scaled || t[0]!.currency) ? [{ token: t[0]!, line: l.trim() }] : [];
  });
  const named = TIERS.filter((t) => lines.some((l) => labelHits(l).some((h) => h.label.kind === t)));
  if (named.length < 2 || figures.length !== named.length) return null;
  // A tier figure read on a line of its own words ('SAM $4B') means the slide pairs them already.
  const onPage = claims.filter((c) => c.page === page.number && c.status === 'current');
  if (onPage.some((c) => (TIERS as readonly string[]).includes(c.kind) && !figures.some((f) => f.line === c.quote))) return null;
  const bySize = [...figures].sort((a, b) => toUsd(b.token.value, b.token.currency) - toUsd(a.token.value, a.token.currency));
  return bySize.map(({ token, line }, i) => ({
    id: `p${page.number}-${named[i]}-tier`,
    kind: named[i]!,
    value: token.value,
    unit: 'currency' as const,
    currency: token.currency ?? 'USD',
    period: null,
    label: null,
    page: page.number,
    quote: line,
    source: 'deck' as const,
    status: 'current' as const,
  }));
}

export function deckFacts(pages: readonly PageText[]): Claim[] {
  const seen = new Set<string>();
  const facts: Claim[] = [];
  for (const page of pages) {
    const found = pageFacts(page);
    for (const [i, { line, ...f }] of found.entries()) {
      // 'Margin increased from 16% to 20%': the later figure of a kind on a line is current.
      const supersededOnLine = found.slice(i + 1).some((g) => g.line === line && g.kind === f.kind) && /\bfrom\b.*\bto\b|→|->|>/i.test(f.quote);
      if (supersededOnLine) continue;
      const key = `${f.kind}|${f.value}|${f.page}|${f.status}`;
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push({ ...f, id: `p${f.page}-${f.kind}-${facts.length + 1}` });
      if (facts.length >= MAX_FACTS) return facts;
    }
  }
  return facts;
}
