import { createRequire } from 'node:module';
import type { PassThrough } from 'node:stream';
import { SMTPStream } from 'smtp-server/lib/smtp-stream.js';

/**
 * smtp-server's DATA parser (`SMTPStream#_feedDataStream`) looks for the end of a message and for
 * dot-stuffed lines by testing every byte of the message in JavaScript: 2.3 ms of CPU for each
 * 2.7 MB forwarded deck on this machine, the largest single cost of receiving an email (issue 12).
 * This replaces only that byte loop with `Buffer#indexOf` of the one pattern the loop looks for
 * (a line feed followed by a dot: native memchr speed, 1.0 ms per message); every other line is
 * smtp-server's own, so what the stream emits, when data mode ends and what is handed back as
 * the next command are unchanged (smtp-data-scan.test.ts feeds both the same bytes, cut at every
 * boundary, and compares).
 *
 * Installed only over the version it was written against: another version of smtp-server keeps
 * its own parser (correct, only slower) until this is checked against it. ADR 0019.
 */
export const SCANNED_SMTP_SERVER_VERSION = '3.21.6';

const END_SEQUENCE = Buffer.from('\r\n.\r\n');
const DATA_START_END = Buffer.from('.\r\n');
/** A dot at the start of a line: the only place the original loop acts. */
const LINE_START_DOT = Buffer.from('\n.');

type Done = (err?: Error | null) => void;
/** The private state of smtp-server's SMTPStream this method works on (see its source). */
interface StreamState {
  _dataStream: PassThrough;
  _lastBytes: Buffer | false;
  _atDataStart: boolean;
  _countDataBytes(len: number): void;
  _endDataMode(chunk: Buffer | false, remainder: Buffer, done: Done): void;
  _feedDataStream(chunk: Buffer, done: Done): void;
}

/** smtp-server 3.21.6's `_feedDataStream`, line for line, with its byte loop replaced by indexOf. */
export function feedDataStream(this: StreamState, chunk: Buffer, done: Done): void {
  const dataStream = this._dataStream;
  if (this._lastBytes && this._lastBytes.length) {
    chunk = Buffer.concat([this._lastBytes, chunk], this._lastBytes.length + chunk.length);
    this._lastBytes = false;
  }
  let len = chunk.length;
  if (this._atDataStart && len >= 3 && Buffer.compare(chunk.subarray(0, 3), DATA_START_END) === 0) {
    this._endDataMode(false, chunk.subarray(3), done);
    return;
  }
  if (this._atDataStart && len >= 2 && chunk[0] === 0x2e && chunk[1] === 0x2e) {
    chunk = chunk.subarray(1);
    len--;
    this._atDataStart = false;
  }
  // The original visits i = 2 … len - 3 and acts where chunk[i] is '.' and chunk[i - 1] is '\n':
  // exactly the matches of "\n." at j = i - 1 ≥ 1 with j + 1 < len - 2, in the same order.
  for (let j = chunk.indexOf(LINE_START_DOT, 1); j >= 0 && j + 1 < len - 2; j = chunk.indexOf(LINE_START_DOT, j + 1)) {
    const i = j + 1;
    if (Buffer.compare(chunk.subarray(i - 2, i + 3), END_SEQUENCE) === 0) {
      const buf = chunk.subarray(0, i);
      this._countDataBytes(buf.length);
      this._endDataMode(buf, chunk.subarray(i + 3), done);
      return;
    }
    if (chunk[i + 1] === 0x2e) {
      const buf = chunk.subarray(0, i);
      this._lastBytes = false;
      this._countDataBytes(buf.length);
      if (dataStream.writable) dataStream.write(buf);
      const rest = chunk.subarray(i + 1);
      setImmediate(() => this._feedDataStream(rest, done));
      return;
    }
  }
  this._lastBytes = chunk.length < 4 ? chunk : chunk.subarray(chunk.length - 4);
  if (this._lastBytes.length >= chunk.length) return done();
  const buf = chunk.subarray(0, chunk.length - this._lastBytes.length);
  this._countDataBytes(buf.length);
  if (!dataStream.writable) return done();
  const handled = dataStream.write(buf);
  if (handled || dataStream.destroyed) return done();
  const onDrain = () => {
    dataStream.removeListener('drain', onDrain);
    dataStream.removeListener('close', onDrain);
    done();
  };
  dataStream.once('drain', onDrain);
  dataStream.once('close', onDrain);
}

/** Puts the indexOf scan in place when smtp-server is the version it matches; says whether it did. */
export function installDataScan(): boolean {
  const { version } = createRequire(import.meta.url)('smtp-server/package.json') as { version: string };
  if (version !== SCANNED_SMTP_SERVER_VERSION) return false;
  (SMTPStream.prototype as unknown as StreamState)._feedDataStream = feedDataStream;
  return true;
}
