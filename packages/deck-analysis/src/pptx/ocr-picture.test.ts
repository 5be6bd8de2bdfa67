import { createCanvas, loadImage } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { TesseractEngine } from '../ocr/tesseract-engine.ts';
import { OCR_LONG_SIDE } from '../pdf/pdf-render.ts';
import { imageSize } from '../read/image-size.ts';
import { makePptx, slideImages } from '../testing/generate-decks.ts';
import { readPptx } from './pptx-reader.ts';

const slide = { title: 'Traction', lines: ['Revenue grew to 85,000 dollars a month', 'Signed customers in nine countries'] };

/** The pictures a PowerPoint deck offers OCR, one slide holding only `picture`. */
async function offered(picture: Uint8Array): Promise<Uint8Array[]> {
  const images: Uint8Array[] = [];
  await readPptx(await makePptx([{ image: picture }]), { onOcrImage: (i) => void images.push(i.image) });
  return images;
}

async function asJpeg(png: Uint8Array): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return new Uint8Array(await canvas.encode('jpeg', 90));
}

describe('a slide picture for OCR', () => {
  let engine: TesseractEngine;
  beforeAll(async () => {
    engine = await TesseractEngine.create();
  }, 60_000);

  it.each(['png', 'jpeg'] as const)('a %s larger than a page drawn for OCR reaches OCR at that size, and its words are read', async (format) => {
    const [png] = await slideImages([slide], 3_200);
    const picture = format === 'png' ? png! : await asJpeg(png!);
    expect(Math.max(...Object.values(imageSize(picture)!))).toBe(3_200);
    const [image] = await offered(picture);
    const size = imageSize(image!)!;
    expect(Math.max(size.width, size.height)).toBe(OCR_LONG_SIDE);
    expect(size.width / size.height).toBeCloseTo(16 / 9, 1);
    const read = await engine.recognize(image!);
    expect(read.text).toContain('Traction');
    expect(read.text).toContain('85,000');
    expect(read.text).toContain('nine countries');
  }, 60_000);

  it('a picture no larger than that goes as it is', async () => {
    const [png] = await slideImages([slide], 1_200);
    const images = await offered(png!);
    expect(images).toHaveLength(1);
    expect(Buffer.from(images[0]!).equals(Buffer.from(png!))).toBe(true);
  });

  it('a large picture with nothing drawn on it is not offered', async () => {
    const canvas = createCanvas(3_000, 2_000);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 3_000, 2_000);
    expect(await offered(new Uint8Array(await canvas.encode('png')))).toEqual([]);
  });
});
