import { describe, expect, it } from 'vitest';
import { invertDarkGrounds } from './polarity.ts';

/** A grey page: `ground` filled in [x0, x1) x [y0, y1), with `glyphs` small squares of `ink` inside it. */
function page(width: number, height: number, paper: number, box: [number, number, number, number] | null, ground: number, ink: number, glyphs: number) {
  const px = new Uint8Array(width * height).fill(paper);
  if (box) {
    const [x0, y0, x1, y1] = box;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) px[y * width + x] = ground;
    for (let g = 0; g < glyphs; g++) {
      const gx = x0 + 6 + g * 10;
      for (let y = y0 + 6; y < y0 + 12; y++) for (let x = gx; x < gx + 5; x++) px[y * width + x] = ink;
    }
  }
  return px;
}

describe('light text on dark ground', () => {
  it('turns a dark bar with light letters into dark letters on white', () => {
    const px = page(120, 40, 250, [10, 10, 90, 30], 90, 255, 5);
    expect(invertDarkGrounds(px, 120, 40)).toBe(true);
    expect(px[12 * 120 + 12]).toBe(255); // the bar is white now
    expect(px[17 * 120 + 17]).toBe(0); // a letter is black
    expect(px[2 * 120 + 2]).toBe(250); // the paper is untouched
  });

  it('leaves dark text on light paper and a bold figure as they are', () => {
    const text = page(120, 40, 250, [10, 10, 90, 30], 250, 20, 5);
    const before = text.slice();
    expect(invertDarkGrounds(text, 120, 40)).toBe(false);
    expect(text).toEqual(before);
    // A solid dark block without letters in it (a thick stroke of a headline figure).
    const stroke = page(120, 40, 250, [10, 10, 40, 30], 20, 20, 0);
    expect(invertDarkGrounds(stroke, 120, 40)).toBe(false);
  });

  it("leaves the dark parts of a photograph alone: a ground is one flat colour, a photo's shadows are not", () => {
    const photo = page(120, 40, 250, [10, 10, 90, 30], 70, 255, 5);
    // Shadows and texture: the dark area's greys spread from 20 to 120, around the same mean as the bar above.
    for (let y = 10; y < 30; y++) for (let x = 10; x < 90; x++) if (photo[y * 120 + x] === 70) photo[y * 120 + x] = 20 + ((x * 37 + y * 61) % 101);
    const before = photo.slice();
    expect(invertDarkGrounds(photo, 120, 40)).toBe(false);
    expect(photo).toEqual(before);
  });
});
