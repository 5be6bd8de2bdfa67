import { randomBytes } from 'node:crypto';
import { SMTPStream } from 'smtp-server/lib/smtp-stream.js';
import { describe, expect, it } from 'vitest';
import { feedDataStream } from './smtp-data-scan.ts';

/** smtp-server's own parser (nothing in this file installs the scan on the prototype). */
const original = (SMTPStream.prototype as unknown as { _feedDataStream: unknown })._feedDataStream;

interface Seen {
  data: string;
  bytes: number;
  commands: string[];
}

/** Feeds the DATA payload (and what a client pipelines after it) in the given pieces; what came out. */
function feed(pieces: Buffer[], scan: boolean): Promise<Seen> {
  return new Promise((resolve) => {
    const stream = new SMTPStream();
    if (scan) (stream as unknown as { _feedDataStream: unknown })._feedDataStream = feedDataStream;
    const seen: Seen = { data: '', bytes: 0, commands: [] };
    stream.oncommand = (command: Buffer, next?: () => void) => {
      seen.commands.push(command.toString('latin1'));
      next?.();
    };
    const data = stream.startDataMode(1e9) as unknown as NodeJS.ReadableStream & { byteLength: number };
    const chunks: Buffer[] = [];
    data.on('data', (c: Buffer) => chunks.push(c));
    data.on('end', () => {
      seen.data = Buffer.concat(chunks).toString('latin1');
      seen.bytes = data.byteLength;
      stream.continue();
    });
    for (const piece of pieces) stream.write(piece);
    stream.end();
    stream.on('finish', () => setImmediate(() => setImmediate(() => resolve(seen))));
  });
}

const messages: Record<string, string> = {
  'a plain message': 'Subject: Pitch Deck\r\n\r\nHello\r\n.\r\nQUIT\r\n',
  'dot-stuffed lines': 'Subject: x\r\n\r\n..leading dot\r\nmiddle\r\n...two dots\r\n..\r\nend\r\n.\r\nRSET\r\nQUIT\r\n',
  'a stuffed dot first': '..first line starts with a dot\r\nbody\r\n.\r\nNOOP\r\n',
  'a lone stuffed dot first': '..\r\nbody\r\n.\r\nNOOP\r\n',
  'an empty message': '.\r\nQUIT\r\n',
  'a bare line feed before a dot': 'a\n..b\nc\n.\r\n.\r\nQUIT\r\n',
  'a terminator-like text inside a line': 'x .\r\n not the end\r\n\r\n.\r\nQUIT\r\n',
  'a bare line feed first': '\n..after a bare line feed\r\n.\r\nQUIT\r\n',
  'no terminator yet': 'Subject: x\r\n\r\nstill coming\r\n',
};

/** Every way of cutting the bytes in two, and in three at a spread of points. */
function cuts(bytes: Buffer): Buffer[][] {
  const out: Buffer[][] = [[bytes]];
  for (let a = 1; a < bytes.length; a++) out.push([bytes.subarray(0, a), bytes.subarray(a)]);
  for (let a = 1; a < bytes.length; a += 3) {
    for (let b = a + 1; b < bytes.length; b += 2) out.push([bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)]);
  }
  return out;
}

describe("smtp-server's DATA parser with the indexOf scan", () => {
  it('runs the original parser in this file (the comparison is against smtp-server itself)', () => {
    expect(original).not.toBe(feedDataStream);
  });

  for (const [name, text] of Object.entries(messages)) {
    it(`emits the same message, byte count and following commands as smtp-server for ${name}, however it is cut`, async () => {
      for (const pieces of cuts(Buffer.from(text, 'latin1'))) {
        const [mine, theirs] = [await feed(pieces, true), await feed(pieces, false)];
        expect(mine, pieces.map((p) => p.toString('latin1')).join(' | ')).toEqual(theirs);
      }
    });
  }

  it('matches smtp-server on a 2.7 MB deck in base64 lines with stuffed dots, cut in 64 KB reads', async () => {
    const lines = randomBytes(2 * 1024 * 1024).toString('base64').replace(/.{76}/g, '$&\r\n');
    const body = lines.replace(/\r\nA/g, '\r\n..A'); // some lines begin with a (stuffed) dot
    const bytes = Buffer.from(`Subject: Pitch Deck - Acme\r\n\r\n${body}\r\n.\r\nQUIT\r\n`, 'latin1');
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 65536) pieces.push(bytes.subarray(at, at + 65536));
    const [mine, theirs] = [await feed(pieces, true), await feed(pieces, false)];
    expect(mine.commands).toEqual(['QUIT']);
    expect(mine.data.length).toBeGreaterThan(2_700_000);
    expect(mine).toEqual(theirs);
  });
});
