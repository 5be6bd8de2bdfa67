import { describe, expect, it } from 'vitest';
import { confidenceLevel, formatMoney, insightKind, matchLabel, scoreTone, subScoreTone } from './score-bands.ts';

describe('spec section 9 bands', () => {
  it.each([
    [100, 'Strong Match', 'green', 'High'],
    [80, 'Strong Match', 'green', 'High'],
    [79, 'Good Match', 'amber', 'Medium'],
    [60, 'Good Match', 'amber', 'Medium'],
    [59, 'Moderate Match', 'orange', 'Low'],
    [40, 'Moderate Match', 'orange', 'Low'],
    [39, 'Weak Match', 'red', 'Low'],
    [0, 'Weak Match', 'red', 'Low'],
  ])('%i → %s, %s ring, %s confidence', (score, label, tone, confidence) => {
    expect(matchLabel(score)).toBe(label);
    expect(scoreTone(score)).toBe(tone);
    expect(confidenceLevel(score)).toBe(confidence);
  });

  it('colours sub-scores 8+ green, 6-7 yellow, 4-5 orange, below 4 red, and lists only 8+ and 4-or-below as insights', () => {
    expect([10, 8, 7, 6, 5, 4, 3, 1].map(subScoreTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'orange', 'orange', 'red', 'red']);
    expect([9, 8, 7, 5, 4, 2].map(insightKind)).toEqual(['strong', 'strong', null, null, 'weak', 'weak']);
  });

  it('shows money with M above a million and K above a thousand', () => {
    expect(formatMoney(1_200_000)).toBe('$1.2M');
    expect(formatMoney(4_000_000)).toBe('$4M');
    expect(formatMoney(85_000)).toBe('$85K');
    expect(formatMoney(999)).toBe('$999');
    expect(formatMoney(-2500)).toBe('-$2.5K');
  });
});
