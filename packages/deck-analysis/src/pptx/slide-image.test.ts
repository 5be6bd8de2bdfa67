import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest, sharedFixtures } from '../../../../test-support/shared-fixtures.ts';
import { DeckError, type DeckErrorCode } from '../errors.ts';
import { isPageOutOfRange, PageImageRenderer, type PageImage, type PageOutOfRange } from '../pdf/page-image.ts';
import { makeHugePng } from '../testing/bombs.ts';
import { makeBigImagePdf, makeLyingZipBomb, makePpt, makePptx, makeZipBomb } from '../testing/generate-decks.ts';

/**
 * Slides of .pptx decks drawn as page images: real pixels where the slide puts its
 * shapes, text and pictures, through the same renderer (and bounds) as PDF pages.
 */
const renderer = new PageImageRenderer();
afterAll(() => renderer.close());

const EMU = 12_700 * 72; // one inch
const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const xfrm = (x: number, y: number, w: number, h: number) =>
  `<a:xfrm><a:off x="${x * EMU}" y="${y * EMU}"/><a:ext cx="${w * EMU}" cy="${h * EMU}"/></a:xfrm>`;

/** One 13.33 x 7.5 in slide (makePptx's 16:9 size): a blue rectangle, a text box, a green picture (rId4, makePptx's image). */
const SLIDE = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>
<p:sp><p:nvSpPr><p:cNvPr id="2" name="Box"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr>${xfrm(1, 1, 3, 2)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="1F77B4"/></a:solidFill></p:spPr></p:sp>
<p:sp><p:nvSpPr><p:cNvPr id="3" name="Text"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr>${xfrm(6, 1, 6, 1.5)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr><p:txBody><a:bodyPr wrap="square"/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="2800" b="1"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:rPr><a:t>Acme robots pick every order in a warehouse</a:t></a:r></a:p></p:txBody></p:sp>
<p:pic><p:nvPicPr><p:cNvPr id="4" name="Picture"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:embed="rId4"/><a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr>${xfrm(1, 4, 4, 2)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>
</p:spTree></p:cSld></p:sld>`;

function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Uint8Array {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([r, g, b, 255], i * 4);
  return new Uint8Array(PNG.sync.write(png));
}

/** makePptx's package (content types, presentation, slide order, the picture's relationship) with SLIDE as its one slide. */
async function testDeck(picture: Uint8Array = solidPng(40, 20, [0, 192, 0])): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(await makePptx([{ image: picture }]));
  zip.file('ppt/slides/slide1.xml', SLIDE);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

function pixels(image: PageImage) {
  const png = PNG.sync.read(Buffer.from(image.png));
  /** Slide inches to the image's pixels. */
  const scale = png.width / 13.333;
  const at = (xIn: number, yIn: number) => {
    const i = (Math.round(yIn * scale) * png.width + Math.round(xIn * scale)) * 4;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };
  /** Dark pixels (text ink) inside and outside a box in inches. */
  const dark = (box: { x: number; y: number; w: number; h: number }) => {
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const i = (y * png.width + x) * 4;
        if (png.data[i]! > 80 || png.data[i + 1]! > 80 || png.data[i + 2]! > 80) continue;
        const [xi, yi] = [x / scale, y / scale];
        if (xi >= box.x && xi <= box.x + box.w && yi >= box.y && yi <= box.y + box.h) inside++;
        else outside++;
      }
    }
    return { inside, outside };
  };
  /** Distinct colours on a 40 x 24 grid. */
  const colours = () => {
    const seen = new Set<string>();
    for (let gy = 0; gy < 24; gy++)
      for (let gx = 0; gx < 40; gx++) seen.add(String(at(((gx + 0.5) * 13.333) / 40, ((gy + 0.5) * 7.5) / 24)));
    return seen.size;
  };
  return { width: png.width, height: png.height, at, dark, colours };
}

async function drawn(bytes: Uint8Array, page: number): Promise<PageImage> {
  const result = await renderer.render(bytes, page);
  if (isPageOutOfRange(result)) throw new Error(`page ${page} out of range (${result.pages} pages)`);
  return result;
}

async function refusal(result: Promise<PageImage | PageOutOfRange>): Promise<DeckErrorCode> {
  const error = await result.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeckError);
  return (error as DeckError).code;
}

describe('page images of .pptx slides', () => {
  it('draws a slide’s rectangle, text and picture where the slide puts them, at the slide’s shape', async () => {
    const image = await drawn(await testDeck(), 1);
    expect(image.pages).toBe(1);
    // 16:9, the longer side at the viewer's size, as PDF pages are drawn.
    expect(image.width).toBe(1600);
    expect(Math.abs(image.width / image.height - 12_192_000 / 6_858_000)).toBeLessThan(0.01);
    const px = pixels(image);
    expect(px.at(2.5, 2)).toEqual([0x1f, 0x77, 0xb4]); // the rectangle's centre
    expect(px.at(3, 5)).toEqual([0, 192, 0]); // the picture's centre
    expect(px.at(8, 6.5)).toEqual([255, 255, 255]); // the default white background
    // The text's ink lies in its box (wrapped to its width), none of it elsewhere.
    const ink = px.dark({ x: 6, y: 1, w: 6, h: 1.5 });
    expect(ink.inside).toBeGreaterThan(2_000);
    expect(ink.outside).toBe(0);
  });

  it('answers out of range for a slide the deck does not have', async () => {
    const result = await renderer.render(await testDeck(), 2);
    expect(isPageOutOfRange(result) && result.pages).toBe(1);
  });

  it('refuses zip bombs (declared or lying) and pictures too big to decode, as PDF pages with huge images are', async () => {
    expect(await refusal(renderer.render(await makeZipBomb(8 * 1024 * 1024), 1))).toBe('zip_bomb');
    expect(await refusal(renderer.render(await makeLyingZipBomb(64 * 1024), 1))).toBe('zip_bomb');
    // A 7000 x 7000 picture (49 megapixels) is over the decode budget, in a slide as in a PDF.
    expect(await refusal(renderer.render(await testDeck(makeHugePng(7_000)), 1))).toBe('too_complex');
    expect(await refusal(renderer.render(makeBigImagePdf(7_000), 1))).toBe('too_complex');
  });

  it('refuses a legacy .ppt with a message saying it is not drawn', async () => {
    const error = await renderer.render(makePpt([{ title: 'Acme', lines: ['Robots'] }]), 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeckError);
    expect((error as DeckError).message).toMatch(/\(\.ppt\) files are not drawn/);
  });
});

const fixtures = sharedFixtures();
const realPptx = fixtures.available ? (await readManifest()).filter((d) => d.set === 'real' && d.format === 'pptx') : [];

describe.skipIf(!fixtures.available)('page images of the real .pptx decks in ../shared/fixtures', () => {
  it('finds the real .pptx decks in the manifest', () => {
    expect(realPptx.length).toBeGreaterThan(0);
  });

  // One test per deck: each draws all its slides within the test timeout, however many decks the manifest lists.
  it.each(realPptx.map((d) => [d.file, d] as const))('draws every slide of %s as a PNG of the slide’s shape', async (_file, deck) => {
    const bytes = new Uint8Array(await readFile(deck.path));
    // The manifest's note gives the slide count: 'N slides' in the first decks' notes, '| N pages; outcome …' in the later ones'.
    const slides = Number((/\| (\d+) pages; outcome/.exec(deck.note) ?? /(\d+) slides/.exec(deck.note))?.[1]);
    expect(slides, deck.file).toBeGreaterThan(0);
    for (let page = 1; page <= slides; page++) {
      const image = await drawn(bytes, page);
      expect(image.pages, deck.file).toBe(slides);
      expect([...image.png.subarray(1, 4)], `${deck.file} slide ${page}`).toEqual([0x50, 0x4e, 0x47]);
      // Not blank: every one of these slides has text or pictures, so more than one colour.
      expect(pixels(image).colours(), `${deck.file} slide ${page}`).toBeGreaterThan(1);
    }
    expect(isPageOutOfRange(await renderer.render(bytes, slides + 1)), deck.file).toBe(true);
  });

  it('draws the Sightline title slide as it is laid out: the blue bar at the left, the quote in its box', async () => {
    const deck = (await readManifest()).find((d) => d.file === 'sightline-pitch.pptx');
    if (!deck) return;
    const px = pixels(await drawn(new Uint8Array(await readFile(deck.path)), 1));
    expect(px.at(0.05, 3.75)).toEqual([0x03, 0x69, 0xa1]);
    expect(px.at(12, 7)).toEqual([0xf6, 0xf7, 0xf9]); // the full-slide pale rectangle, over the white background
    // Dark ink (0F172A) of '“The trench gets filled in.' in its box (0.95 in from the left, 2.65 in down, 1.1 in high).
    expect(px.dark({ x: 0.9, y: 2.6, w: 11.5, h: 1.2 }).inside).toBeGreaterThan(5_000);
  });

  it('draws or refuses every robustness .pptx with a typed error, never crashing', async () => {
    const decks = (await readManifest()).filter((d) => d.set === 'robustness' && d.format === 'pptx');
    for (const deck of decks) {
      const outcome = await renderer.render(new Uint8Array(await readFile(deck.path)), 1).then(
        (r) => (isPageOutOfRange(r) ? 'out-of-range' : 'drawn'),
        (e: unknown) => (e instanceof DeckError ? e.code : `untyped: ${String(e)}`),
      );
      expect(
        ['drawn', 'out-of-range', 'corrupt', 'encrypted', 'unsupported_format'],
        `${deck.file}: ${outcome}`,
      ).toContain(outcome);
    }
  });
});
