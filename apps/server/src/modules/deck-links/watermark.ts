import { createCanvas, GlobalFonts, loadImage } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const FAMILY = 'FitScore Watermark';
/** Slide text stays crisp at this quality. */
const JPEG_QUALITY = 88;
// DejaVu Sans ships with the server (the PDF report uses it too): the same glyphs on every host.
let registered = false;
function registerFont() {
  if (registered) return;
  GlobalFonts.registerFromPath(join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'), FAMILY);
  registered = true;
}

/**
 * Draws `text` (the viewer's email) across a page image: a diagonal band repeated over the page,
 * faint enough to read the slide through and present on every part of it, so a crop or a
 * screenshot of any region carries it. Skia (@napi-rs/canvas, ADR 0072) decodes, draws and
 * encodes off the event loop.
 */
export async function watermarkPage(png: Uint8Array, text: string): Promise<Uint8Array> {
  // Answers a JPEG.
  registerFont();
  const image = await loadImage(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  const { width, height } = image;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);

  const size = Math.max(14, Math.round(Math.min(width, height) / 28));
  ctx.font = `${size}px "${FAMILY}"`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  const step = ctx.measureText(text).width + size * 4;
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate(-Math.PI / 7);
  const reach = Math.hypot(width, height) / 2 + step;
  for (let y = -reach, row = 0; y <= reach; y += size * 6, row++) {
    // Every other row shifted by half a step, so the bands interleave.
    for (let x = -reach + (row % 2) * (step / 2); x <= reach; x += step) {
      // A dark line with a light halo: legible over white slides and dark ones alike.
      ctx.lineWidth = Math.max(2, size / 8);
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.35)';
      ctx.strokeText(text, x, y);
      ctx.fillStyle = 'rgba(60, 60, 72, 0.28)';
      ctx.fillText(text, x, y);
    }
  }
  ctx.restore();
  // And once plainly along the bottom edge, on a light plate over the bands: readable on a dark
  // slide too, and by whoever has to find out whose copy leaked.
  const line = `Shared with ${text}`;
  const lineSize = Math.round(size * 0.6);
  ctx.font = `${lineSize}px "${FAMILY}"`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  const right = width - size / 2;
  const bottom = height - size / 3;
  const pad = lineSize / 3;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.8)';
  ctx.fillRect(right - ctx.measureText(line).width - pad, bottom - lineSize * 1.2 - pad / 2, ctx.measureText(line).width + pad * 2, lineSize * 1.2 + pad);
  ctx.fillStyle = 'rgba(40, 40, 52, 0.85)';
  ctx.fillText(line, right, bottom);
  // JPEG: a third of PNG's encoding time and a quarter of its size for a page with a watermark (ADR 0072).
  return new Uint8Array(await canvas.encode('jpeg', JPEG_QUALITY));
}
