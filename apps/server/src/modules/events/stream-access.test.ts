import { deals } from '@fitscore/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicket, openEventStream, openHeaderEventStream } from '../../../test/event-stream.ts';
import { setPlan } from '../../../test/plans.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function newFund(name: string) {
  const vc = await signUp(server, 'vc', { name });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: `${name} Fund`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  // A team of four: Pro (the trial's team is smaller).
  await setPlan(server, { fund: res.body.profile.id }, 'pro');
  const [deal] = await server.database.handle.db.insert(deals).values({ fundId: res.body.profile.id, startupName: 'Acme', source: 'upload' }).returning();
  return { token: vc.token, dealId: deal!.id };
}

async function member(admin: string, name: string) {
  const invite = await server.request('POST', '/vc/team/invites/', { token: admin, body: { email: null, role: 'member' } });
  expect(invite.status).toBe(201);
  const vc = await signUp(server, 'vc', { name });
  const joined = await server.request('POST', '/vc/team/join/', { token: vc.token, body: { token: new URL(invite.body.invite.url).searchParams.get('token') } });
  expect(joined.status).toBe(200);
  return vc;
}

const changes = (events: { event: string }[]) => events.filter((e) => e.event === 'deal.changed').length;

/**
 * A fund event after the change: the admin's own stream hearing it proves it was published to
 * the fund (so a stream that heard nothing would have heard it, were it still entitled).
 */
async function fundEventAfter(admin: { token: string; dealId: string }, control: Awaited<ReturnType<typeof openHeaderEventStream>>, status: 'hot' | 'track' | 'cold') {
  const before = changes(control.events);
  expect((await server.request('POST', `/api/vc/deals/${admin.dealId}/status`, { token: admin.token, body: { status, note: '' } })).status).toBe(200);
  await control.until((e) => changes(e) > before);
  expect(changes(control.events)).toBeGreaterThan(before);
}

describe('an open event stream hears its fund only while it may (issue 28 point 5)', () => {
  it('a removed member, a signed-out session and a session ended by a password change hear nothing more, and their streams close', async () => {
    const admin = await newFund('Stream Keeper');
    const control = await openHeaderEventStream(server, admin.token);
    await control.ready();

    const removed = await member(admin.token, 'Removed Member');
    const signedOut = await member(admin.token, 'Signed Out Member');
    const changed = await member(admin.token, 'Password Changer');
    const elsewhere = await server.request('POST', '/user/login/', { body: { email: changed.email, password: changed.password, type: 'vc' } });
    expect(elsewhere.status).toBe(200);

    const streams = {
      removedByTicket: await openEventStream(server, await eventTicket(server, removed.token)),
      removedByHeader: await openHeaderEventStream(server, removed.token),
      signedOut: await openHeaderEventStream(server, signedOut.token),
      passwordChanged: await openEventStream(server, await eventTicket(server, changed.token)),
    };
    for (const s of Object.values(streams)) await s.ready();

    expect((await server.request('DELETE', `/vc/team/members/${removed.user.id}/`, { token: admin.token })).status).toBe(200);
    expect((await server.request('POST', '/user/logout/', { token: signedOut.token })).status).toBe(200);
    const pw = await server.request('POST', '/user/password/', { token: elsewhere.body.token, body: { current_password: changed.password, new_password: 'a-brand-new-pass-42' } });
    expect(pw.status).toBe(200);

    await fundEventAfter(admin, control, 'track');
    await fundEventAfter(admin, control, 'hot');
    for (const [name, s] of Object.entries(streams)) {
      expect([name, changes(s.events)]).toEqual([name, 0]);
      await pollUntil(() => s.ended(), { what: `${name} closed` });
    }
    Object.values(streams).forEach((s) => s.close());
    control.close();
  });

  it('a member who stays hears every event', async () => {
    const admin = await newFund('Stream Stayer');
    const stays = await member(admin.token, 'Staying Member');
    const control = await openHeaderEventStream(server, admin.token);
    const stream = await openHeaderEventStream(server, stays.token);
    await Promise.all([control.ready(), stream.ready()]);
    await fundEventAfter(admin, control, 'track');
    await stream.until((e) => changes(e) >= 1);
    expect([changes(stream.events), stream.ended()]).toEqual([1, false]);
    stream.close();
    control.close();
  });
});
