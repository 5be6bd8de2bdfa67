import { describe, expect, it } from 'vitest';
import { decodeShiftedText, findShift } from './shift-cipher.ts';
import { assessText, ocrNeed } from './text-quality.ts';

/** What a font whose codes sit `shift` below Unicode writes for `s` (a space becomes 0x20 - shift). */
const garble = (s: string, shift: number) => [...s].map((ch) => String.fromCharCode(ch.charCodeAt(0) - shift)).join('');

const PEOPLE = ['Jane Doe, Chief Executive Officer', 'A graduate of the Rhode Island School of Design, has a BFA in industrial design.', 'Sam Roe, Developer', 'Has worked at Microsoft and the Mozilla Foundation for six years.'];

describe('constant-shift text layers', () => {
  it('decodes the runs a shifted font garbled and leaves the plain runs of the page alone', () => {
    const layer = ['Team', '11', ...PEOPLE.map((l) => garble(l, 9)), '19 Rausch Street, San Francisco, joe@example.com'].join('\n');
    expect(layer).toContain('\u0017'); // the garbled space
    expect(ocrNeed(assessText(layer))).toBe('garbage');
    expect(findShift(layer)).toBe(9);
    const decoded = decodeShiftedText(layer);
    expect(decoded).toBe(['Team', '11', ...PEOPLE, '19 Rausch Street, San Francisco, joe@example.com'].join('\n'));
    expect(ocrNeed(assessText(decoded))).toBe('none');
  });

  it('finds other shifts, and decodes a garbled signature inside a line of real words', () => {
    const layer = [`"It is easy to use and it made me money." ${garble('Emily M, Austin, TX', 3)}`, ...PEOPLE.map((l) => garble(l, 3))].join('\n');
    expect(findShift(layer)).toBe(3);
    expect(decodeShiftedText(layer).split('\n')[0]).toBe('"It is easy to use and it made me money." Emily M, Austin, TX');
  });

  it("decodes a page's figures in the shifted font with the shift the document shows ('$' becomes a control character)", () => {
    const figures = `${garble('$500K', 9)} ${garble('80K', 9)} ${garble('$2M', 9)}`;
    expect(findShift(`Financial\n${figures}`)).toBe(0); // too little on this page alone
    expect(decodeShiftedText(`Financial\n14\n${figures}\nANGEL ROUND`, 9)).toBe('Financial\n14\n$500K 80K $2M\nANGEL ROUND');
  });

  it('keeps ordinary, multilingual and numeric text as it is', () => {
    for (const text of [
      'Price is an important concern for customers booking travel online.\nMRR $45K, 18% MoM. iPhone, eBay.',
      '日本語のテキストがたくさんあります。市場規模は大きいです。',
      'Wir lösen das Problem der Logistik für kleine Händler in Europa.',
    ]) {
      expect(findShift(text)).toBe(0);
      expect(decodeShiftedText(text)).toBe(text);
    }
  });

  it('leaves a text layer that no shift makes readable for OCR', () => {
    // A substitution that is not a shift: no constant offset reads as words.
    const scrambled = PEOPLE.join(' ').replace(/[a-z]/g, (c) => 'qzj`kx\\vw^y|pmh_o{r}tsu]gn'[c.charCodeAt(0) - 97]!);
    expect(findShift(scrambled)).toBe(0);
    expect(ocrNeed(assessText(decodeShiftedText(scrambled)))).toBe('garbage');
  });
});
