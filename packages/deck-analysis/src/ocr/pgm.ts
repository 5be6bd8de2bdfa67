/**
 * Tesseract's image reader (Leptonica) reads binary PGM directly, so a rendered page
 * goes to OCR as 8-bit grey pixels with a 15-byte header: no PNG encode/decode.
 */
/** PDFium's 4-byte B, G, R, unused pixels to an 8-bit PGM (ITU-R BT.601 luma). */
export function bgrxToPgm(heap: Uint8Array, at: number, stride: number, width: number, height: number): Uint8Array {
  return bgrxToGrey(heap, at, stride, width, height, (b, g, r) => (b * 29 + g * 150 + r * 77) >> 8);
}

/** A PGM of a BGRX drawing, each pixel's grey given by `grey` of its blue, green and red. */
function bgrxToGrey(heap: Uint8Array, at: number, stride: number, width: number, height: number, grey: (b: number, g: number, r: number) => number): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header, 0);
  let j = header.length;
  for (let y = 0; y < height; y++) {
    let i = at + y * stride;
    for (let x = 0; x < width; x++, i += 4) out[j++] = grey(heap[i]!, heap[i + 1]!, heap[i + 2]!);
  }
  return out;
}

/** sRGB levels to linear light (WCAG 2's relative luminance formula). */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
/** Each channel's share of the luminance, in the 4,096 steps of TO_LEVEL. */
const [BLUE, GREEN, RED] = [0.0722, 0.7152, 0.2126].map((w) => LINEAR.map((v) => v * w * 4095)) as [Float64Array, Float64Array, Float64Array];
/** Linear light in 4,096 steps back to the sRGB level whose linear value is nearest. */
const TO_LEVEL = Uint8Array.from({ length: 4096 }, (_, i) => {
  const l = i / 4095;
  return Math.round(255 * (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055));
});

/**
 * A BGRX drawing as each pixel's relative luminance (WCAG 2: 0.2126 R + 0.7152 G + 0.0722 B in
 * linear light), written as the sRGB grey of that luminance: a contrast ratio of two such greys is
 * the ratio of the two colours. The luma of bgrxToPgm weighs the encoded levels instead, and puts
 * a saturated green (2.4:1 on white) at 4.7:1.
 */
export function bgrxToLuminancePgm(heap: Uint8Array, at: number, stride: number, width: number, height: number): Uint8Array {
  return bgrxToGrey(heap, at, stride, width, height, (b, g, r) => TO_LEVEL[Math.round(BLUE[b]! + GREEN[g]! + RED[r]!)]!);
}

/**
 * Share of sampled pixels that differ clearly from the page background (the most
 * common grey level). A rendered page with almost no ink has nothing to read.
 */
export function inkRatio(pgm: Uint8Array, headerLength: number): number {
  const hist = new Uint32Array(256);
  let samples = 0;
  for (let i = headerLength; i < pgm.length; i += 7) {
    hist[pgm[i] ?? 0]! += 1;
    samples += 1;
  }
  if (samples === 0) return 0;
  let bg = 0;
  for (let v = 1; v < 256; v++) if (hist[v]! > hist[bg]!) bg = v;
  let ink = 0;
  for (let v = 0; v < 256; v++) if (Math.abs(v - bg) > 40) ink += hist[v]!;
  return ink / samples;
}

export function pgmHeaderLength(pgm: Uint8Array): number {
  // 'P5\n', width ' ' height '\n', '255\n': the header ends after the third newline.
  let newlines = 0;
  for (let i = 0; i < Math.min(pgm.length, 64); i++) {
    if (pgm[i] === 0x0a && ++newlines === 3) return i + 1;
  }
  return 0;
}

/** Width, height and pixels of a binary 8-bit PGM, or null for any other image (PNG, JPEG...). */
export function parsePgm(image: Uint8Array): { width: number; height: number; pixels: Uint8Array } | null {
  if (image[0] !== 0x50 || image[1] !== 0x35) return null;
  const at = pgmHeaderLength(image);
  const m = /^P5\s+(\d+)\s+(\d+)\s+255\s$/.exec(new TextDecoder().decode(image.subarray(0, at)));
  if (!at || !m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (image.length < at + width * height) return null;
  return { width, height, pixels: image.subarray(at, at + width * height) };
}

/** A PGM of these pixels. */
export function makePgm(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header, 0);
  out.set(pixels.subarray(0, width * height), header.length);
  return out;
}

/** A PGM turned a quarter turn: counter-clockwise (`ccw`, a page printed turned clockwise reads upright) or clockwise. */
export function rotatePgm(image: Uint8Array, direction: 'ccw' | 'cw'): Uint8Array | null {
  const pgm = parsePgm(image);
  if (!pgm) return null;
  const { width: w, height: h, pixels } = pgm;
  const out = new Uint8Array(w * h);
  // The output is h wide and w high.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const v = pixels[row + x]!;
      if (direction === 'ccw') out[(w - 1 - x) * h + y] = v;
      else out[x * h + (h - 1 - y)] = v;
    }
  }
  return makePgm(h, w, out);
}
