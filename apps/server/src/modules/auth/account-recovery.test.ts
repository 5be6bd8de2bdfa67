import { accountTokens, sessions } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/test-server.ts';
import { linkToken, mailsTo, readOutbox, waitForMail } from '../mail/mail-test-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  // A low allowance so the sign-in delay is reached in a few tries.
  server = await startTestServer({ AUTH_FAILURES_PER_EMAIL: '3' });
});
afterAll(() => server.close());

const outbox = () => server.config.mail.outboxDir;
const login = (email: string, password: string) =>
  server.request('POST', '/user/login/', { body: { email, password, type: 'founder' } });

const RESET_SUBJECT = /Reset your FitScore password/;
async function resetToken(email: string) {
  const seen = (await mailsTo(outbox(), email, RESET_SUBJECT)).length;
  const res = await server.request('POST', '/user/password-reset/', { body: { email } });
  expect(res.status).toBe(202);
  return linkToken(await waitForMail(outbox(), email, RESET_SUBJECT, seen), '/reset-password');
}

describe('password reset', () => {
  it('mails a link to the outbox as an .eml file; the link sets a new password once and ends every session', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const second = await login(email, password);
    const resetLink = await resetToken(email);
    // Only the hash of the token is stored.
    const [stored] = await server.database.handle.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, createHash('sha256').update(resetLink).digest('hex')));
    expect(stored?.purpose).toBe('password_reset');
    expect((await readdir(outbox())).every((f) => f.endsWith('.eml'))).toBe(true);

    const confirm = await server.request('POST', '/user/password-reset/confirm/', {
      body: { token: resetLink, password: 'fresh-start-77' },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ ok: true });
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(401);
    expect((await server.request('GET', '/user/me/', { token: second.body.token })).status).toBe(401);
    expect((await login(email, password)).status).toBe(401);
    expect((await login(email, 'fresh-start-77')).status).toBe(200);

    const again = await server.request('POST', '/user/password-reset/confirm/', {
      body: { token: resetLink, password: 'another-one-88' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This reset link is invalid, already used or expired. Request a new one.');
    expect((await login(email, 'fresh-start-77')).status).toBe(200);
  });

  it('is one unit of work: a reset that fails midway changes nothing (the link still works), and two at once with one link make one change', async () => {
    const { email, password, token, user } = await signUp(server, 'founder');
    const link = await resetToken(email);
    // Ending the sessions fails (a fault injected in the database): the whole reset rolls back.
    const db = server.database.handle.db;
    await db.execute(sql.raw(`CREATE FUNCTION test_sessions_refused() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.user_id = '${user.id}' THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`));
    await db.execute(sql.raw('CREATE TRIGGER test_sessions_refused BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION test_sessions_refused()'));
    try {
      const failed = await server.request('POST', '/user/password-reset/confirm/', { body: { token: link, password: 'fresh-start-77' } });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER test_sessions_refused ON sessions'));
      await db.execute(sql.raw('DROP FUNCTION test_sessions_refused()'));
    }
    expect((await login(email, 'fresh-start-77')).status).toBe(401);
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(200);

    // The link was not used up: it works, once, even when sent twice at once.
    const both = await Promise.all(
      ['fresh-start-77', 'other-start-88'].map((pw) => server.request('POST', '/user/password-reset/confirm/', { body: { token: link, password: pw } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const chosen = both[0]!.status === 200 ? 'fresh-start-77' : 'other-start-88';
    expect((await login(email, chosen)).status).toBe(200);
    expect((await login(email, password)).status).toBe(401);
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(401);
  });

  it('answers 202 for an unknown email too, and mails nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await server.request('POST', '/user/password-reset/', { body: { email: ghost } });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ ok: true });
    const { email } = await signUp(server, 'vc');
    await resetToken(email); // mail to a real account arrives; by then the ghost's would have too
    expect((await readOutbox(outbox())).some((m) => m.to === ghost)).toBe(false);
  });

  it('refuses a link older than 30 minutes', async () => {
    const { email } = await signUp(server, 'founder');
    const resetLink = await resetToken(email);
    await server.database.handle.db
      .update(accountTokens)
      .set({ createdAt: sql`now() - interval '31 minutes'`, expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accountTokens.tokenHash, createHash('sha256').update(resetLink).digest('hex')));
    const res = await server.request('POST', '/user/password-reset/confirm/', {
      body: { token: resetLink, password: 'fresh-start-77' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_request');
  });

  it('a newer link replaces the older one', async () => {
    const { email } = await signUp(server, 'founder');
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect(second).not.toBe(first);
    const old = await server.request('POST', '/user/password-reset/confirm/', { body: { token: first, password: 'fresh-start-77' } });
    expect(old.status).toBe(400);
    const current = await server.request('POST', '/user/password-reset/confirm/', { body: { token: second, password: 'fresh-start-77' } });
    expect(current.status).toBe(200);
  });

  it('lifts the sign-in delay strangers caused, at once', async () => {
    const { email } = await signUp(server, 'founder');
    for (let i = 0; i < 6; i += 1) await login(email, `stranger-guess-${i}`);
    expect((await login(email, 'fresh-start-77')).status).toBe(429);
    const resetLink = await resetToken(email);
    const confirm = await server.request('POST', '/user/password-reset/confirm/', {
      body: { token: resetLink, password: 'fresh-start-77' },
    });
    expect(confirm.status).toBe(200);
    expect((await login(email, 'fresh-start-77')).status).toBe(200);
  });

  it('refuses a common or too short new password with the spec message, and keeps the link usable', async () => {
    const { email } = await signUp(server, 'founder');
    const resetLink = await resetToken(email);
    const short = await server.request('POST', '/user/password-reset/confirm/', { body: { token: resetLink, password: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 6 characters');
    const common = await server.request('POST', '/user/password-reset/confirm/', { body: { token: resetLink, password: 'password' } });
    expect(common.status).toBe(400);
    expect(common.body.error).toMatch(/most commonly used/);
    const ok = await server.request('POST', '/user/password-reset/confirm/', { body: { token: resetLink, password: 'fresh-start-77' } });
    expect(ok.status).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await server.request('POST', '/user/password-reset/confirm/', {
      body: { token: 'x'.repeat(43), password: 'fresh-start-77' },
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('email verification', () => {
  it('sign-up mails a link; the account works unverified; one call with the token verifies it, once', async () => {
    const { email, token } = await signUp(server, 'founder');
    const me = await server.request('GET', '/user/me/', { token });
    expect(me.status).toBe(200);
    expect(me.body.email_verified).toBe(false);

    const mail = await waitForMail(outbox(), email, /Confirm your email/);
    const verifyToken = linkToken(mail, '/verify-email');
    const verify = await server.request('POST', '/user/verify-email/', { body: { token: verifyToken } });
    expect(verify.status).toBe(200);
    expect((await server.request('GET', '/user/me/', { token })).body.email_verified).toBe(true);
    const twice = await server.request('POST', '/user/verify-email/', { body: { token: verifyToken } });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toMatch(/invalid, already used or expired/);
    const resend = await server.request('POST', '/user/verify-email/resend/', { token });
    expect(resend.status).toBe(409);
  });

  it('resend mails a fresh link (the older one stops working) and is limited per account', async () => {
    const { email, token } = await signUp(server, 'vc');
    const first = linkToken(await waitForMail(outbox(), email, /Confirm your email/), '/verify-email');
    const resend = await server.request('POST', '/user/verify-email/resend/', { token });
    expect(resend.status).toBe(202);
    const second = linkToken(await waitForMail(outbox(), email, /Confirm your email/, 1), '/verify-email');
    expect((await server.request('POST', '/user/verify-email/', { body: { token: first } })).status).toBe(400);
    expect((await server.request('POST', '/user/verify-email/resend/', { token })).status).toBe(202);
    const limited = await server.request('POST', '/user/verify-email/resend/', { token });
    expect(limited.status).toBe(429);
    expect(await mailsTo(outbox(), email, /Confirm your email/)).toHaveLength(3);
    // The third link replaced the second.
    expect((await server.request('POST', '/user/verify-email/', { body: { token: second } })).status).toBe(400);
    expect((await server.request('GET', '/user/me/', { token })).body.email_verified).toBe(false);
  });

  it('a completed password reset confirms the address too', async () => {
    const { email, token } = await signUp(server, 'founder');
    const resetLink = await resetToken(email);
    await server.request('POST', '/user/password-reset/confirm/', { body: { token: resetLink, password: 'fresh-start-77' } });
    const fresh = await login(email, 'fresh-start-77');
    expect((await server.request('GET', '/user/me/', { token: fresh.body.token })).body.email_verified).toBe(true);
    expect((await server.request('GET', '/user/me/', { token })).status).toBe(401);
  });

  it('sessions ended by the reset stay ended', async () => {
    const { email, user } = await signUp(server, 'founder');
    const resetLink = await resetToken(email);
    await server.request('POST', '/user/password-reset/confirm/', { body: { token: resetLink, password: 'fresh-start-77' } });
    const live = await server.database.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });
});
