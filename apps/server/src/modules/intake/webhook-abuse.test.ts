import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { newFund } from './intake-test-kit.ts';

/**
 * A webhook POST that announces a 14 MB body but sends only its headers and a few bytes: the
 * status line of the answer, or 'no answer' when the server waits for the body (up to 10 s).
 */
function announcedBodyOnly(server: TestServer, path: string): Promise<number | 'no answer'> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () =>
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 14000000\r\n\r\n{"company_name":`),
    );
    let data = '';
    const timer = setTimeout(() => finish('no answer'), 10_000);
    const finish = (result: number | 'no answer') => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (status) finish(Number(status[1]));
    });
    socket.on('error', () => finish('no answer'));
  });
}

describe('the signed webhook refuses before it reads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => server.close());

  it('answers an unknown slug 404 and a fund without a secret 401 without waiting for the body', async () => {
    expect(await announcedBodyOnly(server, '/api/intake/webhook/no-such-fund')).toBe(404);
    const fund = await newFund(server);
    expect(await announcedBodyOnly(server, `/api/intake/webhook/${fund.slug}`)).toBe(401);
  });

  it('counts bad signatures on one log entry per fund', async () => {
    const fund = await newFund(server);
    await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token });
    const bad = { 'content-type': 'application/json', 'webhook-id': 'm', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' };
    for (let i = 0; i < 25; i++) {
      expect((await server.request('POST', `/api/intake/webhook/${fund.slug}`, { raw: '{}', headers: bad })).status).toBe(401);
    }
    const log = await server.request('GET', '/vc/intake/log/', { token: fund.token });
    expect(log.body.items.map((i: { outcome: string; repeats: number }) => [i.outcome, i.repeats])).toEqual([['refused', 25]]);
  });
});

describe('the signed webhook is limited per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => server.close());

  it('answers 429 past the intake limit, whatever the slug', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await server.request('POST', `/api/intake/webhook/fund-${i}`, { body: {} })).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });
});
