import { describe, expect, it } from 'vitest';
import { findNumbers } from '../understand/numbers.ts';
import { repairOcrLine, repairOcrNumbers } from './ocr-numbers.ts';

describe('figures as OCR misreads them', () => {
  it('reads look-alike letters inside a figure as the digits they stand for', () => {
    expect(repairOcrNumbers('$1O0M')).toBe('$100M');
    expect(repairOcrNumbers('1,2OO')).toBe('1,200');
    expect(repairOcrNumbers('2OO')).toBe('200');
    expect(repairOcrNumbers('$O.5M')).toBe('$0.5M');
    expect(repairOcrNumbers('(1O%)')).toBe('(10%)');
    expect(findNumbers(repairOcrNumbers('$1O0M'))[0]?.value).toBe(100_000_000);
  });

  it('reads a leading S before an amount as the dollar sign, never before a code', () => {
    expect(repairOcrNumbers('S5M')).toBe('$5M');
    expect(repairOcrNumbers('S1.2M')).toBe('$1.2M');
    expect(repairOcrNumbers('S10,000')).toBe('$10,000');
    expect(repairOcrNumbers('S3')).toBe('S3');
  });

  it('leaves words and plain figures as they are', () => {
    for (const w of ['Oil', 'IO', 'lo', 'l0l', 'I', 'Q1', 'B2B', 'CO2e', '10.6M', '80%', '2019.', '3x']) expect(repairOcrNumbers(w)).toBe(w);
  });

  it('reads the rupee sign misread as yen or percent before lakh and crore amounts', () => {
    expect(repairOcrLine('JUNE ACTUAL: ¥10.54L BILLING')).toBe('JUNE ACTUAL: ₹10.54L BILLING');
    expect(repairOcrLine('%2.5 CR BRIDGE')).toBe('₹2.5 CR BRIDGE');
    expect(repairOcrLine('¥500 per night, 20% margin')).toBe('¥500 per night, 20% margin');
  });
});
