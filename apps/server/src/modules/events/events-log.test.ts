import { pollUntil } from '../../../test/poll-until.ts';
import { SUB_SCORE_KEYS } from '@fitscore/contracts';
import { fitScores, serverEvents, subScoreValues } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProfile } from '../../../test/decks.ts';
import { eventTicket, openEventStream } from '../../../test/event-stream.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { setPlan } from '../../../test/plans.ts';
import type { StoredEventBus } from './event-bus.ts';

let a: TestServer;
beforeAll(async () => {
  a = await startTestServer();
});
afterAll(() => a.close());

const onPostgres = () => a.database.url !== undefined;

async function newFund(server: TestServer) {
  const vc = await signUp(server, 'vc');
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: 'Live Fund', sectors: ['AI/ML'], stages: ['Seed'] },
  });
  expect(res.status).toBe(200);
  return { ...vc, fundId: res.body.profile.id as string };
}

/** A premium founder with a FitScore, who can ask a fund for an intro (which notifies its members). */
async function introFounder(server: TestServer) {
  const f = await signUp(server, 'founder');
  expect(
    (await server.request('POST', '/founder/profile/', { token: f.token, body: validProfile() })).status,
  ).toBeLessThan(300);
  await setPlan(server, { founder: f.email }, 'premium');
  const scores = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, { score: 7 }])) as Parameters<
    typeof subScoreValues
  >[0];
  await server.database.handle.db
    .insert(fitScores)
    .values({
      userId: f.user.id,
      deckVersion: 1,
      engineVersion: 'test',
      overall: 70,
      ...subScoreValues(scores),
      analysis: {},
      profile: {},
    });
  return f;
}

describe('the stored event log', () => {
  it('numbers every event, and a stream resuming with Last-Event-ID gets exactly what it missed, in order', async () => {
    const user = await signUp(a, 'founder');
    const first = await openEventStream(a, await eventTicket(a, user.token));
    await first.ready();
    await a.app.events.publish({ user: user.user.id }, { type: 'test.seen', data: { n: 0 } });
    const seen = await first.until((e) => e.some((x) => x.event === 'test.seen'));
    const last = seen.find((x) => x.event === 'test.seen')!;
    expect(last.id).toMatch(/^\d+$/);
    first.close();

    // While disconnected: three for the user, one for someone else.
    const other = await signUp(a, 'founder');
    for (const n of [1, 2, 3]) await a.app.events.publish({ user: user.user.id }, { type: 'test.missed', data: { n } });
    await a.app.events.publish({ user: other.user.id }, { type: 'test.missed', data: { n: 99 } });

    for (const resume of [{ header: last.id! }, { query: last.id! }]) {
      const again = await openEventStream(a, await eventTicket(a, user.token), resume);
      await again.ready();
      await a.app.events.publish({ user: user.user.id }, { type: 'test.live', data: {} });
      const events = await again.until((e) => e.some((x) => x.event === 'test.live'));
      const missed = events.filter((x) => x.event === 'test.missed');
      expect(
        missed.map((x) => x.data.n),
        JSON.stringify(resume),
      ).toEqual([1, 2, 3]);
      const ids = events.filter((x) => x.id && x.event !== 'ready').map((x) => Number(x.id));
      expect(ids).toEqual([...ids].sort((p, q) => p - q));
      expect(new Set(ids).size).toBe(ids.length);
      expect(Math.min(...ids)).toBeGreaterThan(Number(last.id));
      again.close();
    }
  });

  it('resumes a stream that saw nothing yet from the id its ready event carried', async () => {
    const vc = await newFund(a);
    const first = await openEventStream(a, await eventTicket(a, vc.token));
    const ready = (await first.ready()).find((x) => x.event === 'ready')!;
    expect(ready.id).toMatch(/^\d+$/);
    first.close();
    await a.app.events.publish({ fund: vc.fundId }, { type: 'deal.created', data: { deal: 'while-away' } });
    const again = await openEventStream(a, await eventTicket(a, vc.token), { header: ready.id! });
    const events = await again.until((e) => e.some((x) => x.event === 'ready'));
    expect(events.map((x) => [x.event, x.data])).toEqual([
      ['deal.created', { deal: 'while-away' }],
      ['ready', {}],
    ]);
    again.close();
  });

  it('misses nothing and repeats nothing while events are published as the stream reconnects', async () => {
    const user = await signUp(a, 'founder');
    const first = await openEventStream(a, await eventTicket(a, user.token));
    const lastId = (await first.ready()).find((x) => x.event === 'ready')!.id!;
    first.close();
    let n = 0;
    let publishing = true;
    const publisher = (async () => {
      while (publishing && n < 200) {
        await a.app.events.publish({ user: user.user.id }, { type: 'test.burst', data: { n: n++ } });
        // PGlite answers in microtasks: let timers and sockets run between publishes.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const again = await openEventStream(a, await eventTicket(a, user.token), { header: lastId });
    await again.ready();
    await new Promise((resolve) => setTimeout(resolve, 100));
    publishing = false;
    await publisher;
    const events = await again.until((e) => e.filter((x) => x.event === 'test.burst').length >= n);
    expect(events.filter((x) => x.event === 'test.burst').map((x) => x.data.n)).toEqual(
      Array.from({ length: n }, (_, i) => i),
    );
    again.close();
  });

  it('refuses a Last-Event-ID that is not an event id', async () => {
    const user = await signUp(a, 'founder');
    const res = await fetch(
      `${a.url}/events/?ticket=${encodeURIComponent(await eventTicket(a, user.token))}&lastEventId=abc`,
    );
    expect(res.status).toBe(400);
    await res.body?.cancel();
  });

  it('deletes events older than 24 hours', async () => {
    const user = await signUp(a, 'founder');
    await a.app.events.publish({ user: user.user.id }, { type: 'test.old', data: {} });
    await a.app.events.publish({ user: user.user.id }, { type: 'test.recent', data: {} });
    const db = a.database.handle.db;
    await db
      .update(serverEvents)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(serverEvents.type, 'test.old'));
    expect(await (a.app.events as StoredEventBus).prune()).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ type: serverEvents.type })
      .from(serverEvents)
      .where(eq(serverEvents.audienceId, user.user.id));
    expect(left.map((r) => r.type)).toEqual(['test.recent']);
  });
});

describe('several API processes on one PostgreSQL', () => {
  let b: TestServer | undefined;
  beforeAll(async () => {
    if (onPostgres()) b = await startTestServer({}, undefined, a.database);
  });
  afterAll(() => b?.close());

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'pushes a notification caused on instance B to a stream on instance A, and a ticket from A opens a stream on B (its latency is measured by push-latency-bench.ts)',
    async () => {
      const other = b!;
      const vc = await newFund(a);
      // Ticket issued by A, redeemed by B.
      const onB = await openEventStream(other, await eventTicket(a, vc.token));
      expect(onB.res.status).toBe(200);
      await onB.ready();
      onB.close();

      const stream = await openEventStream(a, await eventTicket(a, vc.token));
      await stream.ready();
      const founder = await introFounder(other);
      const intro = await other.request('POST', `/founder/matches/${vc.fundId}/intro/`, {
        token: founder.token,
        body: { note: 'hello' },
      });
      expect(intro.status).toBe(201);
      const events = await stream.until((e) => e.some((x) => x.event === 'notification'));
      const notification = events.find((x) => x.event === 'notification');
      expect(notification?.data.notification).toMatchObject({ type: 'warmintro', introId: intro.body.intro.id });
      stream.close();
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps delivering after the LISTEN connection drops, with what was published meanwhile',
    async () => {
      const user = await signUp(a, 'founder');
      const stream = await openEventStream(a, await eventTicket(a, user.token));
      await stream.ready();
      const bus = a.app.events as StoredEventBus;
      const connection = bus.listenerConnection()!;
      expect(connection).not.toBeNull();
      // Kill the backend under it, as a database restart or a network cut would.
      await a.database.handle.db.execute(
        sql`select pg_terminate_backend(${(connection as unknown as { processID: number }).processID})`,
      );
      for (const n of [1, 2]) await b!.app.events.publish({ user: user.user.id }, { type: 'test.during', data: { n } });
      const events = await stream.until((e) => e.filter((x) => x.event === 'test.during').length >= 2, 8000);
      expect(events.filter((x) => x.event === 'test.during').map((x) => x.data.n)).toEqual([1, 2]);
      // It listens again on a new connection (it must have, to have delivered the two above).
      await pollUntil(() => bus.listenerConnection() !== connection, { what: 'a new listener connection' });
      stream.close();
    },
  );
});

if (!process.env.TEST_DATABASE_URL) {
  describe('several API processes on one PostgreSQL', () => {
    it.skip('needs TEST_DATABASE_URL (a PostgreSQL server): PGlite is one process, so there is no second instance to test', () => {});
  });
}
