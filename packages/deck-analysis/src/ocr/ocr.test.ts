import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECKS_DIR, sharedFixtures } from '../../../../test-support/shared-fixtures.ts';
import { isPageOutOfRange, PageImageRenderer, type PageImage, type PageOutOfRange } from '../pdf/page-image.ts';
import { readPdf } from '../pdf/pdf-reader.ts';
import { readDeck } from '../read/read-deck.ts';
import { makeImagePdf, makePlacedTextPdf, pageImages, pdfOfImages } from '../testing/generate-decks.ts';
import { assessReadability, contrastRatio } from '../readability.ts';
import { tsvToText, withWordsOnlyIn } from './ocr-text.ts';
import { TesseractEngine } from './tesseract-engine.ts';

describe('tsvToText', () => {
  it('keeps confident words, groups them by line and drops junk lines', () => {
    const row = (block: number, line: number, word: number, conf: number, text: string, top = 10, height = 20) =>
      ['5', '1', String(block), '1', String(line), String(word), String(10 + 60 * word), String(top), '50', String(height), String(conf), text].join('\t');
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
    expect(tsvToText(tsv)).toMatchObject({ text: 'Market Size\nTAM $12B', title: 'Market Size' });
  });

  it('keeps no figure of a line where a figure was read too unsurely, nor a figure read unsurely itself', () => {
    const row = (line: number, word: number, conf: number, text: string) =>
      ['5', '1', '1', '1', String(line), String(word), String(10 + 80 * word), String(10 + 40 * line), '70', '20', String(conf), text].join('\t');
    const tsv = [
      ['1', '1', '0', '0', '0', '0', '0', '0', '1000', '600', '-1', ''].join('\t'),
      // '₹2.5 Cr bridge to move from [₹1.26, unreadable] Cr ARR': ARR must not take the ₹2.5 Cr.
      ...['₹2.5', 'Cr', 'bridge', 'from', 'F1.26', 'Cr', 'ARR'].map((w, i) => row(1, i + 1, w === 'F1.26' ? 31 : 93, w)),
      // A lone '8' from a chart, read at 70: a word would pass, a figure does not.
      row(2, 1, 92, 'Retail'),
      row(2, 2, 70, '8'),
      row(3, 1, 95, 'Customers'),
      row(3, 2, 94, '4,701'),
    ].join('\n');
    expect(tsvToText(tsv).text).toBe('bridge from ARR\nRetail\nCustomers 4,701');
  });

  it('adds to one reading the words only another reading read surely, and keeps the first where both read a word', () => {
    const page = ['1', '1', '0', '0', '0', '0', '0', '0', '1400', '800', '-1', ''].join('\t');
    const word = (block: number, line: number, left: number, top: number, conf: number, text: string) =>
      ['5', '1', String(block), '1', String(line), '1', String(left), String(top), String(14 * text.length), '30', String(conf), text].join('\t');
    // Sparse text: the title and a logo's name; the pill's words beneath are not in it.
    const sparse = [page, word(1, 1, 560, 40, 96, 'TRACTION'), word(2, 1, 260, 440, 81, 'Firstpick'), word(3, 1, 100, 550, 40, 'Tec')].join('\n');
    // The automatic mode: the pill's words, the title again, and an unsure word where sparse text read one.
    const automatic = [page, word(1, 1, 562, 41, 95, 'TRACTION'), word(1, 2, 72, 255, 92, '30000+'), word(1, 2, 218, 254, 97, 'PLAYERS'), word(2, 1, 262, 440, 20, 'Fir$tp'), word(3, 1, 101, 551, 90, 'STARTUP')].join('\n');
    const merged = tsvToText(withWordsOnlyIn(sparse, automatic)).text;
    expect(merged).toBe('TRACTION\n30000+ PLAYERS\nFirstpick\nSTARTUP');
    // Nothing of the other's to add: the reading as it was.
    expect(withWordsOnlyIn(sparse, page)).toBe(sparse);
    // A word one reading left out of a line is read into that line, in its place.
    const line = [page, ...['in', 'funding', 'from', 'global'].map((w, i) => ['5', '1', '4', '1', '1', String(i + 1), String([100, 380, 520, 610][i]), '300', String(14 * w.length), '30', '93', w].join('\t'))].join('\n');
    expect(tsvToText(withWordsOnlyIn(line, [page, word(7, 1, 140, 301, 91, 'non-dilutive')].join('\n'))).text).toBe('in non-dilutive funding from global');
  });

  it('reads side-by-side columns that tesseract joins into one line column by column', () => {
    const page = ['1', '1', '0', '0', '0', '0', '0', '0', '1400', '800', '-1', ''].join('\t');
    const rows: string[] = [page];
    // Two columns of running text, the left one from x=50, the right one from x=750, sharing baselines.
    const left = ['Small shops lose sales to slow delivery', 'because couriers skip their streets'];
    const right = ['Our robots deliver parcels the same day', 'and learn every street layout'];
    left.forEach((_, i) => {
      let x = 50;
      const words = [...left[i]!.split(' '), ...right[i]!.split(' ')];
      words.forEach((w, j) => {
        if (j === left[i]!.split(' ').length) x = 750;
        rows.push(['5', '1', '1', '1', String(i + 1), String(j + 1), String(x), String(300 + 40 * i), String(12 * w.length), '22', '95', w].join('\t'));
        x += 12 * w.length + 10;
      });
    });
    expect(tsvToText(rows.join('\n')).text).toBe([...left, ...right].join('\n'));
  });
});

/** A slide 1200 x 675 drawn on a canvas, as a PNG picture. */
async function drawnSlide(draw: (g: SKRSContext2D) => void, turned = false) {
  const canvas = turned ? createCanvas(675, 1200) : createCanvas(1200, 675);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  if (turned) {
    // A landscape slide printed sideways on a portrait page (turned a quarter clockwise).
    g.translate(675, 0);
    g.rotate(Math.PI / 2);
  }
  draw(g);
  return { png: new Uint8Array(await canvas.encode('png')), width: canvas.width, height: canvas.height };
}

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
    const deck = await readDeck(bytes, { ocr: (img, luminance) => engine.recognize(img, luminance) });
    expect(deck.pages.map((p) => p.source)).toEqual(['ocr', 'ocr']);
    expect(deck.pages[0]!.text).toMatch(/retailers/i);
    expect(deck.pages[0]!.title).toMatch(/Problem/);
    expect(deck.pages[1]!.text).toMatch(/revenue/i);
    expect(deck.pages[1]!.text).toMatch(/45,000/);
  });

  it('measures text size on a page that is only a picture, as it would be measured as text, and flags print too small for a phone', async () => {
    const text = await makePlacedTextPdf([
      [
        { text: 'Traction', x: 60, y: 60, size: 30, bold: true },
        { text: 'Monthly revenue grew to 45,000 dollars by July.', x: 60, y: 140, size: 18 },
      ],
      [
        { text: 'Market', x: 60, y: 60, size: 30, bold: true },
        { text: 'Sources: company filings and public reports, page eight.', x: 60, y: 480, size: 8 },
      ],
    ]);
    const pictures = await pageImages(text, 1400);
    const imageOnly = await pdfOfImages(pictures);
    const [asText, asPicture] = await Promise.all([readDeck(text), readDeck(imageOnly, { ocr: (img, luminance) => engine.recognize(img, luminance) })]);
    expect(asPicture.pages.map((p) => p.source)).toEqual(['ocr', 'ocr']);
    for (const [i, page] of asPicture.pages.entries()) {
      const measured = asText.pages[i]!.smallestTextPt!;
      expect(page.smallestTextPt! / measured).toBeGreaterThan(0.85);
      expect(page.smallestTextPt! / measured).toBeLessThan(1.15);
    }
    const findings = assessReadability(asPicture.pages).findings.filter((f) => f.check === 'smallText');
    expect(findings.map((f) => f.page)).toEqual([2]);
    expect(findings[0]!.evidence).toMatch(/Sources|filings|public reports/);
  });

  it('measures contrast on a page that is only a picture, from its colours’ luminance and not as inverted for OCR, and flags faint text', async () => {
    const faint = '#808080';
    const onDark = { ground: '#202020', text: '#999999' };
    // Bright green on white is 2.4:1, though its grey (luma) is a mid grey that would read 4.7:1.
    const green = '#00c020';
    const pages = await Promise.all([
      drawnSlide((g) => {
        g.fillStyle = '#111111';
        g.font = 'bold 56px sans-serif';
        g.fillText('Traction', 60, 90);
        g.fillStyle = faint;
        g.font = '30px sans-serif';
        g.fillText('Revenue grew every month this year', 60, 300);
      }),
      drawnSlide((g) => {
        g.fillStyle = onDark.ground;
        g.fillRect(0, 0, 1200, 675);
        g.fillStyle = '#ffffff';
        g.font = 'bold 56px sans-serif';
        g.fillText('Our Team', 60, 90);
        g.fillStyle = onDark.text;
        g.font = '30px sans-serif';
        g.fillText('Engineers from leading universities', 60, 300);
      }),
      drawnSlide((g) => {
        g.fillStyle = '#111111';
        g.font = 'bold 56px sans-serif';
        g.fillText('Customers', 60, 90);
        g.fillStyle = green;
        g.font = 'bold 30px sans-serif';
        g.fillText('Clinics in three cities pay monthly', 60, 300);
      }),
    ]);
    const deck = await readDeck(await pdfOfImages(pages), { ocr: (img, luminance) => engine.recognize(img, luminance) });
    expect(deck.pages.map((p) => p.source)).toEqual(['ocr', 'ocr', 'ocr']);
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    // Grey 128 on white is 3.9:1; grey 153 on grey 32 is 5.7:1, and would read 4.3:1 on the inverted page.
    const faintRatio = contrastRatio(rgb(faint), [255, 255, 255]);
    const darkRatio = contrastRatio(rgb(onDark.text), rgb(onDark.ground));
    expect(deck.pages[0]!.lowestContrast! / faintRatio).toBeGreaterThan(0.85);
    expect(deck.pages[0]!.lowestContrast! / faintRatio).toBeLessThan(1.15);
    expect(deck.pages[1]!.lowestContrast! / darkRatio).toBeGreaterThan(0.85);
    expect(deck.pages[1]!.lowestContrast! / darkRatio).toBeLessThan(1.15);
    const greenRatio = contrastRatio(rgb(green), [255, 255, 255]);
    expect(deck.pages[2]!.lowestContrast! / greenRatio).toBeGreaterThan(0.85);
    expect(deck.pages[2]!.lowestContrast! / greenRatio).toBeLessThan(1.15);
    const findings = assessReadability(deck.pages).findings.filter((f) => f.check === 'contrast');
    expect(findings.map((f) => f.page)).toEqual([1, 3]);
    expect(findings[0]!.evidence).toMatch(/Revenue|grew|month/);
    expect(findings[1]!.evidence).toMatch(/Clinics|three|cities|monthly/);
  });

  it('reads light words on grey circles and bars (a figure in a circle, a label in a pill)', async () => {
    const slide = await drawnSlide((g) => {
      g.fillStyle = '#111111';
      g.font = 'bold 56px sans-serif';
      g.fillText('Market Size', 60, 90);
      g.fillStyle = '#808080';
      g.beginPath();
      g.arc(250, 420, 130, 0, 2 * Math.PI);
      g.fill();
      g.fillStyle = '#ffffff';
      g.font = 'bold 60px sans-serif';
      g.fillText('532M', 175, 442);
      g.fillStyle = '#5b5f7e';
      g.beginPath();
      g.roundRect(600, 400, 330, 40, 20);
      g.fill();
      g.fillStyle = '#ffffff';
      g.font = '22px sans-serif';
      g.fillText('High interest loans', 660, 428);
    });
    const deck = await readDeck(await pdfOfImages([slide]), { ocr: (img, luminance) => engine.recognize(img, luminance) });
    expect(deck.pages[0]!.text).toMatch(/\b532 ?M\b/);
    expect(deck.pages[0]!.text).toMatch(/High interest loans/);
  });

  it('reads a slide printed sideways on a portrait page upright', async () => {
    const slide = await drawnSlide((g) => {
      g.fillStyle = '#111111';
      g.font = 'bold 56px sans-serif';
      g.fillText('Business Model', 60, 100);
      g.font = '32px sans-serif';
      g.fillText('We take a 10% commission on each booking.', 60, 250);
      g.fillText('Hosts pay nothing to list their rooms.', 60, 320);
    }, true);
    const deck = await readDeck(await pdfOfImages([slide]), { ocr: (img, luminance) => engine.recognize(img, luminance) });
    expect(deck.pages[0]!.title).toMatch(/Business Model/);
    expect(deck.pages[0]!.text).toMatch(/10% commission on each booking/);
  });

  it.runIf(sharedFixtures().available)('reads whole the lines of a photographed slide that sparse text reads unsurely (Tinder’s image-only deck)', async () => {
    const bytes = await readFile(join(DECKS_DIR, 'real', 'tinder-matchbox-original-deck.pdf'));
    const deck = await readDeck(new Uint8Array(bytes), { ocr: (img, luminance) => engine.recognize(img, luminance) });
    // A persona's name in large type beside a photo, and a chat screenshot's lines, each read whole.
    expect(deck.pages[1]!.title).toBe('Meet Matt');
    expect(deck.pages[7]!.text).toMatch(/^Matt Pouldar$/m);
    expect(deck.pages[7]!.text).toMatch(/Hey Brittany! Looks like we have so/);
    // A page sparse text reads surely keeps its reading (the cards and metric grids it reads best).
    expect(deck.pages[8]!.text).toMatch(/Hyper-location \(Using WIFI, not GPS\)/);
  }, 60_000);

  it.runIf(sharedFixtures().available)('reads the words inside outlined pills, which sparse text skips (a traction slide’s ‘30000+ PLAYERS’)', async () => {
    // Token Tails' traction slide as an image-only deck shows it: black words in outlined pills among logos.
    const renderer = new PageImageRenderer();
    let drawn: PageImage | PageOutOfRange;
    try {
      drawn = await renderer.render(new Uint8Array(await readFile(join(DECKS_DIR, 'real', 'token-tails-pitch-deck.pdf'))), 13);
    } finally {
      await renderer.close();
    }
    if (isPageOutOfRange(drawn)) throw new Error('page 13 not drawn');
    const deck = await readDeck(await pdfOfImages([drawn]), { ocr: (img, luminance) => engine.recognize(img, luminance) });
    expect(deck.pages[0]!.text).toMatch(/^30000\+ PLAYERS$/m);
    expect(deck.pages[0]!.text).toMatch(/\bPARTNERS\b/);
    // What sparse text reads there stays: the logos' names.
    expect(deck.pages[0]!.text).toMatch(/\bRockit\b/);
  }, 60_000);

  it.runIf(sharedFixtures().available)('reads a sideways slide turned upright, though the automatic mode reads its lines down the page', async () => {
    // Airbnb's business model slide stands sideways on its page as a viewer draws it: sparse text reads
    // nothing there and the automatic mode reads each line downwards, all of them as one line.
    const pdf = new Uint8Array(await readFile(join(DECKS_DIR, 'real', 'airbnb-deck-powerpoint-reproduction.pdf')));
    let drawn: Uint8Array | null = null;
    await readPdf(pdf, { forceRender: true, onOcrImage: ({ page, image }) => void (page === 7 && (drawn = image)) });
    const read = await engine.recognize(drawn!);
    expect(read.title).toMatch(/^Business Model/);
    expect(read.text).toMatch(/^We take a 10% commission on each transaction\.$/m);
  }, 60_000);
});
