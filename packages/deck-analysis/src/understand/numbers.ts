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
  [/^(k|thousand|thousands)$/i, 1e3],
  [/^(m|mm|mn|mio|million|millions)$/i, 1e6],
  [/^(b|bn|billion|billions)$/i, 1e9],
  [/^(t|tn|trillion|trillions)$/i, 1e12],
  [/^(l|lakh|lakhs|lac|lacs)$/i, 1e5],
  [/^(cr|crore|crores)$/i, 1e7],
];

// prefix currency, number, optional scale, optional suffix currency, optional % / x.
const TOKEN_RE =
  /(?<![\p{L}\p{N}.])(?<cur>US\$|C\$|A\$|USD|EUR|GBP|INR|JPY|CAD|AUD|Rs\.?|[$€£₹¥])?\s?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(?<scale>thousands?|millions?|billions?|trillions?|lakhs?|lacs?|crores?|mio|mm|mn|bn|tn|cr|k|m|b|l|t)(?![\p{L}\p{N}]))?(?:\s?(?<cur2>USD|EUR|GBP|INR|dollars|euros|pounds|rupees)(?![\p{L}]))?(?<pct>\s?%|\s?percent(?![\p{L}]))?(?<mult>x(?![\p{L}\p{N}]))?(?<months>\s?(?:months?|mos?)(?![\p{L}]))?(?![\p{L}\p{N}])/giu;

const SUFFIX_CURRENCY: Record<string, string> = {
  usd: 'USD',
  dollars: 'USD',
  eur: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  pounds: 'GBP',
  inr: 'INR',
  rupees: 'INR',
};

export function findNumbers(line: string): NumberToken[] {
  const out: NumberToken[] = [];
  for (const m of line.matchAll(TOKEN_RE)) {
    const g = m.groups ?? {};
    const numText = (g.num ?? '').replace(/,/g, '');
    let value = Number(numText);
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
    const raw = m[0].trim();
    out.push({
      value,
      raw,
      start: m.index ?? 0,
      end: (m.index ?? 0) + m[0].length,
      currency,
      scaled,
      percent,
      multiple,
      year,
      months: Boolean(g.months) && !percent && !currency,
    });
  }
  return out;
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
