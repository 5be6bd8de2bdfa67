import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { startTestServer, uniqueEmail, type ConfigEnv, type TestServer } from '../../../test/test-server.ts';

/**
 * Two API hosts on one database (two servers sharing a test database, as two processes share a
 * PostgreSQL server): every limit holds across both (ADR 0043).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const servers: TestServer[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of databases.splice(0)) await d.dispose();
});

async function twoHosts(env: ConfigEnv) {
  const database = await openTestDatabase();
  databases.push(database);
  const a = await startTestServer(env, undefined, database);
  const b = await startTestServer(env, undefined, database);
  servers.push(a, b);
  return { a, b, database };
}

const until = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not met in time: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const wrongSignIn = (server: TestServer) =>
  server.request('POST', '/user/login/', { body: { email: 'nobody@example.com', password: 'not-the-password', type: 'vc' } });
const signUp = (server: TestServer, email: string) =>
  server.request('POST', '/user/signup/', { body: { email, password: 'secret-pass-1', type: 'founder', name: 'Limit Test' } });

/** Sign-ins per address per minute: 4 allowed in all, whichever host answers. */
async function expectSignInLimitAcrossHosts(a: TestServer, b: TestServer) {
  const statuses = [];
  for (const host of [a, b, a, b]) statuses.push((await wrongSignIn(host)).status);
  expect(statuses).toEqual([401, 401, 401, 401]);
  const refusedByA = await wrongSignIn(a);
  const refusedByB = await wrongSignIn(b);
  expect(refusedByA.status).toBe(429);
  expect(refusedByB.status).toBe(429);
  expect(refusedByB.body.code).toBe('rate_limited');
  expect(Number(refusedByB.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('limits shared by every API host, in the database', () => {
  // Only on PostgreSQL: only one process can open the embedded database, and its one host counts in memory.
  it.runIf(onPostgres)("an address's sign-ins are limited once across two hosts, not once per host", async () => {
    const { a, b } = await twoHosts({ AUTH_RATE_LIMIT_PER_MINUTE: '4' });
    await expectSignInLimitAcrossHosts(a, b);
  });

  it.runIf(onPostgres)('sign-up attempts for an email counted on one host stop the next attempt on the other', async () => {
    const { a, b } = await twoHosts({ AUTH_FAILURES_PER_EMAIL: '2' });
    const email = uniqueEmail('limit').toLowerCase();
    expect((await signUp(a, email)).status).toBe(201);
    expect((await signUp(a, email)).status).toBe(409);
    // Host B hears host A's attempts through the database (NOTIFY), without counting any itself.
    await until(() => b.app.sharedLimits.attempts.times('sign-up', email).length === 2, "B hears A's attempts");
    const refused = await signUp(b, email);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/Too many sign-up attempts/);
  });

  it('a host that starts later (or restarts) counts the attempts made before it', async () => {
    const database = await openTestDatabase();
    databases.push(database);
    const env = { AUTH_FAILURES_PER_EMAIL: '2' };
    const first = await startTestServer(env, undefined, database);
    const email = uniqueEmail('restart').toLowerCase();
    expect((await signUp(first, email)).status).toBe(201);
    expect((await signUp(first, email)).status).toBe(409);
    // Stored in the shared log (written after the answer, so wait for it), then the host goes away.
    await until(() => first.app.sharedLimits.attempts.times('sign-up', email).length === 2, 'recorded');
    await first.close();
    const later = await startTestServer(env, undefined, database);
    servers.push(later);
    expect((await signUp(later, email)).status).toBe(429);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await redisAnswers();
if (!hasRedis && process.env.CI === 'true') throw new Error(`No Redis at ${redisUrl}: the shared-limits tests need one under CI`);
if (!hasRedis) console.warn(`Skipping the Redis shared-limits tests: no Redis at ${redisUrl}`);

describe.runIf(hasRedis)('limits shared by every API host, in Redis (REDIS_URL)', () => {
  // A prefix of this run's own: other runs may use the same Redis server at the same time.
  const prefix = `fitscore-test-${randomBytes(6).toString('hex')}:`;
  const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix };
  afterAll(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it("an address's sign-ins are limited once across two hosts", async () => {
    const { a, b } = await twoHosts({ ...env, AUTH_RATE_LIMIT_PER_MINUTE: '4' });
    await expectSignInLimitAcrossHosts(a, b);
  });

  it('sign-up attempts counted on one host stop the next attempt on the other', async () => {
    const { a, b } = await twoHosts({ ...env, AUTH_FAILURES_PER_EMAIL: '2' });
    const email = uniqueEmail('redis').toLowerCase();
    expect((await signUp(a, email)).status).toBe(201);
    expect((await signUp(a, email)).status).toBe(409);
    await until(() => b.app.sharedLimits.attempts.times('sign-up', email).length === 2, "B hears A's attempts");
    expect((await signUp(b, email)).status).toBe(429);
  });
});
