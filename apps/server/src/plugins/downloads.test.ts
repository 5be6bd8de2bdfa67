import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../../test/poll-until.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { csvField, sendCsv } from './downloads.ts';

const ROWS = 100_000;
// Rows of about 250 bytes (25 MB in all): far more than loopback socket and stream buffers hold,
// so a paused client must stop the producer well before half the rows.
const NOTE = 'n'.repeat(200);
let produced = 0;
let response: ServerResponse | undefined;
/** Rows produced while the response waited for the client to take what it had (until its 'drain'), most in one wait. */
let mostRowsInOneWait = 0;

function csvRoute(app: FastifyInstance) {
  app.get('/test/export.csv', async (_request, reply) => {
    produced = 0;
    mostRowsInOneWait = 0;
    response = reply.raw;
    let rowsThisWait = 0;
    reply.raw.on('drain', () => (rowsThisWait = 0));
    async function* rows() {
      for (let i = 0; i < ROWS; i++) {
        produced += 1;
        if (reply.raw.writableNeedDrain) mostRowsInOneWait = Math.max(mostRowsInOneWait, ++rowsThisWait);
        yield [i, `Company ${i}, Inc.`, i % 7 === 0 ? '=HYPERLINK("x")' : 'Seed', i * 1000, NOTE] as const;
      }
    }
    return sendCsv(reply, 'deals export.csv', ['n', 'company', 'stage', 'amount', 'note'], rows());
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, csvRoute);
});
afterAll(() => server.close());

describe('streamed CSV', () => {
  it('streams 100,000 rows over HTTP, producing rows only as fast as the client reads', async () => {
    const res = await fetch(`${server.url}/test/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="deals export.csv"');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    // The client stops reading: the server must stop producing (backpressure), not buffer all rows.
    await pollUntil(() => response?.writableNeedDrain, { what: 'the response to wait for the paused client' });
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(ROWS / 2);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    // Each wait ended when the client read on ('drain'): every row made while it was waiting is counted.
    expect(mostRowsInOneWait).toBeGreaterThan(0);
    expect(mostRowsInOneWait).toBeLessThan(ROWS / 2);
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[0]).toBe('n,company,stage,amount,note');
    expect(lines[1]).toBe(`0,"Company 0, Inc.","'=HYPERLINK(""x"")",0,${NOTE}`);
    expect(lines[ROWS]).toBe(`${ROWS - 1},"Company ${ROWS - 1}, Inc.",Seed,${(ROWS - 1) * 1000},${NOTE}`);
  });

  it('quotes separators, quotes and line breaks, and neutralises formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a "b"')).toBe('"a ""b"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
    expect(csvField(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });
});
