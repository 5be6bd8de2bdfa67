import { pollUntil } from '../../test/poll-until.ts';
import { users } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { request as httpRequest } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { signUp, uniqueEmail, type TestServer } from '../../test/test-server.ts';

/** The real server on a free port, its log lines kept in memory for the test to read. */
let database: TestDatabase;
let lines: string[] = [];
let server: Pick<TestServer, 'url' | 'request'>;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_PRETTY: 'false',
    DATA_DIR: database.dataDir,
    SERVE_WEB: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  });
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp(config, { database: database.handle, logStream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  server = {
    url,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Token ${options.token}`;
      if (options.body !== undefined) headers['content-type'] ??= 'application/json';
      const res = await fetch(url + path, {
        method,
        headers,
        body: options.body !== undefined ? JSON.stringify(options.body) : ((options.raw as RequestInit['body']) ?? null),
      });
      const text = await res.text();
      return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text, headers: res.headers };
    },
  };
  close = async () => {
    await app.close();
    await database.dispose();
  };
});
afterAll(() => close());

describe('logs', () => {
  it('a failed insert is logged without its SQL parameters: no password hash, email or name', async () => {
    // Any insert the database refuses: here a check the test adds to the users table.
    await database.handle.db.execute(sql.raw(`ALTER TABLE users ADD CONSTRAINT test_refuse_name CHECK (name <> 'Refuse Me Ltd')`));
    lines = [];
    const email = uniqueEmail('logged');
    const res = await server.request('POST', '/user/signup/', {
      body: { email, password: 'correct-horse-battery', type: 'founder', name: 'Refuse Me Ltd' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const log = lines.join('\n');
    // The failure is there, with what a person needs to find it ...
    expect(log).toContain('test_refuse_name');
    // ... and nothing the request carried.
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('correct-horse-battery');
    expect(log).not.toContain(email);
    expect(log).not.toContain('Refuse Me Ltd');
    expect(log).not.toMatch(/"params"\s*:\s*\[/);
    await database.handle.db.execute(sql.raw('ALTER TABLE users DROP CONSTRAINT test_refuse_name'));
  });

  it('a share link token and an SSE ticket in a URL are not logged', async () => {
    lines = [];
    await server.request('GET', '/public/share/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde/');
    await server.request('GET', '/events/?ticket=secret-ticket-value');
    const log = lines.join('\n');
    expect(log).toContain('/public/share/[redacted]/');
    expect(log).not.toContain('AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde');
    expect(log).not.toContain('secret-ticket-value');
  });

  it('a malformed multipart upload is a 400, not a 500', async () => {
    const founder = await signUp(server as TestServer, 'founder');
    for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
      const res = await server.request('POST', '/founder/deck/upload/', {
        token: founder.token,
        headers: { 'content-type': contentType },
        raw: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncated',
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect(lines.join('\n')).not.toContain('unexpected error');
  });

  it('a client that goes away mid-upload is logged at info level, not as an error', async () => {
    const founder = await signUp(server as TestServer, 'founder');
    lines = [];
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/founder/deck/upload/',
        headers: { authorization: `Token ${founder.token}`, 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': '100000' },
      });
      req.on('error', () => resolve());
      req.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 ');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    // The server's own line about the abort is the proof it has handled it; by then an error would be logged too.
    const entries = () => lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    const aborted = await pollUntil(() => entries().find((e) => /aborted/.test(e.msg)), { what: "the server's line about the aborted upload" });
    expect(aborted.level).toBe(30);
    expect(entries().filter((e) => e.level >= 50)).toEqual([]);
  });

  it('the user row was never written by the refused sign-up', async () => {
    const rows = await database.handle.db.select().from(users).where(eq(users.name, 'Refuse Me Ltd'));
    expect(rows).toEqual([]);
  });
});
