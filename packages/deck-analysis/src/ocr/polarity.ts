/**
 * Light text on dark ground, made dark on light for OCR. Slides put white words on coloured
 * bars, pills, circles and dark backgrounds; tesseract binarises the page once and reads
 * dark ink on light paper, so such words come out as junk or not at all.
 *
 * The page is split at its Otsu threshold into dark and light regions (4-connected). A dark
 * region is a ground, not a glyph, when it is solid (at least MIN_FILL of its box is dark)
 * and holds at least MIN_HOLES light regions enclosed by it (letters): a glyph has two
 * counters at most ('8', 'B', '%'), a bold headline is far from solid. A ground and the
 * letters it encloses are inverted (and the counters inside those letters with them); a light
 * region inside a ground that is a ground itself (a white card on a dark slide) keeps its
 * own dark text as it is.
 */
const MIN_HOLES = 3;
const MIN_FILL = 0.6;
/**
 * A ground is a flat colour: its pixels' spread of grey stays within this standard deviation. The
 * dark parts of a photograph (hair, a night sky, a suit) vary far more, and inverting them makes
 * the photo's caption unreadable.
 */
const MAX_GROUND_SPREAD = 24;
/** A ground smaller than this many pixels on either side holds no line of text. */
const MIN_SIDE = 12;

/** Otsu's threshold of 8-bit grey pixels. */
export function otsuThreshold(pixels: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < pixels.length; i += 3) hist[pixels[i]!]! += 1;
  let total = 0;
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    total += hist[v]!;
    sum += v * hist[v]!;
  }
  let best = 128;
  let bestVar = -1;
  let wB = 0;
  let sumB = 0;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > bestVar) {
      bestVar = between;
      best = t;
    }
  }
  return best;
}

/** Inverts, in place, the dark grounds of a grey page and the light text on them. Returns whether anything was inverted. */
export function invertDarkGrounds(pixels: Uint8Array, width: number, height: number): boolean {
  const n = width * height;
  if (n === 0 || pixels.length < n) return false;
  const t = otsuThreshold(pixels.subarray(0, n));
  const isDark = new Uint8Array(n);
  for (let i = 0; i < n; i++) isDark[i] = pixels[i]! <= t ? 1 : 0;
  // Union-find labelling of 4-connected regions of one class.
  const parent = new Int32Array(n);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      const d = isDark[i];
      parent[i] = x > 0 && isDark[i - 1] === d ? parent[i - 1]! : i;
      if (y > 0 && isDark[i - width] === d) {
        const a = find(i - width);
        const b = find(i);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }
  // Regions, numbered by their first pixel in raster order (so an enclosing region comes first).
  const id = new Int32Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const r = find(i);
    id[i] = r === i ? count++ : id[r]!;
  }
  const first = new Int32Array(count);
  const area = new Int32Array(count);
  const minX = new Int32Array(count).fill(width);
  const maxX = new Int32Array(count);
  const minY = new Int32Array(count);
  const maxY = new Int32Array(count);
  const border = new Uint8Array(count);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const edgeRow = y === 0 || y === height - 1;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      const k = id[i]!;
      if (area[k] === 0) {
        first[k] = i;
        minY[k] = y;
      }
      area[k]! += 1;
      if (x < minX[k]!) minX[k] = x;
      if (x > maxX[k]!) maxX[k] = x;
      maxY[k] = y;
      if (edgeRow || x === 0 || x === width - 1) border[k] = 1;
    }
  }
  // The region around each region: the one left of its first pixel (none on the page's edge).
  const encloser = new Int32Array(count).fill(-1);
  const holes = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    if (border[k]) continue;
    const i = first[k]!;
    if (i % width === 0) continue;
    encloser[k] = id[i - 1]!;
    holes[encloser[k]!]! += 1;
  }
  // Each region's grey level and spread, for whether a dark one is a flat ground or part of a picture.
  const sum = new Float64Array(count);
  const sumSq = new Float64Array(count);
  for (let i = 0; i < n; i++) {
    const v = pixels[i]!;
    sum[id[i]!]! += v;
    sumSq[id[i]!]! += v * v;
  }
  const flat = (k: number) => {
    const mean = sum[k]! / area[k]!;
    return sumSq[k]! / area[k]! - mean * mean <= MAX_GROUND_SPREAD * MAX_GROUND_SPREAD;
  };
  const ground = (k: number) => {
    const w = maxX[k]! - minX[k]! + 1;
    const h = maxY[k]! - minY[k]! + 1;
    return holes[k]! >= MIN_HOLES && w >= MIN_SIDE && h >= MIN_SIDE && area[k]! >= MIN_FILL * w * h && flat(k);
  };
  // Each inverted region's ground (itself, or the ground around the letter it belongs to); -1 when not inverted.
  const groundOf = new Int32Array(count).fill(-1);
  let any = false;
  for (let k = 0; k < count; k++) {
    const darkRegion = isDark[first[k]!] === 1;
    const e = encloser[k]!;
    if (darkRegion && ground(k)) groundOf[k] = k;
    else if (e >= 0 && groundOf[e]! >= 0 && (darkRegion || !ground(k))) groundOf[k] = groundOf[e]!;
    if (groundOf[k]! >= 0) any = true;
  }
  if (!any) return false;
  // The ground's grey level, so that the ground turns white and the letters black: a mid-grey
  // ground merely inverted stays mid-grey, and the page's one threshold could swallow it.
  for (let i = 0; i < n; i++) {
    const g = groundOf[id[i]!]!;
    if (g < 0) continue;
    const level = Math.min(250, sum[g]! / area[g]!);
    pixels[i] = Math.max(0, Math.min(255, Math.round((255 * (255 - pixels[i]!)) / (255 - level))));
  }
  return true;
}
