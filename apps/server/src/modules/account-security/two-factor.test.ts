import { twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code an authenticator app shows `steps` periods from now (one step of drift is allowed). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

async function enableTwoFactor(token: string) {
  const setup = await server.request('POST', '/user/2fa/setup/', { token });
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  const enable = await server.request('POST', '/user/2fa/enable/', { token, body: { code: await codeAt(secret) } });
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.body.recovery_codes as string[] };
}

const passwordStep = (email: string, password: string) =>
  server.request('POST', '/user/login/', { body: { email, password, type: 'founder' } });
const codeStep = (challenge: string, code: string) =>
  server.request('POST', '/user/login/2fa/', { body: { challenge, code } });

describe('two-factor sign-in', () => {
  it('sets up, enables, asks for a second step at login, refuses a wrong code, accepts the right one, takes a recovery code once, and disables', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    expect((await server.request('GET', '/user/2fa/', { token })).body).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_remaining: 0,
    });

    const setup = await server.request('POST', '/user/2fa/setup/', { token });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('FitScore');
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(setup.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Not on until a code proves the app has the secret.
    expect((await passwordStep(email, password)).body.token).toEqual(expect.any(String));
    const wrongEnable = await server.request('POST', '/user/2fa/enable/', { token, body: { code: '000000' } });
    expect(wrongEnable.status).toBe(400);
    expect(wrongEnable.body.error).toBe('Invalid authentication code');

    const enable = await server.request('POST', '/user/2fa/enable/', { token, body: { code: await codeAt(secret) } });
    expect(enable.status).toBe(200);
    const recoveryCodes = enable.body.recovery_codes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await server.request('GET', '/user/2fa/', { token });
    expect(status.body).toMatchObject({ enabled: true, recovery_codes_remaining: 10 });

    // The password alone no longer opens a session.
    const first = await passwordStep(email, password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(first.body.token).toBeUndefined();

    const wrong = await codeStep(first.body.challenge, '123456' === (await codeAt(secret, 1)) ? '654321' : '123456');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: 'Invalid authentication code', code: 'invalid_credentials' });

    // The enable code's step is used up; the next step's code (within drift) signs in. The same code
    // is replayed below: computed again, it would be a later step's once the clock crossed a step.
    const next = await codeAt(secret, 1);
    const right = await codeStep(first.body.challenge, next);
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ email, type: 'founder' });
    expect(right.body.onboarding_complete).toBe(false);
    expect((await server.request('GET', '/user/me/', { token: right.body.token })).status).toBe(200);

    // A challenge opens one session only.
    const again = await codeStep(first.body.challenge, next);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('two_factor_required');

    // The same code is refused on a new challenge: no replay within its window.
    const second = await passwordStep(email, password);
    const replay = await codeStep(second.body.challenge, next);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('Invalid authentication code');

    // A recovery code works once, whatever its case and spacing.
    const recovery = recoveryCodes[0]!;
    const byRecovery = await codeStep(second.body.challenge, ` ${recovery.toUpperCase()} `);
    expect(byRecovery.status).toBe(200);
    expect(typeof byRecovery.body.token).toBe('string');
    const third = await passwordStep(email, password);
    const reused = await codeStep(third.body.challenge, recovery);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('Invalid authentication code');
    expect((await server.request('GET', '/user/2fa/', { token })).body.recovery_codes_remaining).toBe(9);

    // Disabling needs the password and a code.
    const noPassword = await server.request('POST', '/user/2fa/disable/', {
      token,
      body: { password: 'wrong-password', code: recoveryCodes[1] },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error).toBe('Password is incorrect');
    const badCode = await server.request('POST', '/user/2fa/disable/', { token, body: { password, code: '000000' } });
    expect(badCode.status).toBe(400);
    expect((await server.request('GET', '/user/2fa/', { token })).body.enabled).toBe(true);

    const disable = await server.request('POST', '/user/2fa/disable/', { token, body: { password, code: recoveryCodes[1] } });
    expect(disable.status).toBe(200);
    expect(disable.body).toEqual({ enabled: false, enabled_at: null, recovery_codes_remaining: 0 });
    const plain = await passwordStep(email, password);
    expect(plain.status).toBe(200);
    expect(typeof plain.body.token).toBe('string');
    // The challenge issued before disabling is gone with it.
    expect((await codeStep(third.body.challenge, recoveryCodes[2]!)).status).toBe(401);
  });

  it('refuses a challenge after 5 minutes', async () => {
    const { email, password, token, user } = await signUp(server, 'founder');
    const { secret } = await enableTwoFactor(token);
    const { challenge } = (await passwordStep(email, password)).body;
    await server.database.handle.db
      .update(twoFactorChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(twoFactorChallenges.userId, user.id));
    const res = await codeStep(challenge, await codeAt(secret, 1));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'two_factor_required', error: 'Your sign-in has expired. Please sign in again.' });

    // A fresh sign-in gets a challenge that lives 5 minutes, and the code answers it.
    const fresh = await passwordStep(email, password);
    const rows = await server.database.handle.db
      .select()
      .from(twoFactorChallenges)
      .where(eq(twoFactorChallenges.userId, user.id));
    const live = rows.find((r) => r.expiresAt.getTime() > Date.now())!;
    expect(Math.round((live.expiresAt.getTime() - live.createdAt.getTime()) / 60_000)).toBe(5);
    expect((await codeStep(fresh.body.challenge, await codeAt(secret, 1))).status).toBe(200);
  });

  it('allows 5 attempts per challenge, then refuses even the right code', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const { secret } = await enableTwoFactor(token);
    const { challenge } = (await passwordStep(email, password)).body;
    const right = await codeAt(secret, 1);
    const wrongCode = right === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 4; i++) {
      const res = await codeStep(challenge, wrongCode);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_credentials');
    }
    const fifth = await codeStep(challenge, wrongCode);
    expect(fifth.status).toBe(401);
    expect(fifth.body).toMatchObject({ code: 'two_factor_required', error: 'Too many incorrect codes. Please sign in again.' });
    const sixth = await codeStep(challenge, right);
    expect(sixth.status).toBe(401);
    expect(sixth.body.code).toBe('two_factor_required');
    expect(sixth.body.token).toBeUndefined();
    // Signing in again starts a new challenge that the right code answers.
    const retry = await passwordStep(email, password);
    expect((await codeStep(retry.body.challenge, right)).status).toBe(200);
  });

  it('stores the secret encrypted, and challenges and recovery codes only as hashes', async () => {
    const { email, password, token, user } = await signUp(server, 'founder');
    const { secret, recoveryCodes } = await enableTwoFactor(token);
    const { challenge } = (await passwordStep(email, password)).body;
    const db = server.database.handle.db;

    const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row!.secretEncrypted.startsWith('v1.')).toBe(true);
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.secretEncrypted.toLowerCase()).not.toContain(secret.toLowerCase());
    const dump = JSON.stringify(await db.execute(sql`select * from user_two_factor`));
    expect(dump).not.toContain(secret);

    const codes = await db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(codes).toHaveLength(10);
    for (const c of codes) {
      expect(c.codeHash).toMatch(/^[0-9a-f]{64}$/);
      for (const plain of recoveryCodes) expect(c.codeHash).not.toContain(plain.replace(/-/g, ''));
    }
    const challenges = await db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    expect(challenges.map((c) => c.tokenHash)).not.toContain(challenge);
  });

  it('will not set up again while on, and needs a setup before enabling', async () => {
    const { email, password, token } = await signUp(server, 'founder');
    const early = await server.request('POST', '/user/2fa/enable/', { token, body: { code: '123456' } });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('Start the two-factor setup first.');
    const { secret } = await enableTwoFactor(token);
    const again = await server.request('POST', '/user/2fa/setup/', { token });
    expect(again.status).toBe(409);
    // The working secret was not replaced: the app's codes still sign in.
    const { challenge } = (await passwordStep(email, password)).body;
    expect((await codeStep(challenge, await codeAt(secret, 1))).status).toBe(200);
  });

  it('validates codes: six digits to enable, something to answer a challenge', async () => {
    const { token } = await signUp(server, 'founder');
    await server.request('POST', '/user/2fa/setup/', { token });
    const bad = await server.request('POST', '/user/2fa/enable/', { token, body: { code: '12ab56' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Enter the 6-digit code from your authenticator app');
    const empty = await server.request('POST', '/user/login/2fa/', { body: { challenge: 'x', code: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Enter a code');
    const unknown = await server.request('POST', '/user/login/2fa/', { body: { challenge: 'made-up', code: '123456' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('two_factor_required');
  });
});

describe('the application secret', () => {
  it('is generated once into DATA_DIR/app-secret.key with mode 0600 and reused after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-secret-'));
    try {
      const first = await startTestServer({ DATA_DIR: dataDir });
      const keyFile = join(dataDir, 'app-secret.key');
      const key = readFileSync(keyFile, 'utf8');
      expect(key.trim().length).toBeGreaterThanOrEqual(43);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      await first.close();
      const second = await startTestServer({ DATA_DIR: dataDir });
      expect(readFileSync(keyFile, 'utf8')).toBe(key);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('comes from APP_SECRET when set, and no key file is written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-secret-'));
    const withSecret = await startTestServer({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) });
    try {
      expect(existsSync(join(dataDir, 'app-secret.key'))).toBe(false);
      // Two-factor works with it.
      const { token } = await signUp(withSecret, 'founder');
      const setup = await withSecret.request('POST', '/user/2fa/setup/', { token });
      const code = await generate({ secret: setup.body.secret, epoch: nowSeconds() });
      expect((await withSecret.request('POST', '/user/2fa/enable/', { token, body: { code } })).status).toBe(200);
    } finally {
      await withSecret.close();
    }
  });
});
