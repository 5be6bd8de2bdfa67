import { DEAL_CHANGED_EVENT, NOT_A_MEMBER } from '@fitscore/contracts';
import { deals, fundMembers } from '@fitscore/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicket, openEventStream } from '../../../test/event-stream.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund(name: string) {
  const vc = await signUp(server, 'vc', { name });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: `${name} Fund`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}

async function newDeal(fundId: string, name: string) {
  const [deal] = await db().insert(deals).values({ fundId, startupName: name, sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload' }).returning();
  return deal!.id;
}

describe('fund members and Assign', () => {
  it("lists the fund's real members and assigns a deal to one of them, never to an outsider", async () => {
    const a = await newFund('Ada Admin');
    const b = await newFund('Bob Other');
    // A second person in fund A (invitations come later: the membership row is what they make).
    const colleague = await signUp(server, 'vc', { name: 'Cleo Colleague' });
    await db().insert(fundMembers).values({ fundId: a.fundId, userId: colleague.user.id, role: 'member' });

    const members = await server.request('GET', '/api/vc/members', { token: a.token });
    expect(members.status).toBe(200);
    expect(members.body.members.map((m: { id: string; name: string; role: string }) => [m.id, m.name, m.role])).toEqual([
      [a.userId, 'Ada Admin', 'admin'],
      [colleague.user.id, 'Cleo Colleague', 'member'],
    ]);
    // The colleague sees the same team.
    expect((await server.request('GET', '/api/vc/members', { token: colleague.token })).body.members).toHaveLength(2);

    const dealId = await newDeal(a.fundId, 'Acme');
    const res = await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: colleague.user.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, deal: { id: dealId, owner: { id: colleague.user.id, name: 'Cleo Colleague' } } });
    // The Owner filter of the pipeline finds it.
    const owned = await server.request('GET', `/api/vc/deals?owner=${colleague.user.id}`, { token: a.token });
    expect(owned.body.deals.map((d: { id: string }) => d.id)).toEqual([dealId]);

    // Someone of another fund cannot own fund A's deal.
    const outsider = await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: b.userId } });
    expect([outsider.status, outsider.body.error]).toEqual([400, NOT_A_MEMBER]);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: 'nobody' } })).status).toBe(400);

    // Unassigning.
    const cleared = await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: null } });
    expect([cleared.status, cleared.body.deal.owner]).toEqual([200, null]);

    // The contract's name, memberId (ownerId above is its alias); a body naming neither is refused.
    const byMemberId = await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { memberId: colleague.user.id } });
    expect([byMemberId.status, byMemberId.body.deal.owner?.id]).toEqual([200, colleague.user.id]);
    const none = await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { memberId: null } });
    expect([none.status, none.body.deal.owner]).toEqual([200, null]);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: {} })).status).toBe(400);
  });

  it('a removed member\'s deals are unassigned as Assign does it: owner none, an activity entry each, deal.changed to open screens', async () => {
    const a = await newFund('Ada Remover');
    const leaver = await signUp(server, 'vc', { name: 'Lee Leaver' });
    await db().insert(fundMembers).values({ fundId: a.fundId, userId: leaver.user.id, role: 'member' });
    const owned = [await newDeal(a.fundId, 'First Owned'), await newDeal(a.fundId, 'Second Owned')];
    await newDeal(a.fundId, 'Not Theirs');
    for (const id of owned) {
      expect((await server.request('POST', `/api/vc/deals/${id}/assign`, { token: a.token, body: { memberId: leaver.user.id } })).status).toBe(200);
    }
    // Another member's open screen, opened after the assignments.
    const stream = await openEventStream(server, await eventTicket(server, a.token));
    await stream.ready();

    const removed = await server.request('DELETE', `/vc/team/members/${leaver.user.id}/`, { token: a.token });
    expect([removed.status, removed.body]).toEqual([200, { ok: true }]);

    const changed = (events: { event: string; data: { dealId: string } }[]) => new Set(events.filter((e) => e.event === DEAL_CHANGED_EVENT).map((e) => e.data.dealId));
    await stream.until((events) => owned.every((id) => changed(events).has(id)));
    expect([...changed(stream.events)].sort()).toEqual([...owned].sort());
    stream.close();
    for (const id of owned) {
      expect((await server.request('GET', `/api/vc/deals/${id}`, { token: a.token })).body.deal.owner).toBeNull();
      const activity = await server.request('GET', `/api/vc/deals/${id}/activity`, { token: a.token });
      const assignments = (activity.body.activity as { kind: string; text: string; by: { id: string } | null }[]).filter((e) => e.kind === 'assigned');
      expect(assignments.map((e) => [e.text, e.by?.id])).toEqual([
        ['Unassigned', leaver.user.id],
        ['Assigned to Lee Leaver', a.userId],
      ]);
    }
  });

  it("answers 404 for another fund's deal and unknown ids, 403 for founders", async () => {
    const a = await newFund('Ann');
    const b = await newFund('Ben');
    const foreign = await newDeal(b.fundId, 'Foreign Co');
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000']) {
      const res = await server.request('POST', `/api/vc/deals/${id}/assign`, { token: a.token, body: { ownerId: a.userId } });
      expect([res.status, res.body.error]).toEqual([404, 'Deal not found']);
    }
    const detail = await server.request('GET', `/api/vc/deals/${foreign}`, { token: b.token });
    expect(detail.body.deal.owner).toBeNull();
    // B's members are not A's.
    expect((await server.request('GET', '/api/vc/members', { token: a.token })).body.members.map((m: { id: string }) => m.id)).toEqual([a.userId]);

    const founder = await signUp(server, 'founder');
    expect((await server.request('GET', '/api/vc/members', { token: founder.token })).status).toBe(403);
    expect((await server.request('POST', `/api/vc/deals/${foreign}/assign`, { token: founder.token, body: { ownerId: null } })).status).toBe(403);
  });
});
