import { afterAll, describe, expect, it } from 'vitest';
import { DeckAnalyzer } from './analyzer.ts';
import { DeckError } from './errors.ts';
import { EXPANDS_MESSAGE, imageSize, pictureFits } from './read/image-size.ts';
import { makeFlateBombPdf, makeHugePng, makePixelBombPptx } from './testing/bombs.ts';
import { makePptx, makeTextPdf, slideImages } from './testing/generate-decks.ts';

/**
 * Bounded analysis: files that expand to gigabytes once read fail with their typed error
 * in the reader threads, and the analyzer keeps working. The memory they may take is
 * measured by `npm run bench:bombs` (RSS of the whole process), not here.
 */
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof DeckError ? { code: e.code, message: e.message } : { code: `untyped: ${String(e)}`, message: '' }),
  );

const slides = [
  { title: 'Acme Robotics', lines: ['Warehouse robots for small retailers. Seed round.'] },
  { title: 'Traction', lines: ['MRR $45K growing 18% MoM', '120 paying customers', 'Gross margin 75%'] },
];

describe('bombs', () => {
  const analyzer = new DeckAnalyzer({ maxWorkers: 1 });
  afterAll(() => analyzer.close());

  it('refuses a 1 MB PDF whose content stream inflates to 1 GB, at upload and at scoring, and reads the next deck', async () => {
    const bomb = makeFlateBombPdf();
    expect(bomb.length).toBeLessThan(1.1 * 2 ** 20);
    expect(await errorOf(analyzer.inspect(bomb))).toEqual({ code: 'too_complex', message: EXPANDS_MESSAGE });
    expect(await errorOf(analyzer.analyze(bomb, null))).toEqual({ code: 'too_complex', message: EXPANDS_MESSAGE });
    // The reader thread that hit the cap was replaced: the next deck reads as ever.
    expect(await analyzer.inspect(await makeTextPdf(slides))).toMatchObject({ format: 'pdf', pages: 2, textPages: 2 });
  }, 60_000);

  it('refuses a small PPTX holding a 30000x30000 PNG before any decoder sees it', async () => {
    const bomb = await makePixelBombPptx(30_000);
    expect(bomb.length).toBeLessThan(2 ** 20);
    expect(await errorOf(analyzer.inspect(bomb))).toEqual({ code: 'too_complex', message: EXPANDS_MESSAGE });
    expect(await errorOf(analyzer.analyze(bomb, null))).toEqual({ code: 'too_complex', message: EXPANDS_MESSAGE });
    const a = await analyzer.analyze(await makePptx(slides), null);
    expect(a.keyMetrics.mrr?.value).toBe(45_000);
  }, 60_000);

  it("caps the workers' WebAssembly, never the host's (its embedded database is WebAssembly too)", async () => {
    await analyzer.inspect(await makeTextPdf(slides));
    const wasm = (globalThis as unknown as { WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => { grow(pages: number): number; buffer: ArrayBuffer } } }).WebAssembly;
    const memory = new wasm.Memory({ initial: 1, maximum: 16_384 });
    memory.grow(8_191); // to 512 MB, past the workers' 384 MB cap
    expect(memory.buffer.byteLength).toBe(512 * 2 ** 20);
  });

  it('keeps OCR for pictures within the pixel budget', async () => {
    const [picture] = await slideImages([{ title: 'Traction', lines: ['MRR $45K growing 18% MoM', '120 paying customers'] }]);
    const a = await analyzer.analyze(await makePptx([slides[0]!, { image: picture! }, { title: 'Team', lines: ['Jane Doe, CEO & Co-founder'] }]), null);
    expect(a.deck.ocrPages).toBe(1);
  }, 60_000);
});

describe('imageSize', () => {
  it('reads the size from PNG, JPEG, GIF, BMP and PGM headers without decoding', async () => {
    expect(imageSize(makeHugePng(30_000))).toEqual({ width: 30_000, height: 30_000 });
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(640, 360);
    expect(imageSize(new Uint8Array(await canvas.encode('jpeg')))).toEqual({ width: 640, height: 360 });
    expect(imageSize(new Uint8Array(await canvas.encode('png')))).toEqual({ width: 640, height: 360 });
    expect(imageSize(new Uint8Array(await canvas.encode('webp')))).toEqual({ width: 640, height: 360 });
    const gif = new Uint8Array([...Buffer.from('GIF89a'), 0x30, 0x75, 0x30, 0x75, 0, 0, 0]);
    expect(imageSize(gif)).toEqual({ width: 30_000, height: 30_000 });
    const bmp = new Uint8Array(54);
    bmp.set(Buffer.from('BM'));
    new DataView(bmp.buffer).setUint32(14, 40, true);
    new DataView(bmp.buffer).setInt32(18, 30_000, true);
    new DataView(bmp.buffer).setInt32(22, -30_000, true);
    expect(imageSize(bmp)).toEqual({ width: 30_000, height: 30_000 });
    expect(imageSize(new Uint8Array(Buffer.from('P5\n# page 1\n1400 990\n255\n')))).toEqual({ width: 1400, height: 990 });
    expect(imageSize(new Uint8Array(Buffer.from('not an image')))).toBeNull();
  });

  it('lets a picture within the budget through, refuses a bigger one with too_complex, skips one it cannot measure', () => {
    expect(pictureFits(makeHugePng(2_000))).toBe(true);
    expect(() => pictureFits(makeHugePng(7_000))).toThrow(DeckError);
    expect(pictureFits(new Uint8Array(Buffer.from('<svg/>')))).toBe(false);
  });
});
