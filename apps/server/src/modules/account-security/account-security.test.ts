import { sessions, users } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function login(email: string, password: string, userAgent = 'vitest') {
  return server.request('POST', '/user/login/', {
    body: { email, password, type: 'founder' },
    headers: { 'user-agent': userAgent },
  });
}

describe('POST /user/password/', () => {
  it('refuses a wrong current password and keeps the old one', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const res = await server.request('POST', '/user/password/', {
      token,
      body: { current_password: 'not-my-password', new_password: 'brand-new-pass' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Current password is incorrect' });
    expect((await login(email, password)).status).toBe(200);
    expect((await login(email, 'brand-new-pass')).status).toBe(401);
    // A refused change is not a sign-out: the session still works.
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(200);
  });

  it('refuses a new password shorter than 6 characters', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const res = await server.request('POST', '/user/password/', {
      token,
      body: { current_password: password, new_password: 'abc' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Password must be at least 6 characters', code: 'validation_failed' });
    expect((await login(email, password)).status).toBe(200);
  });

  it('requires a session', async () => {
    const res = await server.request('POST', '/user/password/', {
      body: { current_password: 'whatever', new_password: 'whatever-else' },
    });
    expect(res.status).toBe(401);
  });

  it('changes the password: the old one is refused at login, the new one works, stored as argon2id', async () => {
    const { email, password, token, user } = await signUp(server, 'founder');
    const res = await server.request('POST', '/user/password/', {
      token,
      body: { current_password: password, new_password: 'changed-pass-2' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const old = await login(email, password);
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('Invalid email or password');
    const fresh = await login(email, 'changed-pass-2');
    expect(fresh.status).toBe(200);
    expect(typeof fresh.body.token).toBe('string');

    const [row] = await server.database.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row!.passwordHash).not.toContain('changed-pass-2');
  });

  it('ends every other session of the user and keeps this one', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const phone = (await login(email, password, 'phone')).body.token as string;
    const laptop = (await login(email, password, 'laptop')).body.token as string;
    const other = await signUp(server, 'founder');

    const res = await server.request('POST', '/user/password/', {
      token,
      body: { current_password: password, new_password: 'rotated-pass-3' },
    });
    expect(res.status).toBe(200);
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(200);
    expect((await server.request('GET', '/user/me/', { token: phone })).status).toBe(401);
    expect((await server.request('GET', '/user/me/', { token: laptop })).status).toBe(401);
    // Nobody else is signed out.
    expect((await server.request('GET', '/user/me/', { token: other.token })).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists the live sessions with this one marked current and first', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    await login(email, password, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1');
    const ended = (await login(email, password, 'ended')).body.token as string;
    await server.request('POST', '/user/logout/', { token: ended });

    const res = await server.request('GET', '/user/sessions/', { token });
    expect(res.status).toBe(200);
    const list = res.body.sessions as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, ip: '127.0.0.1' });
    expect(list[1]).toMatchObject({ current: false, user_agent: expect.stringContaining('iPhone') });
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_seen_at', 'user_agent']);
      expect(new Date(s.created_at as string).toString()).not.toBe('Invalid Date');
    }
    expect(list.some((s) => s.user_agent === 'ended')).toBe(false);
  });

  it('revokes one of the user’s own sessions', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const phone = (await login(email, password, 'phone')).body.token as string;
    const list = (await server.request('GET', '/user/sessions/', { token })).body.sessions as Array<{ id: string; current: boolean }>;
    const target = list.find((s) => !s.current)!;

    const res = await server.request('DELETE', `/user/sessions/${target.id}/`, { token });
    expect(res.status).toBe(200);
    expect((await server.request('GET', '/user/me/', { token: phone })).status).toBe(401);
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(200);
    const after = (await server.request('GET', '/user/sessions/', { token })).body.sessions as Array<{ id: string }>;
    expect(after.map((s) => s.id)).not.toContain(target.id);
    // Revoking it again finds nothing live.
    expect((await server.request('DELETE', `/user/sessions/${target.id}/`, { token })).status).toBe(404);
  });

  it('never lets one user revoke another user’s session: 404, and the session lives on', async () => {
    const alice = await signUp(server, 'founder');
    const mallory = await signUp(server, 'vc');
    const [aliceSession] = await server.database.handle.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, alice.user.id));

    const res = await server.request('DELETE', `/user/sessions/${aliceSession!.id}/`, { token: mallory.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Session not found', code: 'not_found' });
    expect((await server.request('GET', '/user/me/', { token: alice.token })).status).toBe(200);

    const unknown = await server.request('DELETE', '/user/sessions/not-a-session-id/', { token: mallory.token });
    expect(unknown.status).toBe(404);
    const listed = (await server.request('GET', '/user/sessions/', { token: mallory.token })).body.sessions as Array<{ id: string }>;
    expect(listed.map((s) => s.id)).not.toContain(aliceSession!.id);
  });

  it('signs out all other sessions and keeps this one', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const a = (await login(email, password, 'a')).body.token as string;
    const b = (await login(email, password, 'b')).body.token as string;
    const res = await server.request('POST', '/user/sessions/revoke-others/', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, revoked: 2 });
    expect((await server.request('GET', '/user/me/', { token: a })).status).toBe(401);
    expect((await server.request('GET', '/user/me/', { token: b })).status).toBe(401);
    const list = (await server.request('GET', '/user/sessions/', { token })).body.sessions as Array<{ current: boolean }>;
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
  });

  it('requires a session', async () => {
    expect((await server.request('GET', '/user/sessions/')).status).toBe(401);
    expect((await server.request('POST', '/user/sessions/revoke-others/')).status).toBe(401);
  });
});
