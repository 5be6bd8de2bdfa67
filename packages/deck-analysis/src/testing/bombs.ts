/**
 * Small files that expand to gigabytes when read, built in code for tests and the bomb
 * benchmark (never committed): a PDF whose content stream inflates to `inflated` bytes,
 * and a PPTX holding a `side` x `side` PNG. Both are valid files: a reader without
 * limits decodes them in full. Test support only.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MOD = 65521n;

/** Adler-32 of `n` bytes all equal to `byte`, without touching them (a = 1 + n·c, b = n + c·n(n+1)/2). */
function adlerOfRepeated(byte: number, n: number): number {
  const N = BigInt(n);
  const c = BigInt(byte);
  const a = (1n + c * N) % MOD;
  const b = (N + (c * N * (N + 1n)) / 2n) % MOD;
  return Number((b << 16n) | a);
}

/**
 * A zlib stream inflating to `total` bytes of `byte`: one full-flushed deflate block of
 * `chunk` bytes repeated (no back-reference crosses a full flush, so copies stay valid),
 * then an empty final block and the Adler-32 trailer.
 */
function repeatedZlib(byte: number, total: number, chunk = 1 << 20): Buffer {
  const deflate = (n: number) => deflateRawSync(Buffer.alloc(n, byte), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const blocks = Array<Buffer>(Math.floor(total / chunk)).fill(deflate(chunk));
  if (total % chunk > 0) blocks.push(deflate(total % chunk));
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adlerOfRepeated(byte, total) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...blocks, Buffer.from([0x03, 0x00]), trailer]);
}

/** A one-page PDF whose content stream (a line of text, then spaces) inflates to `inflated` bytes. */
export function makeFlateBombPdf(inflated = 1 << 30): Uint8Array {
  const stream = repeatedZlib(0x20, inflated);
  const text = (t: string) => Buffer.from(t, 'latin1');
  return new Uint8Array(
    Buffer.concat([
      text(
        [
          '%PDF-1.4',
          '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
          '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
          '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >> endobj',
          `4 0 obj << /Length ${stream.length} /Filter /FlateDecode >> stream\n`,
        ].join('\n'),
      ),
      stream,
      text('\nendstream endobj\n5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R /Size 6 >>\n%%EOF'),
    ]),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/** A black `side` x `side` 8-bit grey PNG: `side`² bytes once decoded, about side²/1000 on disk. */
export function makeHugePng(side: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // Rows are a filter byte and `side` pixels, all zero: the stream repeats whole rows.
  const row = side + 1;
  const idat = repeatedZlib(0, side * row, Math.max(1, Math.floor((1 << 20) / row)) * row);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]));
}

/** A two-slide PPTX whose second slide is a `side` x `side` picture with no text (so it is read by OCR). */
export async function makePixelBombPptx(side = 30_000): Promise<Uint8Array> {
  // Loaded here: the PDF bomb needs no deck generator (nor its canvas and pdfkit).
  const { makePptx } = await import('./generate-decks.ts');
  return makePptx([{ title: 'Acme', lines: ['Robots for retailers'] }, { image: makeHugePng(side) }]);
}
