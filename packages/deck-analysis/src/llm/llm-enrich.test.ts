import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeckAnalyzer } from '../analyzer.ts';
import { makePptx } from '../testing/generate-decks.ts';

type Mode = 'good' | 'error' | 'slow' | 'garbage';

let mode: Mode = 'good';
const requests: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = [];
let server: Server;
let baseUrl = '';

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

const answer = {
  facts: [
    // Verifiable: on page 2, holds 80K as money. The built-in engine has no label for it.
    { kind: 'burn', value: 80_000, page: 2, quote: 'We spend about 80K dollars every month' },
    // Not on that page: dropped.
    { kind: 'cac', value: 400, page: 1, quote: 'CAC $400' },
    // On the page, but the number is not the one claimed: dropped.
    { kind: 'payingCustomers', value: 999, page: 2, quote: '120 paying customers' },
  ],
  sections: [
    { page: 2, kind: 'financials', quote: 'We spend about 80K dollars every month' },
    { page: 1, kind: 'team', quote: 'a quote that is nowhere' },
  ],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    void read(req).then((body) => {
      requests.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> });
      if (mode === 'error') return res.writeHead(500).end('{"error":"boom"}');
      if (mode === 'slow') return setTimeout(() => res.writeHead(200).end('{}'), 3_000).unref();
      const content = mode === 'garbage' ? 'not json at all' : JSON.stringify(answer);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const slides = [
  { title: 'Acme Robotics', lines: ['Warehouse robots for small retailers'] },
  { title: 'Where we are', lines: ['120 paying customers', 'We spend about 80K dollars every month'] },
];

describe('optional language model', () => {
  const plain = new DeckAnalyzer({ maxWorkers: 1 });
  afterAll(() => plain.close());
  const strip = <T extends { timings: unknown }>(a: T) => ({ ...a, timings: null });

  it('keeps only model claims whose quote is on the cited page with the claimed number', async () => {
    // baseUrl is only known after the server started: build the analyzer here.
    const llm = new DeckAnalyzer({ maxWorkers: 1, llm: { baseUrl, model: 'test-model', apiKey: 'k-123', timeoutMs: 2_000 } });
    try {
      mode = 'good';
      const bytes = await makePptx(slides);
      const a = await llm.analyze(bytes, null);
      const base = await plain.analyze(bytes, null);
      expect(a.llm).toEqual({ model: 'test-model', factsAdded: 1, sectionsAdded: 1 });
      expect(a.facts.filter((f) => f.source === 'llm')).toEqual([
        expect.objectContaining({ kind: 'burn', value: 80_000, page: 2, currency: 'USD', source: 'llm' }),
      ]);
      expect(a.keyMetrics.burn).toMatchObject({ value: 80_000, source: 'llm', page: 2 });
      expect(base.keyMetrics.burn).toBeNull();
      expect(a.sections.find((s) => s.kind === 'financials')?.pages).toEqual([2]);
      expect(a.subScores.financials.score).toBeGreaterThan(base.subScores.financials.score);
      const req = requests.at(-1)!;
      expect(req.url).toBe('/v1/chat/completions');
      expect(req.auth).toBe('Bearer k-123');
      expect(req.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_schema' } });
    } finally {
      await llm.close();
    }
  });

  it.each(['error', 'slow', 'garbage'] as const)('falls back silently to the built-in result when the model answers %s', async (m) => {
    mode = m;
    const bytes = await makePptx(slides);
    const llm = new DeckAnalyzer({ maxWorkers: 1, llm: { baseUrl, model: 'test-model', apiKey: 'k', timeoutMs: 500 } });
    try {
      expect(strip(await llm.analyze(bytes, null))).toEqual(strip(await plain.analyze(bytes, null)));
    } finally {
      await llm.close();
    }
  });

  it('is not called when not configured', async () => {
    const before = requests.length;
    await plain.analyze(await makePptx(slides), null);
    expect(requests.length).toBe(before);
  });
});
