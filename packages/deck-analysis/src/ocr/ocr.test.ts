import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeck } from '../read/read-deck.ts';
import { makeImagePdf } from '../testing/generate-decks.ts';
import { tsvToText } from './ocr-text.ts';
import { TesseractEngine } from './tesseract-engine.ts';

describe('tsvToText', () => {
  it('keeps confident words, groups them by line and drops junk lines', () => {
    const row = (block: number, line: number, word: number, conf: number, text: string, top = 10, height = 20) =>
      ['5', '1', String(block), '1', String(line), String(word), '0', String(top), '50', String(height), String(conf), text].join('\t');
    const tsv = [
      ['1', '1', '0', '0', '0', '0', '0', '0', '1000', '600', '-1', ''].join('\t'),
      row(1, 1, 1, 95, 'Market', 10, 40),
      row(1, 1, 2, 93, 'Size', 10, 40),
      row(1, 2, 1, 91, 'TAM', 100),
      row(1, 2, 2, 90, '$12B', 100),
      row(2, 1, 1, 20, 'XN', 300),
      row(2, 1, 2, 15, '[=', 300),
      row(2, 2, 1, 96, 'a', 350),
    ].join('\n');
    expect(tsvToText(tsv)).toEqual({ text: 'Market Size\nTAM $12B', title: 'Market Size' });
  });
});

describe('OCR of an image-only PDF', () => {
  let engine: TesseractEngine;
  beforeAll(async () => {
    engine = await TesseractEngine.create();
  });
  afterAll(() => {
    // The engine lives in this thread's WASM heap and goes with the test worker.
  });

  it('reads the words drawn on each page', async () => {
    const bytes = await makeImagePdf([
      { title: 'Problem', lines: ['Small retailers lose money on manual shipping.'] },
      { title: 'Traction', lines: ['Monthly revenue grew to 45,000 dollars.'] },
    ]);
    const deck = await readDeck(bytes, { ocr: (img) => engine.recognize(img) });
    expect(deck.pages.map((p) => p.source)).toEqual(['ocr', 'ocr']);
    expect(deck.pages[0]!.text).toMatch(/retailers/i);
    expect(deck.pages[0]!.title).toMatch(/Problem/);
    expect(deck.pages[1]!.text).toMatch(/revenue/i);
    expect(deck.pages[1]!.text).toMatch(/45,000/);
  });
});
