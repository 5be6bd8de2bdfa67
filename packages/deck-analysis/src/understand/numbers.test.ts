import { describe, expect, it } from 'vitest';
import { findNumbers, formatAmount } from './numbers.ts';

const one = (s: string) => {
  const all = findNumbers(s);
  expect(all.length, s).toBeGreaterThan(0);
  return all[0]!;
};

describe('findNumbers', () => {
  it.each([
    ['$1.2M', 1_200_000, 'USD'],
    ['€500k', 500_000, 'EUR'],
    ['USD 2 million', 2_000_000, 'USD'],
    ['2 million USD', 2_000_000, 'USD'],
    ['£3.5bn', 3_500_000_000, 'GBP'],
    ['₹10 Cr', 100_000_000, 'INR'],
    ['Rs. 2 lakh', 200_000, 'INR'],
    ['$2,500,000', 2_500_000, 'USD'],
    ['US$ 750K', 750_000, 'USD'],
  ])('%s is money', (text, value, currency) => {
    const t = one(text);
    expect(t.value).toBeCloseTo(value);
    expect(t.currency).toBe(currency);
  });

  it('reads bare scaled numbers, percentages, multiples, months and years', () => {
    expect(one('a 3B market')).toMatchObject({ value: 3e9, scaled: true, currency: null });
    expect(one('grew 45%')).toMatchObject({ value: 45, percent: true });
    expect(one('3x LTV')).toMatchObject({ value: 3, multiple: true });
    expect(one('18 months of runway')).toMatchObject({ value: 18, months: true });
    expect(one('founded in 2021')).toMatchObject({ value: 2021, year: true });
  });

  it('does not read digits inside words (B2B, Q3, 4G) as amounts', () => {
    expect(findNumbers('B2B SaaS in Q3 over 4G')).toEqual([]);
    expect(findNumbers('12 months').map((t) => t.scaled)).toEqual([false]);
  });

  it('formats money the way the dashboard shows it', () => {
    expect(formatAmount(45_000, 'USD')).toBe('$45K');
    expect(formatAmount(1_250_000, 'EUR')).toBe('€1.3M');
    expect(formatAmount(3e9, 'USD')).toBe('$3B');
  });
});
