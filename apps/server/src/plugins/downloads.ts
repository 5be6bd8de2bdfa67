import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

export type CsvValue = string | number | boolean | Date | null | undefined;

/** Formula starts a spreadsheet would run ('=', '+', '-', '@', tab, CR) are neutralised with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (values: readonly CsvValue[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * CSV (RFC 4180) from rows produced one at a time: a row is pulled only when the socket has
 * room for it, so memory stays flat however many rows there are (e.g. a keyset-paged query).
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly CsvValue[]>): Readable {
  // Lines go out in chunks of about 64 KB: one socket write per line costs more than the rows.
  async function* lines() {
    let chunk = csvLine(header);
    for await (const row of rows) {
      chunk += csvLine(row);
      if (chunk.length >= 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** `attachment` with an ASCII name and the RFC 5987 form for clients that read it. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Sends a CSV download streamed from `rows`. */
export function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]>,
) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(filename))
    .header('cache-control', 'private, no-store')
    .send(csvStream(header, rows));
}
