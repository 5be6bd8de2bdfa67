import { describe, expect, it } from 'vitest';
import { possessive } from './possessive';

describe('possessive', () => {
  it('adds ’s, or the apostrophe alone after a final s (never "Ventures’s")', () => {
    expect(possessive('Northwind')).toBe('Northwind’s');
    expect(possessive('Harbor Ventures')).toBe('Harbor Ventures’');
    expect(possessive('Atlas Partners ')).toBe('Atlas Partners’');
  });
});
