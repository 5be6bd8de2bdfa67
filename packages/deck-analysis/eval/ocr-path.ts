import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { DeckAnalyzer } from '../src/analyzer.ts';
import { LIMITS } from '../src/limits.ts';
import type { DeckText } from '../src/model.ts';
import { isPageOutOfRange, PageImageRenderer } from '../src/pdf/page-image.ts';
import { pdfOfImages } from '../src/testing/generate-decks.ts';
import { ENGINE_VERSION } from '../src/version.ts';
import { CACHE_ROOT } from './corpus.ts';

/**
 * The OCR path on a text deck: every page drawn as the viewer draws it, the pictures put into
 * an image-only PDF, and that PDF read by the app's own reader (so through its OCR, exactly as
 * an image-only deck a founder uploads). Kept under node_modules/.cache/fitscore-eval when
 * `cache` is set (OCR of 45 decks takes minutes).
 */
export async function ocrDeckText(analyzer: DeckAnalyzer, renderer: PageImageRenderer, bytes: Uint8Array, cache: boolean): Promise<DeckText> {
  const dir = join(CACHE_ROOT, 'fitscore-eval');
  const path = join(dir, `ocr-${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}-${ENGINE_VERSION}.json`);
  if (cache && existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as DeckText;
  const images: Array<{ png: Uint8Array; width: number; height: number }> = [];
  for (let page = 1; ; page++) {
    // A busy machine can make one page miss the renderer's deadline: drawn again, once.
    const image = await renderer.render(bytes, page).catch(() => renderer.render(bytes, page));
    if (isPageOutOfRange(image)) break;
    images.push(image);
  }
  // As an exporter makes an image-only deck within the upload limit: photographs of slides in JPEG
  // when the lossless pages would be larger (a long deck of pictures is).
  const lossless = await pdfOfImages(images);
  const pdf = lossless.length <= LIMITS.maxBytes ? lossless : await pdfOfImages(await Promise.all(images.map(asJpeg)));
  const { deck } = await analyzer.readText(pdf);
  if (cache) {
    await mkdir(dir, { recursive: true });
    await writeFile(path, JSON.stringify(deck));
  }
  return deck;
}

/** A drawn page as a JPEG (quality 90), for pdfOfImages: PDFKit takes either format. */
async function asJpeg(image: { png: Uint8Array; width: number; height: number }) {
  const picture = await loadImage(Buffer.from(image.png));
  const canvas = createCanvas(picture.width, picture.height);
  canvas.getContext('2d').drawImage(picture, 0, 0);
  return { png: new Uint8Array(canvas.toBuffer('image/jpeg', 90)), width: image.width, height: image.height };
}
