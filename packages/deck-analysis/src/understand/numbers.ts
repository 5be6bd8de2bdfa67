import { rememberByText } from '../text/remember.ts';

/**
 * Numbers as decks write them: '$1.2M', '€500k', '3B', 'USD 2 million', '₹10 Cr',
 * '45%', '3x', '18 months'. Each token keeps its place in the line so that the fact
 * finder can pair it with the nearest label.
 */

export interface NumberToken {
  value: number;
  raw: string;
  start: number;
  end: number;
  /** ISO 4217 code when a currency was written. */
  currency: string | null;
  /** Written with a scale word or letter (k, M, bn, million, lakh, crore). */
  scaled: boolean;
  percent: boolean;
  /** '3x', '10X' */
  multiple: boolean;
  /** A bare 4-digit number between 1900 and 2100. */
  year: boolean;
  /** Followed by 'months' / 'mo'. */
  months: boolean;
}

const CURRENCY_PREFIX: Array<[RegExp, string]> = [
  [/^(US\$|USD|\$)$/i, 'USD'],
  [/^(€|EUR)$/i, 'EUR'],
  [/^(£|GBP)$/i, 'GBP'],
  [/^(₹|INR|Rs\.?)$/i, 'INR'],
  [/^(¥|JPY)$/i, 'JPY'],
  [/^(C\$|CAD)$/i, 'CAD'],
  [/^(A\$|AUD)$/i, 'AUD'],
];

const SCALES: Array<[RegExp, number]> = [
  [/^(k|thousand|thousands|tsd\.?|mil)$/i, 1e3],
  [/^(m|mm|mn|mio\.?|million|millions|millionen|millones|milhões|milhoes)$/i, 1e6],
  [/^(b|bn|billion|billions|mrd\.?|md|milliarden?|mil millones)$/i, 1e9],
  [/^(t|tn|trillion|trillions)$/i, 1e12],
  [/^(l|lakh|lakhs|lac|lacs)$/i, 1e5],
  [/^(cr|crore|crores)$/i, 1e7],
];

/**
 * prefix currency, number (1,234.5 or 1.234,5 or 1,5), optional scale, optional suffix
 * currency (word or symbol, '1,2 Mio. €'), optional % / x / months ('18-month').
 */
const TOKEN_RE =
  /(?<![\p{L}\p{N}.,/])(?<!\d[:/] ?)(?<cur>US\$|C\$|A\$|USD|EUR|GBP|INR|JPY|CAD|AUD|Rs\.?|[$€£₹¥])?\s?~?(?<num>\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![.,]?\d)|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}(?![\d])|\d+(?:\.\d+)?)(?<plus>\+)?(?:\s?(?<scale>thousands?|millions?|millionen|millones|milhões|milhoes|billions?|milliarden?|trillions?|lakhs?|lacs?|crores?|mio\.?|mrd\.?|tsd\.?|mm|mn|bn|tn|md|cr|k|m|b|l|t)(?![\p{L}\p{N}]))?(?<plus2>\+)?(?:\s?(?<cur2>USD|EUR|GBP|INR|dollars|euros?|pounds|rupees|[€$£₹])(?![\p{L}]))?(?<pct>\s?%|\s?percent(?![\p{L}])|\s?prozent(?![\p{L}]))?(?<mult>x(?![\p{L}\p{N}]))?(?<months>[\s-]?(?:months?|mos?|monate?n?|mois|meses)(?![\p{L}]))?(?![\p{L}\p{N}])/giu;

const SUFFIX_CURRENCY: Record<string, string> = {
  usd: 'USD',
  dollars: 'USD',
  $: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '€': 'EUR',
  gbp: 'GBP',
  pounds: 'GBP',
  '£': 'GBP',
  inr: 'INR',
  rupees: 'INR',
  '₹': 'INR',
};

const DATE_RE = /(?<!\d)\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?!\d)|(?<![\d$€£])\d{1,2}\/\d{2}(?![\d%])/g;

/** '1.234.567,8' and '1,5' (decimal comma) or '1,234.5' (decimal point) as a number. */
function parseNumber(text: string, euroHint: boolean): number {
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) {
    // One group of three after a dot ('1.200') is thousands only in a euro-style amount.
    const groups = text.split(',')[0]!.split('.').length - 1;
    if (groups >= 2 || euroHint || text.includes(',')) return Number(text.replace(/\./g, '').replace(',', '.'));
    return Number(text);
  }
  if (/^\d+,\d{1,2}$/.test(text)) return Number(text.replace(',', '.'));
  return Number(text.replace(/,/g, ''));
}

/** The figures of a line, in order (remembered: scoring reads each line ten times). */
export const findNumbers: (line: string) => readonly NumberToken[] = rememberByText(readNumbers);

function readNumbers(line: string): NumberToken[] {
  const out: NumberToken[] = [];
  const dates = [...line.matchAll(DATE_RE)].map((d): [number, number] => [d.index ?? 0, (d.index ?? 0) + d[0].length]);
  for (const m of line.matchAll(TOKEN_RE)) {
    const g = m.groups ?? {};
    const numText = g.num ?? '';
    const start = m.index ?? 0;
    let end = start + m[0].length;
    // Dates ('07/16', '16.07.2024') and ratios ('1:1', '3:1') are not quantities.
    if (!g.cur && (/^ ?[/:] ?\d/.test(line.slice(end, end + 4)) || dates.some(([a, b]) => start >= a && start < b))) continue;
    const euroHint = g.cur === '€' || /^(eur|euros?|€)$/i.test(g.cur2 ?? '') || /^(mio\.?|mrd\.?|tsd\.?)$/i.test(g.scale ?? '');
    let value = parseNumber(numText, euroHint);
    if (!Number.isFinite(value)) continue;
    let scaled = false;
    let scaleWord = g.scale ?? '';
    // Single letters only count as scales right after the number ('5M', '$5 M'), never
    // when they start a word-like run that the lookahead already excluded.
    if (scaleWord) {
      const factor = SCALES.find(([re]) => re.test(scaleWord))?.[1];
      // 'l' and 't' alone are too ambiguous unless money was written.
      if (factor && !(/^[lt]$/i.test(scaleWord) && !g.cur && !g.cur2)) {
        value *= factor;
        scaled = true;
      } else scaleWord = '';
    }
    let currency: string | null = null;
    if (g.cur) currency = CURRENCY_PREFIX.find(([re]) => re.test(g.cur!.trim()))?.[1] ?? null;
    if (!currency && g.cur2) currency = SUFFIX_CURRENCY[g.cur2.toLowerCase()] ?? null;
    if (!currency && /^(lakhs?|lacs?|crores?|cr)$/i.test(scaleWord)) currency = 'INR';
    const percent = Boolean(g.pct);
    const multiple = Boolean(g.mult) && !currency && !percent;
    const isInt = /^\d{4}$/.test(numText);
    const year = isInt && !currency && !scaled && !percent && !multiple && value >= 1900 && value <= 2100;
    const months = Boolean(g.months) && !percent && !currency;
    // '18% month over month': the word 'month' belongs to the label, not to the number.
    if (g.months && !months) end -= g.months.length;
    out.push({
      value,
      raw: line.slice(start, end).trim(),
      start,
      end,
      currency,
      scaled,
      percent,
      multiple,
      year,
      months,
    });
  }
  return mergeRanges(line, out);
}

/**
 * A range written with its unit once ('$15–17B', '10-15%', '$2 to 3M') is one figure, its lower
 * bound, in the unit the upper bound carries: '$15–17B' is $15B, not $15 and 17B.
 */
function mergeRanges(line: string, tokens: NumberToken[]): NumberToken[] {
  const out: NumberToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const a = tokens[i]!;
    const b = tokens[i + 1];
    const joined = b && /^\s?(?:[-–—]|to)\s?$/.test(line.slice(a.end, b.start));
    const unitless = !a.scaled && !a.percent && !a.multiple && !a.year && !a.months;
    const sameCurrency = a.currency === null || b?.currency === null || a.currency === b?.currency;
    if (b && joined && unitless && (b.scaled || b.percent) && sameCurrency && !b.year) {
      const factor = b.scaled ? b.value / scaleless(b) : 1;
      if (a.value * factor < b.value) {
        out.push({ ...b, value: a.value * factor, currency: a.currency ?? b.currency, start: a.start, raw: line.slice(a.start, b.end).trim() });
        i += 1;
        continue;
      }
    }
    out.push(a);
  }
  return out;
}

/** The written number of a scaled token ('17B' → 17). */
function scaleless(t: NumberToken): number {
  const m = /\d[\d.,]*/.exec(t.raw.replace(/^[^\d]*/, ''));
  const n = m ? parseNumber(m[0].replace(/[.,]$/, ''), t.currency === 'EUR') : t.value;
  return Number.isFinite(n) && n > 0 ? n : t.value;
}

/** Fixed conversion to USD for benchmark comparison (documented in docs/scoring.md). */
export const USD_PER_UNIT: Record<string, number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  INR: 0.012,
  JPY: 0.0067,
  CAD: 0.73,
  AUD: 0.66,
};

export function toUsd(value: number, currency: string | null): number {
  return value * (USD_PER_UNIT[currency ?? 'USD'] ?? 1);
}

const SYMBOL: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', INR: '₹', JPY: '¥', CAD: 'C$', AUD: 'A$' };

/** Money display of spec section 9: M above 1e6, K above 1e3 (B above 1e9 for markets). */
export function formatAmount(value: number, currency: string | null): string {
  const sym = SYMBOL[currency ?? 'USD'] ?? `${currency} `;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const trim = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));
  if (abs >= 1e9) return `${sign}${sym}${trim(Math.round((abs / 1e9) * 10) / 10)}B`;
  if (abs >= 1e6) return `${sign}${sym}${trim(Math.round((abs / 1e6) * 10) / 10)}M`;
  if (abs >= 1e3) return `${sign}${sym}${trim(Math.round((abs / 1e3) * 10) / 10)}K`;
  return `${sign}${sym}${trim(Math.round(abs * 100) / 100)}`;
}

export function formatCount(value: number): string {
  if (value >= 1e9) return `${Math.round((value / 1e9) * 10) / 10}B`;
  if (value >= 1e6) return `${Math.round((value / 1e6) * 10) / 10}M`;
  if (value >= 1e4) return `${Math.round((value / 1e3) * 10) / 10}K`;
  return String(Math.round(value * 100) / 100);
}
