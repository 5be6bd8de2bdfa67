import { sessions } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { MAX_LIVE_SESSIONS } from '../auth/auth.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = (token: string) => server.request('GET', '/user/me/', { token });
const login = (email: string, password: string) =>
  server.request('POST', '/user/login/', { body: { email, password, type: 'founder' } });

describe('turning two-factor sign-in on', () => {
  it('ends every other session and keeps this one', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const laptop = (await login(email, password)).body.token as string;
    const phone = (await login(email, password)).body.token as string;
    const setup = await server.request('POST', '/user/2fa/setup/', { token });
    const code = await generate({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) });
    const enable = await server.request('POST', '/user/2fa/enable/', { token, body: { code } });
    expect(enable.status).toBe(200);
    expect((await me(token)).status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
  });
});

describe('idle sessions', () => {
  it('a session unused for longer than SESSION_IDLE_DAYS (default 7) ends; a recently used one lives', async () => {
    expect(server.config.auth.sessionIdleDays).toBe(7);
    const { token, user, email, password } = await signUp(server, 'founder');
    const fresh = (await login(email, password)).body.token as string;
    const [idle] = await server.database.handle.db.select().from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    await server.database.handle.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '7 days 1 minute'` })
      .where(eq(sessions.id, idle!.id));
    expect((await me(token)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    const list = await server.request('GET', '/user/sessions/', { token: fresh });
    expect(list.body.sessions.map((s: { id: string }) => s.id)).not.toContain(idle!.id);
  });

  it('honours SESSION_IDLE_DAYS', async () => {
    const short = await startTestServer({ SESSION_IDLE_DAYS: '1' }, undefined, server.database);
    try {
      const { token, user } = await signUp(short, 'vc');
      await short.database.handle.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '25 hours'` })
        .where(eq(sessions.userId, user.id));
      expect((await short.request('GET', '/user/me/', { token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('live sessions per user', () => {
  it(`keeps at most ${MAX_LIVE_SESSIONS}: each sign-in past that ends the oldest`, async () => {
    const { email, password, token: first } = await signUp(server, 'founder');
    const tokens = [first];
    for (let i = 1; i < MAX_LIVE_SESSIONS + 2; i += 1) tokens.push((await login(email, password)).body.token as string);
    const list = await server.request('GET', '/user/sessions/', { token: tokens.at(-1)! });
    expect(list.body.sessions).toHaveLength(MAX_LIVE_SESSIONS);
    expect((await me(tokens[0]!)).status).toBe(401);
    expect((await me(tokens[1]!)).status).toBe(401);
    expect((await me(tokens[2]!)).status).toBe(200);
    expect((await me(tokens.at(-1)!)).status).toBe(200);
  });
});
