import { describe, expect, it } from 'vitest';
import { DeckError } from '../errors.ts';
import { makeBigImagePdf, makeLyingPageCountPdf, makeSidewaysPdf, makeTextPdf } from '../testing/generate-decks.ts';
import { readDeck } from '../read/read-deck.ts';
import { readPdf } from './pdf-reader.ts';
import { layoutPage } from './text-layout.ts';

describe('readPdf', () => {
  it('reads each page of a generated deck with its title', async () => {
    const bytes = await makeTextPdf([
      { title: 'Acme Robotics', lines: ['Warehouse robots that pick, pack and ship for small retailers.'] },
      { title: 'Traction', lines: ['MRR $45K growing 18% MoM', '120 paying customers'] },
    ]);
    const deck = await readPdf(bytes);
    expect(deck.pages).toHaveLength(2);
    expect(deck.pages[0]!.title).toBe('Acme Robotics');
    expect(deck.pages[1]!.title).toBe('Traction');
    expect(deck.pages[1]!.text.split('\n')).toEqual(['Traction', 'MRR $45K growing 18% MoM', '120 paying customers']);
  });

  it.each([90, 270] as const)('reads slides printed turned %i degrees as they were meant', async (turn) => {
    const bytes = await makeSidewaysPdf(
      [{ title: 'Traction', lines: ['MRR $45K growing 18% MoM', '120 paying customers across three regions'] }],
      turn,
    );
    const deck = await readPdf(bytes);
    expect(deck.pages[0]!.title).toBe('Traction');
    expect(deck.pages[0]!.text.split('\n')).toEqual(['Traction', 'MRR $45K growing 18% MoM', '120 paying customers across three regions']);
  });

  it('asks for OCR only where the text layer is thin', async () => {
    const bytes = await makeTextPdf([
      { title: 'Problem', lines: ['Small retailers lose a fifth of their margin to manual picking, packing and shipping every single week.'] },
      { title: 'Thanks' },
    ]);
    const asked: Array<[number, string]> = [];
    await readPdf(bytes, { onOcrImage: (i) => void asked.push([i.page, i.mode]) });
    expect(asked).toEqual([[2, 'merge']]);
  });

  it('does not draw a page whose image claims more pixels than it could hold', async () => {
    const drawn: number[] = [];
    // 30,000 x 30,000 grey: 900 MB decoded. A 2,000-pixel image on the same kind of page is drawn.
    await readPdf(makeBigImagePdf(30_000, true), { onOcrImage: (i) => void drawn.push(i.page) });
    expect(drawn).toEqual([]);
    await readPdf(makeBigImagePdf(2_000), { onOcrImage: (i) => void drawn.push(i.page) });
    expect(drawn).toEqual([1]);
  });

  it('fails fast and typed on a page tree claiming 213 million pages', async () => {
    // PDFium counts the page objects that exist (one, blank) rather than trusting /Count;
    // either way the claimed pages are never walked and the deck ends as a typed error.
    const deck = await readPdf(makeLyingPageCountPdf(213_000_000));
    expect(deck.pages.length).toBeLessThanOrEqual(1);
    const err = await readDeck(makeLyingPageCountPdf(213_000_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeckError);
    expect((err as DeckError).code).toBe('empty');
  });

  it('says a password-protected PDF is encrypted', async () => {
    const bytes = await makeTextPdf([{ title: 'Secret', lines: ['numbers'] }], { userPassword: 'pw', ownerPassword: 'owner', pdfVersion: '1.7ext3' });
    const err = await readPdf(bytes).catch((e: unknown) => e);
    expect((err as DeckError).code).toBe('encrypted');
    expect((err as DeckError).message).toBe('This PDF is password-protected. Remove the password and upload it again.');
  });

  it('refuses decks beyond the page cap', async () => {
    const bytes = await makeTextPdf(Array.from({ length: 5 }, (_, i) => ({ title: `Page ${i}` })));
    expect(((await readPdf(bytes, { maxPages: 4 }).catch((e: unknown) => e)) as DeckError).code).toBe('too_many_pages');
  });
});

describe('layoutPage', () => {
  it('orders text boxes top to bottom, then left to right, and keeps each box together', () => {
    const item = (str: string, x: number, y: number, size = 12) => ({ str, x, y, width: str.length * size * 0.5, size, hasEOL: false });
    // Drawn in the order: right column, footer, title, left column.
    const layout = layoutPage(
      [item('Right one', 500, 400), item('Right two', 500, 385), item('Footer', 50, 20, 8), item('Big Title', 50, 500, 32), item('Left one', 50, 400), item('Left two', 50, 385)],
      540,
    );
    expect(layout.lines).toEqual(['Big Title', 'Left one', 'Left two', 'Right one', 'Right two', 'Footer']);
    expect(layout.title).toBe('Big Title');
  });
});
