import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicket, openEventStream } from '../../../test/event-stream.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The stream's events once there are `count` of them (or after 3 s): ready first, then what was published. */
async function openStream(ticket: string) {
  const stream = await openEventStream(server, ticket);
  const plain = () => stream.events.map(({ event, data }) => ({ event, data }));
  return {
    res: stream.res,
    get events() {
      return plain();
    },
    next: async (count: number) => (await stream.until((e) => e.length >= count), plain()),
    close: stream.close,
  };
}

const ticketFor = (token: string) => eventTicket(server, token);

describe('server push over SSE', () => {
  it('delivers an event published on the server to the user’s open stream, and to no one else', async () => {
    const alice = await signUp(server, 'founder');
    const bob = await signUp(server, 'vc');
    const aliceStream = await openStream(await ticketFor(alice.token));
    const bobStream = await openStream(await ticketFor(bob.token));
    expect(aliceStream.res.status).toBe(200);
    expect(aliceStream.res.headers.get('content-type')).toContain('text/event-stream');
    expect((await aliceStream.next(1))[0]).toEqual({ event: 'ready', data: {} });
    await bobStream.next(1);

    await server.app.events.publish({ user: alice.user.id }, { type: 'scoring.finished', data: { run: 'r1', score: 72 } });
    const received = await aliceStream.next(2);
    expect(received[1]).toEqual({ event: 'scoring.finished', data: { run: 'r1', score: 72 } });
    // Nothing for Bob: an event sent to him after Alice's arrives as his first one, so hers never did.
    await server.app.events.publish({ user: bob.user.id }, { type: 'scoring.finished', data: { run: 'bob', score: 1 } });
    expect(await bobStream.next(2)).toEqual([
      { event: 'ready', data: {} },
      { event: 'scoring.finished', data: { run: 'bob', score: 1 } },
    ]);
    aliceStream.close();
    bobStream.close();
  });

  it('delivers fund events to the investor streams of that fund', async () => {
    const vc = await signUp(server, 'vc');
    const saved = await server.request('POST', '/vc/profile/step1/', {
      token: vc.token,
      body: { fund_name: 'Push Capital', sectors: ['SaaS'], stages: ['Seed'] },
    });
    const stream = await openStream(await ticketFor(vc.token));
    await stream.next(1);
    await server.app.events.publish({ fund: saved.body.profile.id }, { type: 'deal.created', data: { deal: 'd1' } });
    expect((await stream.next(2))[1]).toEqual({ event: 'deal.created', data: { deal: 'd1' } });
    stream.close();
  });

  it('ends open streams when the server shuts down, so shutdown is not held up', async () => {
    const other = await startTestServer({}, undefined, server.database);
    const user = await signUp(other, 'founder');
    const ticket = (await other.request('POST', '/events/ticket/', { token: user.token })).body.ticket as string;
    const res = await fetch(`${other.url}/events/?ticket=${encodeURIComponent(ticket)}`);
    expect(res.status).toBe(200);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await res.body?.cancel().catch(() => {});
  });

  it('needs a valid ticket: none, a changed one or a session token are refused with 401', async () => {
    const user = await signUp(server, 'founder');
    const ticket = await ticketFor(user.token);
    const changed = ticket.slice(0, -2) + (ticket.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [changed, user.token, 'x']) {
      const stream = await openStream(bad);
      expect(stream.res.status, bad).toBe(401);
      expect(((await stream.res.json()) as { error: string }).error).toBe('The event ticket is not valid or has expired.');
    }
    expect((await fetch(`${server.url}/events/`)).status).toBe(401);
    expect((await server.request('POST', '/events/ticket/')).status).toBe(401);
  });
});
