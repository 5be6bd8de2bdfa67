import { sessions, users } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /user/signup/', () => {
  it('creates an account and returns the user and a token', async () => {
    const email = uniqueEmail('Ann');
    const res = await server.request('POST', '/user/signup/', {
      body: { email: email.toUpperCase(), password: 'secret-one', type: 'founder', name: 'Ann' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: email.toLowerCase(), name: 'Ann', type: 'founder' });
    expect(res.body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await server.request('GET', '/user/me/', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email.toLowerCase());
  });

  it('accepts a missing name as empty', async () => {
    const res = await server.request('POST', '/user/signup/', {
      body: { email: uniqueEmail(), password: 'secret-one', type: 'vc' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe('');
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1', type: 'founder' }, 'Enter a valid email address'],
    [{ email: '', password: 'secret1', type: 'founder' }, 'Email is required'],
    [{ email: 'a@b.co', password: '12345', type: 'founder' }, 'Password must be at least 6 characters'],
    [{ email: 'a@b.co', password: 'secret1', type: 'admin' }, 'Account type must be founder or vc'],
    [{ email: 'a@b.co', type: 'founder' }, 'Password is required'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await server.request('POST', '/user/signup/', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: 'validation_failed' });
  });

  it('refuses a duplicate email whatever its case, and keeps the first account', async () => {
    const email = uniqueEmail('dup');
    await signUp(server, 'founder', { email, password: 'first-pass' });
    const res = await server.request('POST', '/user/signup/', {
      body: { email: email.toUpperCase(), password: 'other-pass', type: 'vc' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'An account with this email already exists. Sign in instead.', code: 'email_taken' });
    const login = await server.request('POST', '/user/login/', { body: { email, password: 'first-pass', type: 'founder' } });
    expect(login.status).toBe(200);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { email } = await signUp(server, 'founder', { password: 'plain-text-pw' });
    const [row] = await server.database.handle.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row!.passwordHash).not.toContain('plain-text-pw');
  });
});

describe('POST /user/login/', () => {
  it('signs in with email, password and the matching type', async () => {
    const { email, password } = await signUp(server, 'vc');
    const res = await server.request('POST', '/user/login/', { body: { email, password, type: 'vc' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, type: 'vc' });
    expect(res.body.onboarding_complete).toBe(false);
    expect(typeof res.body.token).toBe('string');
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const { email } = await signUp(server, 'founder');
    const wrong = await server.request('POST', '/user/login/', { body: { email, password: 'nope-nope', type: 'founder' } });
    const unknown = await server.request('POST', '/user/login/', {
      body: { email: uniqueEmail('ghost'), password: 'nope-nope', type: 'founder' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid email or password', code: 'invalid_credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('never gives a session of the other role', async () => {
    const { email, password } = await signUp(server, 'founder');
    const res = await server.request('POST', '/user/login/', { body: { email, password, type: 'vc' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('wrong_account_type');
    expect(res.body.error).toBe('This account is registered as Founder. Choose Founder to sign in.');
    expect(res.body.token).toBeUndefined();
  });
});

describe('sessions', () => {
  it('keeps only the SHA-256 of the token', async () => {
    const { token, user } = await signUp(server, 'founder');
    const rows = await server.database.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('answers 401 without a token, with a malformed header, or with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Token not-a-real-token' }] as Record<string, string>[]) {
      const res = await server.request('GET', '/user/me/', { headers });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthenticated');
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('accepts the spec\'s "Token" scheme and "Bearer"', async () => {
    const { token } = await signUp(server, 'vc');
    expect((await server.request('GET', '/user/me/', { headers: { authorization: `Token ${token}` } })).status).toBe(200);
    expect((await server.request('GET', '/user/me/', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('logout revokes only that token', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const second = await server.request('POST', '/user/login/', { body: { email, password, type: 'founder' } });
    const out = await server.request('POST', '/user/logout/', { token });
    expect(out.status).toBe(200);
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(401);
    expect((await server.request('GET', '/user/me/', { token: second.body.token })).status).toBe(200);
  });

  it('an expired session is refused', async () => {
    const { token, user } = await signUp(server, 'founder');
    await server.database.handle.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(401);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '4', AUTH_FAILURES_PER_EMAIL: '3' });
  });
  afterAll(() => limited.close());

  it('delays sign-in per email after the allowed failures, even with the right password', async () => {
    const { email, password } = await signUp(limited, 'founder');
    for (let i = 0; i < 3; i += 1) {
      const res = await limited.request('POST', '/user/login/', {
        body: { email, password: 'wrong-pass', type: 'founder' },
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await limited.request('POST', '/user/login/', { body: { email, password, type: 'founder' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('rate_limited');
    expect(blocked.body.error).toMatch(/Too many sign-in attempts for this email/);
  });

  it('limits requests per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await limited.request('POST', '/user/login/', {
        body: { email: uniqueEmail('ip'), password: 'whatever1', type: 'vc' },
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toMatchObject({ code: 'rate_limited' });
        expect(typeof res.body.error).toBe('string');
      }
    }
    expect(statuses).toContain(429);
  });
});
