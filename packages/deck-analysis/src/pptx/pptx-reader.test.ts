import { describe, expect, it } from 'vitest';
import { DeckError } from '../errors.ts';
import { makeHugePng } from '../testing/bombs.ts';
import { makeLyingZipBomb, makeManyEntriesZip, makePptx, makeZipBomb } from '../testing/generate-decks.ts';
import { readPptx } from './pptx-reader.ts';

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'no error';
  } catch (e) {
    return e instanceof DeckError ? e.code : `untyped: ${String(e)}`;
  }
};

describe('readPptx', () => {
  it('reads slides in presentation order with titles, shapes, tables, groups, SmartArt and notes', async () => {
    const bytes = await makePptx(
      [
        { title: 'Acme Robotics', lines: ['Warehouse robots for everyone'] },
        { title: 'Traction', table: [['MRR', '$45K'], ['Customers', '120']], notes: 'Say that churn is 2% a month' },
        { title: 'Team', group: ['Jane Doe, CEO', 'John Roe, CTO ex-Google'], smartArt: ['Hiring plan', 'Sales lead'] },
      ],
      { shuffleFiles: true },
    );
    const deck = await readPptx(bytes);
    expect(deck.format).toBe('pptx');
    expect(deck.pages.map((p) => p.title)).toEqual(['Acme Robotics', 'Traction', 'Team']);
    expect(deck.pages[1]!.text).toContain('MRR | $45K');
    expect(deck.pages[1]!.text).toContain('Customers | 120');
    expect(deck.pages[1]!.notes).toBe('Say that churn is 2% a month');
    expect(deck.pages[2]!.text).toContain('John Roe, CTO ex-Google');
    expect(deck.pages[2]!.text).toContain('Hiring plan');
    // SmartArt connector points are layout, not content.
    expect(deck.pages[2]!.text).not.toContain('connector');
    // Slide-number placeholders on notes pages are not notes.
    expect(deck.pages[1]!.notes).not.toMatch(/^1$/m);
  });

  it('offers the picture of a text-less slide for OCR, and only a picture whose size it can measure', async () => {
    const words = { title: 'Plenty of words on this slide about the product and its many users', lines: ['and more words here to be safe'] };
    const offered = async (image: Uint8Array) => {
      const images: number[] = [];
      await readPptx(await makePptx([words, { image }]), { onOcrImage: (i) => void images.push(i.page) });
      return images;
    };
    expect(await offered(makeHugePng(200))).toEqual([2]);
    // A header cut short: its size is unknown, so no decoder gets it.
    expect(await offered(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).toEqual([]);
  });

  it('refuses a zip bomb by its declared sizes before inflating', async () => {
    expect(await codeOf(readPptx(await makeZipBomb(60 * 1024 * 1024)))).toBe('zip_bomb');
  });

  it('refuses a zip bomb that lies about its sizes by counting inflated bytes', async () => {
    expect(await codeOf(readPptx(await makeLyingZipBomb(30 * 1024 * 1024)))).toBe('zip_bomb');
  });

  it('refuses archives with thousands of entries', async () => {
    expect(await codeOf(readPptx(await makeManyEntriesZip(6_000)))).toBe('zip_bomb');
  });

  it('reports truncated archives as corrupt', async () => {
    const bytes = await makePptx([{ title: 'Hello', lines: ['world'] }]);
    expect(await codeOf(readPptx(bytes.subarray(0, Math.floor(bytes.length / 2))))).toBe('corrupt');
  });

  it('returns no pages for a presentation without slides', async () => {
    expect((await readPptx(await makePptx([]))).pages).toEqual([]);
  });
});
