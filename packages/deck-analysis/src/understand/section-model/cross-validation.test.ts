import { describe, expect, it } from 'vitest';
import { companyFolds, companyOf } from '../../../eval/corpus.ts';

describe('folds for cross-validation', () => {
  const files = ['farmify-pitch.pdf', 'farmify-pitch.pptx', 'uber-2008-deck-redesign.pdf', 'ubercab-2008-pitch-deck.pdf', ...Array.from({ length: 20 }, (_, i) => `deck${i}-pitch.pdf`)];

  it("puts both files of a company in one fold, the same folds every time, five of them, none empty", () => {
    const folds = companyFolds(files);
    expect(companyOf('ubercab-2008-pitch-deck.pdf')).toBe(companyOf('uber-2008-deck-redesign.pdf'));
    expect(folds.get('farmify-pitch.pdf')).toBe(folds.get('farmify-pitch.pptx'));
    expect(folds.get('uber-2008-deck-redesign.pdf')).toBe(folds.get('ubercab-2008-pitch-deck.pdf'));
    expect([...companyFolds(files)]).toEqual([...folds]);
    expect(new Set(folds.values())).toEqual(new Set([0, 1, 2, 3, 4]));
  });
});
