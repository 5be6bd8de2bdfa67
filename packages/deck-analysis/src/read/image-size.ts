import { DeckError } from '../errors.ts';
import { LIMITS } from '../limits.ts';

/**
 * Pixel size of a picture from its header, without decoding it: PNG (IHDR), JPEG (the
 * first SOF marker), GIF (logical screen), BMP (info header), WebP (VP8, VP8L, VP8X),
 * binary PGM/PPM (our own page renders). Null for anything else or a header that is cut
 * short. A 1 MB PNG can hold 30000x30000 pixels: decoding it takes gigabytes, so every
 * picture is measured before it reaches a decoder.
 */
export function imageSize(b: Uint8Array): { width: number; height: number } | null {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const has = (n: number) => b.length >= n;
  const ascii = (at: number, s: string) => has(at + s.length) && [...s].every((c, i) => b[at + i] === c.charCodeAt(0));
  // PNG: signature, then IHDR with width and height as big-endian uint32.
  if (has(24) && b[0] === 0x89 && ascii(1, 'PNG') && ascii(12, 'IHDR')) return { width: v.getUint32(16), height: v.getUint32(20) };
  // GIF87a/GIF89a: logical screen width and height, little-endian uint16 (frames cannot exceed it).
  if (has(10) && ascii(0, 'GIF8')) return { width: v.getUint16(6, true), height: v.getUint16(8, true) };
  // BMP: BITMAPINFOHEADER (or later) width and height as int32; a negative height is top-down.
  if (has(26) && ascii(0, 'BM')) {
    if (v.getUint32(14, true) === 12) return { width: v.getUint16(18, true), height: v.getUint16(20, true) };
    return { width: Math.abs(v.getInt32(18, true)), height: Math.abs(v.getInt32(22, true)) };
  }
  if (has(30) && ascii(0, 'RIFF') && ascii(8, 'WEBP')) return webpSize(b, v);
  if (has(4) && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b, v);
  if (has(3) && b[0] === 0x50 && (b[1] === 0x35 || b[1] === 0x36)) return pnmSize(b);
  return null;
}

function webpSize(b: Uint8Array, v: DataView): { width: number; height: number } | null {
  const chunk = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  if (chunk === 'VP8X') return { width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) };
  if (chunk === 'VP8L') {
    const bits = v.getUint32(21, true);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
  return null;
}

/** Walks the JPEG markers to the first start-of-frame (SOF0-SOF15 except DHT, JPG, DAC). */
function jpegSize(b: Uint8Array, v: DataView): { width: number; height: number } | null {
  let p = 2;
  while (p + 9 < b.length) {
    if (b[p] !== 0xff) return null;
    const marker = b[p + 1]!;
    if (marker === 0xff) {
      p += 1;
      continue;
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: v.getUint16(p + 7), height: v.getUint16(p + 5) };
    }
    p += 2 + v.getUint16(p + 2);
  }
  return null;
}

/** 'P5'/'P6', whitespace and comments, width, height. */
function pnmSize(b: Uint8Array): { width: number; height: number } | null {
  const head = new TextDecoder('latin1').decode(b.subarray(0, 256)).replace(/#[^\n]*\n/g, ' ');
  const m = /^P[56]\s+(\d+)\s+(\d+)/.exec(head);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/** What a founder reads when a file would expand to gigabytes once decoded. */
export const EXPANDS_MESSAGE =
  'This file expands to far more data than a deck should (a huge picture or a compressed bomb). Export it again with normal-size images and upload the new file.';

/**
 * Whether a picture may be decoded: its size read from its header, within
 * LIMITS.maxImagePixels. Throws DeckError('too_complex') for a bigger one (a pixel
 * bomb); false for a picture whose size cannot be read (it is not decoded either).
 */
export function pictureFits(image: Uint8Array, maxPixels: number = LIMITS.maxImagePixels): boolean {
  const size = imageSize(image);
  if (!size) return false;
  if (size.width * size.height > maxPixels) throw new DeckError('too_complex', EXPANDS_MESSAGE);
  return true;
}
