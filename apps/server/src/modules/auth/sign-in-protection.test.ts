import { signInFailures } from '@fitscore/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/test-server.ts';
import { MAX_ACCOUNT_DELAY_SECONDS } from './sign-in-protection.ts';

const ALLOWANCE = 3;
// Every test signs in from 127.0.0.1: the per-address block has its own test and server.
const env = { AUTH_FAILURES_PER_EMAIL: String(ALLOWANCE), AUTH_FAILURES_PER_ADDRESS: '10000' };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(env);
});
afterAll(() => server.close());

const login = (s: TestServer, email: string, password: string) =>
  s.request('POST', '/user/login/', { body: { email, password, type: 'founder' } });

/** As if the account's current delay had run out. */
async function letDelayPass(s: TestServer, email: string) {
  await s.database.handle.db
    .update(signInFailures)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(and(eq(signInFailures.scope, 'account'), eq(signInFailures.key, email)));
}

describe('sign-in failures per account', () => {
  it('a stranger guessing slows the owner by at most a minute, never locks them out', async () => {
    const { email, password } = await signUp(server, 'founder');
    const waits: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await login(server, email, `stranger-guess-${i}`);
      expect([401, 429]).toContain(res.status);
      if (res.status === 429) waits.push(res.body.details.retry_after_seconds as number);
    }
    expect(waits.length).toBeGreaterThan(20);
    expect(Math.max(...waits)).toBeLessThanOrEqual(MAX_ACCOUNT_DELAY_SECONDS);

    const during = await login(server, email, password);
    expect(during.status).toBe(429);
    expect(during.body.code).toBe('rate_limited');
    // The wait is in the standard header as well as in the body.
    expect(Number(during.headers.get('retry-after'))).toBe(Math.max(1, Math.ceil(during.body.details.retry_after_seconds)));
    expect(during.body.error).toMatch(/^Too many sign-in attempts for this email\. Try again in \d+ seconds?, or reset your password\.$/);

    await letDelayPass(server, email);
    const owner = await login(server, email, password);
    expect(owner.status).toBe(200);
    expect(typeof owner.body.token).toBe('string');
  });

  it('delays grow with each failure past the allowance', async () => {
    const { email } = await signUp(server, 'founder');
    for (let i = 0; i < ALLOWANCE - 1; i += 1) expect((await login(server, email, `wrong-${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect((await login(server, email, `wrong-more-${i}`)).status).toBe(401);
      const held = await login(server, email, 'anything-at-all');
      expect(held.status).toBe(429);
      waits.push(held.body.details.retry_after_seconds as number);
      await letDelayPass(server, email);
    }
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits[3]!).toBeGreaterThan(waits[0]!);
  });

  it('is kept in the database: another instance sees the delay, and a restart keeps it', async () => {
    const { email, password } = await signUp(server, 'founder');
    const second = await startTestServer(env, undefined, server.database);
    try {
      for (let i = 0; i < ALLOWANCE; i += 1) await login(server, email, `wrong-${i}`);
      expect((await login(second, email, password)).status).toBe(429);
    } finally {
      await second.close();
    }
    const restarted = await startTestServer(env, undefined, server.database);
    try {
      expect((await login(restarted, email, password)).status).toBe(429);
      await letDelayPass(restarted, email);
      expect((await login(restarted, email, password)).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('a success clears the count: the next wrong password is not delayed', async () => {
    const { email, password } = await signUp(server, 'founder');
    for (let i = 0; i < ALLOWANCE - 1; i += 1) await login(server, email, `wrong-${i}`);
    expect((await login(server, email, password)).status).toBe(200);
    expect((await login(server, email, 'wrong-again')).status).toBe(401);
    expect((await login(server, email, password)).status).toBe(200);
  });
});

describe('sign-in failures per address', () => {
  it('blocks an address spraying many accounts, whatever the account', async () => {
    // Same database, another instance with a low address allowance; the earlier tests' count is cleared.
    const clearAddresses = () => server.database.handle.db.delete(signInFailures).where(eq(signInFailures.scope, 'address'));
    await clearAddresses();
    const own = await startTestServer({ ...env, AUTH_FAILURES_PER_ADDRESS: '6' }, undefined, server.database);
    try {
      const { email, password } = await signUp(own, 'founder');
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push((await login(own, uniqueEmail('spray'), 'guess-pass-1')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      const blocked = await login(own, email, password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatch(/^Too many sign-in attempts from this address\. Try again in \d+ minutes\.$/);
    } finally {
      await own.close();
      // The other tests sign in from the same address.
      await clearAddresses();
    }
  });
});

describe('current-password guesses in password change', () => {
  it('are limited per account; the right password is then refused too until the window passes', async () => {
    const { token, password } = await signUp(server, 'founder');
    const change = (current: string) =>
      server.request('POST', '/user/password/', { token, body: { current_password: current, new_password: 'rotated-pass-3' } });
    for (let i = 0; i < ALLOWANCE; i += 1) {
      const res = await change(`not-mine-${i}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Current password is incorrect');
    }
    const limited = await change(password);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many incorrect current passwords/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('common passwords', () => {
  it.each(['123456', 'password', 'PASSWORD', 'qwerty123', 'iloveyou', '      '])('sign-up refuses %j', async (password) => {
    const res = await server.request('POST', '/user/signup/', {
      body: { email: uniqueEmail('common'), password, type: 'founder' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_failed',
      error: 'This password is one of the most commonly used and easy to guess. Choose a less common one.',
      details: [{ path: 'password' }],
    });
  });

  it('keeps the 6-character minimum and its message', async () => {
    const res = await server.request('POST', '/user/signup/', { body: { email: uniqueEmail(), password: '12345', type: 'founder' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Password must be at least 6 characters');
  });

  it('password change refuses a common new password', async () => {
    const { token, password } = await signUp(server, 'vc');
    const res = await server.request('POST', '/user/password/', { token, body: { current_password: password, new_password: 'qwerty' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/most commonly used/);
    expect(res.body.details).toEqual([{ path: 'new_password', message: res.body.error }]);
  });
});
