import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECKS_DIR, sharedFixtures } from '../../../test-support/shared-fixtures.ts';
import type { DeckText } from './model.ts';
import { readDeck } from './read/read-deck.ts';
import {
  assessReadability,
  contrastRatio,
  countFigures,
  countWords,
  legibilityOf,
  MAX_FIGURES_PER_SLIDE,
  MAX_WORDS_PER_SLIDE,
  MIN_CONTRAST,
  MIN_TEXT_PT,
} from './readability.ts';

/**
 * Readability advice (issue 32 point 4). The real-deck cases were checked by looking at the slides
 * (pdftoppm renders): the findings are what a person reading the deck on a phone would say.
 */
const fixtures = sharedFixtures();

/**
 * The deck as the scoring job reads it: pages may be drawn (OCR is not needed for these text decks).
 * The contrast budget is lifted so that every page is measured on a busy test machine.
 */
async function read(name: string): Promise<DeckText> {
  return readDeck(await readFile(join(DECKS_DIR, 'real', name)), { ocr: async () => ({ text: '', title: null }), contrastBudgetMs: 60_000 });
}

const findingsOf = (deck: DeckText, check: string) =>
  assessReadability(deck.pages).findings.filter((f) => f.check === check);

describe('counting what a reader takes in', () => {
  it('counts words, not bullets or symbols', () => {
    expect(countWords('• Attractive investment option\n– 8 to 10% returns\n!')).toBe(7);
  });

  it('counts figures but not years or list numbers', () => {
    expect(countFigures('MRR $85K growing 18% MoM since 2021\n1. Hire\n2) Sell\n42 customers, 3 pilots')).toBe(4);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([118, 118, 118], [255, 255, 255])).toBeCloseTo(4.54, 1);
  });

  it('does not count a lone superscript as small text, nor text hidden in its background colour as low contrast', () => {
    const words = [
      { word: 'Revenue', letters: 7, size: 30, text: [0, 0, 0] as const, background: [255, 255, 255] as const },
      { word: 'grew', letters: 4, size: 30, text: [0, 0, 0] as const, background: [255, 255, 255] as const },
      { word: 'quickly', letters: 7, size: 30, text: [0, 0, 0] as const, background: [255, 255, 255] as const },
      { word: '2', letters: 1, size: 6, text: [250, 250, 250] as const, background: [255, 255, 255] as const },
    ];
    const page = legibilityOf(words, 960);
    expect(page.smallestTextPt).toBe(30);
    expect(page.lowestContrast).toBeCloseTo(21, 1);
  });

  it('says nothing about a short, plain slide, and never gives a score', () => {
    const result = assessReadability([{ number: 1, text: 'Team\nAda Lovelace, CEO', smallestTextPt: 24, lowestContrast: 15 }]);
    expect(result.findings).toEqual([]);
    expect(result).not.toHaveProperty('overall');
  });

  it('folds the same faint footer on many pages into one piece of advice naming them', () => {
    const pages = [1, 2, 3, 4].map((n) => ({ number: n, text: `Slide ${n}\nfooter`, smallestTextPt: 20, lowestContrast: 1.6, contrastSample: '19 rausch street' }));
    const [finding, ...rest] = assessReadability(pages).findings;
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ page: 1, pages: [1, 2, 3, 4], check: 'contrast' });
    expect(finding!.evidence).toBe("Pages 1-4: low contrast 1.6:1 between text and background ('19 rausch street'), the same on 4 pages");
  });
});

describe.skipIf(!fixtures.available)('real decks', () => {
  it('farmify-pitch.pptx: slides 2 to 6 are paragraphs of prose; the title and thank-you slides are not', async () => {
    const deck = await read('farmify-pitch.pptx');
    const wordy = findingsOf(deck, 'words');
    expect(wordy.map((f) => f.page)).toEqual([2, 3, 4, 5, 6]);
    for (const f of wordy) {
      expect(f.measured).toBeGreaterThan(MAX_WORDS_PER_SLIDE);
      expect(f.evidence).toBe(`Page ${f.page}: ${f.measured} words`);
    }
    expect(wordy[0]!.advice).toMatch(/aim for under 60 words/);
  });

  it('farmify-pitch.pdf: the prototype screens (page 13) are tiny on a phone and a wall of figures; the team page is just under the floor', async () => {
    const deck = await read('farmify-pitch.pdf');
    const small = findingsOf(deck, 'smallText');
    const p13 = small.find((f) => f.page === 13)!;
    // The phone mock-ups' keypads ('ABC DEF GHI JKL', 'GHI JKL MNO PQRS') are set at about 4 pt on a slide.
    expect(p13.measured).toBeLessThan(5);
    expect(p13.evidence).toMatch(/^Page 13: text at \d\.\d pt equivalent \('[A-Z ]*GHI JKL[A-Z ]*'\)$/);
    expect(small.map((f) => f.page)).not.toContain(2);
    const figures = findingsOf(deck, 'figures');
    expect(figures.map((f) => f.page)).toEqual([13]);
    expect(figures[0]!.measured).toBeGreaterThan(MAX_FIGURES_PER_SLIDE);
    // Big, dark titles on white: the problem and value pages read fine.
    const readable = assessReadability(deck.pages).pages.find((p) => p.page === 6)!;
    expect(readable.smallestTextPt).toBeGreaterThan(MIN_TEXT_PT);
  });

  it('fueledby-us-pitch.ppt: text sizes come from its master where the runs set none, as its PDF export shows', async () => {
    const deck = await read('fueledby-us-pitch.ppt');
    // Keynote wrote no size on the runs; the master's body style is 36 pt on a 1024 pt wide slide
    // (33.75 pt on the 960 pt reference). The PDF export of the same deck sets that body text at 36 pt.
    expect(deck.pages[1]!.smallestTextPt).toBeCloseTo((36 * 960) / 1024, 5);
    expect(deck.pages[1]!.smallTextSample).toBe('Kyle Tolle Computer');
    expect(findingsOf(deck, 'smallText')).toEqual([]);
    expect(deck.pages.every((p) => p.lowestContrast === undefined)).toBe(true);
  });

  it('fueledby-us-pitch.pdf: its Keynote export (type of size 1 scaled 36 times, in Palatino boxes 1.66 times as tall) reads the sizes its .ppt sets', async () => {
    const [pdf, ppt] = await Promise.all([read('fueledby-us-pitch.pdf'), read('fueledby-us-pitch.ppt')]);
    expect(pdf.pages[1]!.smallestTextPt).toBeCloseTo((36 * 960) / 1024, 1);
    expect(pdf.pages[1]!.smallTextSample).toBe('Kyle Tolle Computer');
    expect(pdf.pages.map((p) => p.smallestTextPt?.toFixed(1))).toEqual(ppt.pages.map((p) => p.smallestTextPt?.toFixed(1)));
  });

  it('thinq-ai-surveillance-pitch.ppt: the 18 pt runs of its team page read as 24 pt on the reference slide', async () => {
    const deck = await read('thinq-ai-surveillance-pitch.ppt');
    expect(deck.pages[1]!.smallestTextPt).toBeCloseTo(24, 5);
    expect(deck.pages[1]!.smallTextSample).toMatch(/^College: IIITMK,/);
  });

  it('farmify-pitch.pdf: white labels on dark pills (page 3) are not low contrast', async () => {
    const deck = await read('farmify-pitch.pdf');
    const page3 = assessReadability(deck.pages).pages.find((p) => p.page === 3)!;
    expect(page3.lowestContrast).not.toBeNull();
    expect(page3.lowestContrast!).toBeGreaterThan(MIN_CONTRAST);
  });

  it('ubercab-2008-pitch-deck.pdf: the grey tagline on the title slide is low contrast; the black text after it is not', async () => {
    const deck = await read('ubercab-2008-pitch-deck.pdf');
    const contrast = findingsOf(deck, 'contrast');
    expect(contrast[0]).toMatchObject({ page: 1, check: 'contrast' });
    expect(contrast[0]!.measured).toBeGreaterThan(3);
    expect(contrast[0]!.measured).toBeLessThan(MIN_CONTRAST);
    expect(contrast[0]!.evidence).toMatch(/^Page 1: low contrast 3\.\d:1 between text and background \('Next-Generation/);
    const page2 = assessReadability(deck.pages).pages.find((p) => p.page === 2)!;
    expect(page2.lowestContrast).toBeGreaterThan(15);
  });

  it('airbnb-2008-seed-deck.pdf: the pale blue footer is one finding, not one per page; the small source lines are flagged', async () => {
    const deck = await read('airbnb-2008-seed-deck.pdf');
    const contrast = findingsOf(deck, 'contrast');
    const footer = contrast.find((f) => f.evidence.includes('19 rausch street'))!;
    expect(footer.page).toBe(1);
    expect(footer.measured).toBeLessThan(2);
    expect(contrast.filter((f) => f.evidence.includes('19 rausch street'))).toHaveLength(1);
    // 'source: ...' lines under the charts (pages 5 and 7) are set at about 9 pt on the slide.
    // (the same 9.4 pt on pages 5, 7 and 12 is one finding naming them.)
    const small = findingsOf(deck, 'smallText').flatMap((f) => f.pages);
    expect(small).toEqual(expect.arrayContaining([4, 5, 7]));
    expect(small).not.toContain(1);
  });

  it('farmify-pitch.pptx: black text on the mid-green template (4.3:1) is one finding for the pages it is on', async () => {
    const deck = await read('farmify-pitch.pptx');
    const contrast = findingsOf(deck, 'contrast').filter((f) => f.measured > 4 && f.measured < MIN_CONTRAST);
    expect(contrast).toHaveLength(1);
    expect(contrast[0]!.pages).toEqual(expect.arrayContaining([2, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    expect(contrast[0]!.evidence).toMatch(/^Pages 2, 4-12: low contrast 4\.3:1 between text and background \('.+'\), the same on 10 pages$/);
  });

  it('gilo-investor-presentation.pptx: white words on the yellow circles and yellow words on white (page 5) are low contrast', async () => {
    const deck = await read('gilo-investor-presentation.pptx');
    const page5 = assessReadability(deck.pages).pages.find((p) => p.page === 5)!;
    expect(page5.lowestContrast).toBeLessThan(2);
    expect(page5.smallestTextPt).toBeGreaterThan(MIN_TEXT_PT);
  });

  it('stays within its time budget for contrast: later pages are left unmeasured, never guessed', async () => {
    const deck = await readDeck(await readFile(join(DECKS_DIR, 'real', 'farmify-pitch.pdf')), { ocr: async () => ({ text: '', title: null }), contrastBudgetMs: 0 });
    const pages = assessReadability(deck.pages).pages;
    // The first page is always measured; with no time left, none after it.
    expect(pages[0]!.lowestContrast).not.toBeNull();
    expect(pages.slice(1).every((p) => p.lowestContrast === null)).toBe(true);
    expect(pages.every((p) => p.smallestTextPt !== null || p.words === 0 || p.page === 12)).toBe(true);
  });

  it('past its budget, goes on measuring while the deck’s OCR is still running, and stops the moment it is done', async () => {
    let asked = 0;
    // The deck's OCR reports busy for the first four asks (pages 2 to 5), then done.
    const ocrRunning = () => ++asked <= 4;
    const deck = await readDeck(await readFile(join(DECKS_DIR, 'real', 'farmify-pitch.pdf')), {
      ocr: async () => ({ text: '', title: null }),
      contrastBudgetMs: 0,
      contrastWhile: ocrRunning,
    });
    const measured = assessReadability(deck.pages).pages.filter((p) => p.lowestContrast !== null).map((p) => p.page);
    expect(measured).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toBe(5);
  });

  it('the text a deck is scored on is the same with the readability measurements', async () => {
    const deck = await read('farmify-pitch.pdf');
    const plain = await readDeck(await readFile(join(DECKS_DIR, 'real', 'farmify-pitch.pdf')));
    expect(deck.pages.map((p) => [p.number, p.title, p.text])).toEqual(plain.pages.map((p) => [p.number, p.title, p.text]));
  });
});
