import { describe, expect, it } from 'vitest';
import { DeckError } from '../errors.ts';
import { assessReadability, MIN_TEXT_PT } from '../readability.ts';
import { makePpt } from '../testing/generate-decks.ts';
import { readPpt } from './ppt-reader.ts';

const slides = [
  { title: 'Acme Robotics', lines: ['Warehouse robots for small retailers'] },
  { title: 'Traction', lines: ['MRR $45K', '120 paying customers'], notes: 'Mention the pilot with Walmart' },
  { title: 'Team', lines: ['Jane Doe, CEO'], group: ['Text box: ex-Google engineer'] },
];

describe('readPpt', () => {
  it('reads slides in presentation order via the persist directory, with titles, text boxes and notes', () => {
    const deck = readPpt(makePpt(slides));
    expect(deck.format).toBe('ppt');
    expect(deck.pages.map((p) => p.title)).toEqual(['Acme Robotics', 'Traction', 'Team']);
    expect(deck.pages[1]!.text.split('\n')).toEqual(['Traction', 'MRR $45K', '120 paying customers']);
    expect(deck.pages[1]!.notes).toBe('Mention the pilot with Walmart');
    expect(deck.pages[2]!.text).toContain('Text box: ex-Google engineer');
  });

  it('falls back to a record walk when the edit chain is broken', () => {
    const deck = readPpt(makePpt(slides, { breakEditChain: true }));
    const all = deck.pages.map((p) => p.text).join('\n');
    expect(deck.pages).toHaveLength(3);
    expect(all).toContain('Warehouse robots for small retailers');
    expect(all).toContain('120 paying customers');
  });

  it('says an encrypted document is encrypted', () => {
    const err = (() => {
      try {
        readPpt(makePpt(slides, { encryptedToken: true }));
      } catch (e) {
        return e;
      }
    })();
    expect((err as DeckError).code).toBe('encrypted');
  });

  it('reports a truncated compound file as corrupt', () => {
    const bytes = makePpt(slides);
    expect(() => readPpt(bytes.subarray(0, 700))).toThrow(DeckError);
    try {
      readPpt(bytes.subarray(0, 700));
    } catch (e) {
      expect((e as DeckError).code).toBe('corrupt');
    }
  });

  it('reads the size each run sets: body text set at 7 pt on a 10-inch slide is too small on a phone', () => {
    const deck = readPpt(makePpt(slides, { bodySize: 7 }));
    // 7 pt on a 720 pt wide slide is 9.3 pt on the 960 pt reference slide.
    expect(deck.pages[1]!.smallestTextPt).toBeCloseTo((7 * 960) / 720, 5);
    expect(deck.pages[1]!.smallTextSample).toBe('MRR $45K 120 paying');
    // A .ppt is not drawn: what is behind its text is not known, so no contrast is claimed.
    expect(deck.pages[1]!.lowestContrast).toBeUndefined();
    const small = assessReadability(deck.pages).findings.filter((f) => f.check === 'smallText');
    expect(small.map((f) => f.page)).toContain(2);
    expect(small.find((f) => f.page === 2)!.measured).toBeLessThan(MIN_TEXT_PT);
  });

  it('knows no size where neither the run nor a master sets one', () => {
    const deck = readPpt(makePpt(slides));
    expect(deck.pages.map((p) => p.smallestTextPt)).toEqual([null, null, null]);
  });
});
