import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const randomAddress = () => `${randomInt(1, 223)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** Six wrong logins, each claiming another client address through X-Forwarded-For; their statuses. */
async function spoofedLogins(s: TestServer) {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await s.request('POST', '/user/login/', {
      body: { email: 'nobody@example.com', password: 'wrong-pass', type: 'founder' },
      headers: { 'x-forwarded-for': randomAddress() },
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it.each([
    ['unset', {}],
    ['another address (127.0.0.2)', { TRUST_PROXY: '127.0.0.2' }],
  ])('%s: a spoofed X-Forwarded-For does not get round the per-address login limit', async (_name, env) => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '5', ...env });
    const statuses = await spoofedLogins(server);
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses[5]).toBe(429);
  }, 120_000);

  it.each([
    ['the proxy’s address', '127.0.0.1'],
    ['one hop', '1'],
  ])('trusting %s, each forwarded client address has its own limit', async (_name, trust) => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: trust });
    expect((await spoofedLogins(server)).every((s) => s === 401)).toBe(true);
  }, 120_000);

  it('refuses a value that is not an address, a range, a hop count, true or false', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});
