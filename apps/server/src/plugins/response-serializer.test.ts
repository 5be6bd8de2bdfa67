import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

const Account = z.object({
  id: z.string(),
  score: z.number().int().nullable(),
  owner: z.object({ name: z.string() }).nullable(),
  tags: z.array(z.string()),
  note: z.string().optional(),
});

let server: TestServer;
beforeAll(async () => {
  // Routes on the real app, answered through its serializer: a row with more columns than the contract.
  server = await startTestServer({}, (app) => {
    const schema = { response: { 200: Account } };
    app.get('/test/row', { schema }, async () => ({
      id: 'a1',
      score: 71,
      passwordHash: '$argon2id$secret',
      owner: { name: 'Ann', email: 'ann@fund.example' },
      tags: ['Revenue'],
    }));
    app.get('/test/empty-row', { schema }, async () => ({ id: 'a2', score: null, owner: null, tags: [], note: 'café "quoted" ✓' }));
  });
}, 120_000);
afterAll(() => server?.close());

describe('answers are written from the contract', () => {
  it('writes only the fields the contract names, nested ones too (nothing else of a row leaks)', async () => {
    const res = await server.request('GET', '/test/row');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: 'a1', score: 71, owner: { name: 'Ann' }, tags: ['Revenue'] });
  });

  it('writes nulls, empty lists, optional fields and escapes text', async () => {
    const res = await server.request('GET', '/test/empty-row');
    expect(res.body).toEqual({ id: 'a2', score: null, owner: null, tags: [], note: 'café "quoted" ✓' });
  });

  it('refuses at start-up a response schema that JSON cannot carry, naming the route', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get('/when', { schema: { response: { 200: z.object({ at: z.date() }) } } }, async () => ({ at: new Date() }));
    await expect(app.ready()).rejects.toThrow('GET /when: its response schema cannot be written as JSON Schema');
    await app.close();
  });
});
