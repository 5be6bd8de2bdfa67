import { defineEndpoint, encodeQuery, pageQuerySchema, pageSchema, queryList } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type HttpResult, type TestServer } from '../../test/test-server.ts';
import { registerEndpoint } from '../lib/endpoint-route.ts';
import { createPageCursors } from './page-cursor.ts';

// 250 rows with many equal scores: the id breaks ties, so no row is skipped or repeated.
const ROWS = Array.from({ length: 250 }, (_, i) => ({
  id: `row-${String(i).padStart(4, '0')}`,
  score: (i * 37) % 11,
  stage: ['Seed', 'Series A', 'Pre-seed'][i % 3]!,
}));
const Row = z.object({ id: z.string(), score: z.number(), stage: z.string() });

const listEndpoint = defineEndpoint({
  method: 'GET',
  path: '/test/rows/',
  access: 'public',
  summary: 'Rows, a page at a time',
  tags: ['test'],
  query: pageQuerySchema({ sorts: ['score', 'id'], defaultSort: 'score', filters: { stage: queryList(z.string()) } }),
  response: pageSchema(Row),
});

function listRoute(app: FastifyInstance) {
  const cursors = createPageCursors(Buffer.from('test secret for page cursors, 32+ chars'));
  registerEndpoint(app, listEndpoint, ({ query }) => {
    const key = (r: (typeof ROWS)[number]) => [query.sort === 'score' ? r.score : r.id, r.id] as [number | string, string];
    const dir = query.order === 'asc' ? 1 : -1;
    const compare = (a: [number | string, string], b: [number | string, string]) =>
      (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) * dir;
    const after = query.cursor ? cursors.decode(query.cursor, query).after : null;
    const rows = ROWS.filter((r) => !query.stage || query.stage.includes(r.stage))
      .sort((a, b) => compare(key(a), key(b)))
      .filter((r) => !after || compare(key(r), after as [number | string, string]) > 0)
      .slice(0, query.limit + 1);
    return cursors.page(rows, query, key);
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, listRoute);
});
afterAll(() => server.close());

async function walk(query: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: HttpResult = await server.request('GET', `/test/rows/?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...res.body.items.map((r: { id: string }) => r.id));
    cursor = res.body.next_cursor;
    pages += 1;
  } while (cursor);
  return { seen, pages };
}

describe('keyset pages with an opaque cursor', () => {
  it('walks every row once, in order, a page at a time', async () => {
    const { seen, pages } = await walk('limit=40&sort=score&order=desc');
    expect(pages).toBe(7);
    expect(new Set(seen).size).toBe(250);
    const expected = [...ROWS].sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1)).map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it('filters by a list given as repeated query parameters, as the web client encodes it', async () => {
    const query = encodeQuery({ limit: 50, sort: 'id', order: 'asc', stage: ['Seed', 'Pre-seed'] });
    expect(query).toBe('?limit=50&sort=id&order=asc&stage=Seed&stage=Pre-seed');
    const { seen } = await walk(query.slice(1));
    expect(seen).toEqual(ROWS.filter((r) => r.stage !== 'Series A').map((r) => r.id));
  });

  it('refuses a changed, forged or foreign cursor with a 400 and an error text', async () => {
    const first = await server.request('GET', '/test/rows/?limit=10&sort=score');
    const cursor = first.body.next_cursor as string;
    const [body, mac] = cursor.split('.') as [string, string];
    const position = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...position, after: [0, 'row-0000'] })).toString('base64url');
    const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
    for (const bad of [`${forged}.${mac}`, `${body}.${flipped}`, 'not-a-cursor', `${body}.${mac}.x`]) {
      const res = await server.request('GET', `/test/rows/?limit=10&sort=score&cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe('The page cursor is not valid. Start again from the first page.');
    }
    const otherSort = await server.request('GET', `/test/rows/?limit=10&sort=id&cursor=${encodeURIComponent(cursor)}`);
    expect(otherSort.status).toBe(400);
    expect(otherSort.body.error).toMatch(/another sort order/);
  });

  it('refuses a page size out of range or an unknown sort with a 400 naming it', async () => {
    for (const [q, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['sort=secret', 'sort must be one of: score, id'],
    ]) {
      const res = await server.request('GET', `/test/rows/?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });
});
