import { COMMENT_EMPTY, COMMENT_MAX_CHARS, COMMENT_NOT_FOUND, COMMENT_NOT_YOURS, COMMENT_TOO_LONG, mentionToken } from '@fitscore/contracts';
import { dealSources, deals, fundMembers } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSolidDeck } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';

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
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string, name };
}

/** A second person in the fund (the membership row is what an accepted invite makes). */
async function addMember(fundId: string, name: string) {
  const vc = await signUp(server, 'vc', { name });
  await db().insert(fundMembers).values({ fundId, userId: vc.user.id, role: 'member' });
  return { token: vc.token, userId: vc.user.id as string, name };
}

async function newDeal(fundId: string, name: string) {
  const [deal] = await db().insert(deals).values({ fundId, startupName: name, sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload' }).returning();
  return deal!.id;
}

const comments = (token: string, dealId: string) => server.request('GET', `/api/vc/deals/${dealId}/comments`, { token });
const post = (token: string, dealId: string, body: unknown) => server.request('POST', `/api/vc/deals/${dealId}/comments`, { token, body });
const patch = (token: string, dealId: string, cid: string, body: unknown) =>
  server.request('PATCH', `/api/vc/deals/${dealId}/comments/${cid}`, { token, body });
const remove = (token: string, dealId: string, cid: string) => server.request('DELETE', `/api/vc/deals/${dealId}/comments/${cid}`, { token });
const notificationsOf = async (token: string) => (await server.request('GET', '/api/vc/notifications', { token })).body;
const activity = async (token: string, dealId: string) => {
  const res = await server.request('GET', `/api/vc/deals/${dealId}/activity`, { token });
  expect(res.status).toBe(200);
  return res.body.activity as { kind: string; text: string; by: { id: string; name: string } | null; at: string; commentId: string | null }[];
};

describe('comments on a deal', () => {
  it('adds, lists, edits (with the edited marker) and deletes a comment; limits the body', async () => {
    const a = await newFund('Ada Author');
    const dealId = await newDeal(a.fundId, 'Acme');

    const created = await post(a.token, dealId, { body: '  **Strong** team, see [site](https://acme.test)  ' });
    expect(created.status).toBe(201);
    expect(created.body.comment).toMatchObject({
      dealId,
      author: { id: a.userId, name: 'Ada Author' },
      body: '**Strong** team, see [site](https://acme.test)',
      mentions: [],
      editedAt: null,
      mine: true,
    });
    const cid = created.body.comment.id as string;

    const listed = await comments(a.token, dealId);
    expect([listed.status, listed.body.comments.map((c: { id: string }) => c.id)]).toEqual([200, [cid]]);

    const edited = await patch(a.token, dealId, cid, { body: 'Strong team.\nFollow up *Monday*.' });
    expect(edited.status).toBe(200);
    expect(edited.body.comment.body).toBe('Strong team.\nFollow up *Monday*.');
    expect(edited.body.comment.editedAt).toEqual(expect.any(String));

    for (const [body, error] of [
      [{ body: '   ' }, COMMENT_EMPTY],
      [{ body: 'x'.repeat(COMMENT_MAX_CHARS + 1) }, COMMENT_TOO_LONG],
      [{}, COMMENT_EMPTY],
    ] as const) {
      const res = await post(a.token, dealId, body);
      expect([res.status, res.body.error]).toEqual([400, error]);
    }
    expect((await post(a.token, dealId, { body: 'x'.repeat(COMMENT_MAX_CHARS) })).status).toBe(201);
    expect((await patch(a.token, dealId, cid, { body: '' })).status).toBe(400);

    const deleted = await remove(a.token, dealId, cid);
    expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);
    expect((await comments(a.token, dealId)).body.comments.map((c: { id: string }) => c.id)).not.toContain(cid);
    const again = await remove(a.token, dealId, cid);
    expect([again.status, again.body.error]).toEqual([404, COMMENT_NOT_FOUND]);
  });

  it("is the fund's only: another fund, another member's comment, a removed member", async () => {
    const a = await newFund('Ann Admin');
    const b = await newFund('Ben Other');
    const colleague = await addMember(a.fundId, 'Cleo Colleague');
    const dealId = await newDeal(a.fundId, 'Private Co');
    const cid = (await post(a.token, dealId, { body: 'Internal note' })).body.comment.id as string;

    // Fund B's VC: the deal does not exist for them.
    for (const res of [
      await comments(b.token, dealId),
      await post(b.token, dealId, { body: 'hi' }),
      await patch(b.token, dealId, cid, { body: 'hijack' }),
      await remove(b.token, dealId, cid),
      await server.request('GET', `/api/vc/deals/${dealId}/activity`, { token: b.token }),
    ]) {
      expect([res.status, res.body.error]).toEqual([404, 'Deal not found']);
    }
    expect((await comments(a.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // A comment id of another deal is not found on this one.
    const otherDeal = await newDeal(a.fundId, 'Other Co');
    expect((await patch(a.token, otherDeal, cid, { body: 'moved?' })).status).toBe(404);

    // A colleague reads it, may not edit or delete it.
    const seen = await comments(colleague.token, dealId);
    expect(seen.body.comments).toMatchObject([{ id: cid, body: 'Internal note', mine: false }]);
    for (const res of [await patch(colleague.token, dealId, cid, { body: 'changed' }), await remove(colleague.token, dealId, cid)]) {
      expect([res.status, res.body.error]).toEqual([403, COMMENT_NOT_YOURS]);
    }
    expect((await comments(a.token, dealId)).body.comments[0].body).toBe('Internal note');

    // Removed from the fund, the colleague's token sees nothing of it.
    expect((await server.request('DELETE', `/vc/team/members/${colleague.userId}/`, { token: a.token })).status).toBe(200);
    expect((await comments(colleague.token, dealId)).status).toBe(404);
    expect((await post(colleague.token, dealId, { body: 'still here?' })).status).toBe(404);
    expect((await server.request('GET', `/api/vc/deals/${dealId}/activity`, { token: colleague.token })).status).toBe(404);

    const founder = await signUp(server, 'founder');
    expect((await comments(founder.token, dealId)).status).toBe(403);
  });
});

describe('mentions and assignments notify the member concerned', () => {
  it('a mention notifies the mentioned member only; an edit notifies only the newly added', async () => {
    const a = await newFund('Ada Admin');
    const cleo = await addMember(a.fundId, 'Cleo Colleague');
    const dan = await addMember(a.fundId, 'Dan Partner');
    const outsider = await newFund('Olga Outsider');
    const dealId = await newDeal(a.fundId, 'Mention Co');

    const body = `${mentionToken({ id: cleo.userId, name: 'Cleo Colleague' })} please look. ${mentionToken({ id: outsider.userId, name: 'Olga Outsider' })} ${mentionToken({ id: a.userId, name: 'Ada Admin' })}`;
    const created = await post(a.token, dealId, { body });
    expect(created.status).toBe(201);
    // The outsider's token is plain text; the author's own mention stays but notifies nobody.
    expect(created.body.comment.body).toBe(`@[Cleo Colleague](${cleo.userId}) please look. @Olga Outsider @[Ada Admin](${a.userId})`);
    expect(created.body.comment.mentions).toEqual([
      { id: cleo.userId, name: 'Cleo Colleague' },
      { id: a.userId, name: 'Ada Admin' },
    ]);
    const cid = created.body.comment.id as string;

    const cleoList = await notificationsOf(cleo.token);
    expect(cleoList.unread).toBe(1);
    expect(cleoList.notifications[0]).toMatchObject({
      type: 'mention',
      title: 'Ada Admin mentioned you on Mention Co',
      reason: ['Comment on Mention Co', 'By Ada Admin'],
      details: '@Cleo Colleague please look. @Olga Outsider @Ada Admin',
      dealId,
      unread: true,
      actions: ['view', 'dismiss'],
    });
    for (const who of [a, dan, outsider]) expect((await notificationsOf(who.token)).notifications).toEqual([]);

    // The edit adds Dan: he is told; Cleo is not told again.
    const edited = await patch(a.token, dealId, cid, { body: `${body} and ${mentionToken({ id: dan.userId, name: 'Dan Partner' })}` });
    expect(edited.status).toBe(200);
    expect((await notificationsOf(cleo.token)).notifications).toHaveLength(1);
    const danList = await notificationsOf(dan.token);
    expect(danList.notifications.map((n: { type: string; title: string }) => [n.type, n.title])).toEqual([['mention', 'Ada Admin mentioned you on Mention Co']]);
    expect((await notificationsOf(outsider.token)).notifications).toEqual([]);

    // View marks Cleo's own mention read, and nobody else's.
    const viewed = await server.request('POST', `/api/vc/notifications/${cleoList.notifications[0].id}/view`, { token: cleo.token });
    expect([viewed.status, viewed.body.dealId, viewed.body.unread]).toEqual([200, dealId, 0]);
    expect((await notificationsOf(dan.token)).unread).toBe(1);
    expect((await server.request('POST', `/api/vc/notifications/${danList.notifications[0].id}/hot`, { token: dan.token })).status).toBe(400);
  });

  it('assigning a deal to a colleague tells them who assigned what; assigning to yourself tells nobody', async () => {
    const a = await newFund('Ada Assigner');
    const cleo = await addMember(a.fundId, 'Cleo Owner');
    const dealId = await newDeal(a.fundId, 'Owned Co');
    await db().update(deals).set({ oneLiner: 'Payroll for robots' }).where(eq(deals.id, dealId));

    expect((await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: a.userId } })).status).toBe(200);
    expect((await notificationsOf(a.token)).notifications).toEqual([]);

    expect((await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: cleo.userId } })).status).toBe(200);
    const list = await notificationsOf(cleo.token);
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'assigned',
      title: 'Ada Assigner assigned Owned Co to you',
      reason: ['Assigned by Ada Assigner', 'Deal: Owned Co'],
      details: 'Payroll for robots',
      dealId,
      actions: ['view', 'dismiss'],
    });
    expect((await notificationsOf(a.token)).notifications).toEqual([]);
    // The same owner again changes nothing and tells nobody again.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: cleo.userId } })).status).toBe(200);
    expect((await notificationsOf(cleo.token)).notifications).toHaveLength(1);
  });

  it("under the blind first look, a mention does not quote the comment to a member who has not recorded their own view; once they have, it does", async () => {
    const a = await newFund('Ada Blind');
    const cleo = await addMember(a.fundId, 'Cleo Unvoted');
    const dealId = await newDeal(a.fundId, 'Blind Co');
    const stages = (await server.request('GET', '/api/vc/stages', { token: a.token })).body.stages as { id: string; name: string }[];
    const stageIds = ['New', 'Screening', 'Partner meeting'].map((n) => stages.find((st) => st.name === n)!.id);
    expect((await server.request('PUT', '/api/vc/blind-look', { token: a.token, body: { enabled: true, stageIds } })).status).toBe(200);
    // Ada records her view (Hot, a blind stage too); Cleo has not.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: a.token, body: { status: 'hot', note: '' } })).status).toBe(200);

    expect((await post(a.token, dealId, { body: `${mentionToken({ id: cleo.userId, name: 'Cleo Unvoted' })} I would pass: churn is 9% a month` })).status).toBe(201);
    expect((await post(cleo.token, dealId, { body: `${mentionToken({ id: a.userId, name: 'Ada Blind' })} what did you think?` })).status).toBe(201);
    // The rule of the deal's comments: hidden from Cleo, shown to Ada.
    expect((await comments(cleo.token, dealId)).body).toEqual({ comments: [], hidden: true });
    const blind = await notificationsOf(cleo.token);
    expect(blind.notifications).toEqual([
      expect.objectContaining({
        type: 'mention',
        title: 'Ada Blind mentioned you on Blind Co',
        reason: ['Comment on Blind Co', 'By Ada Blind', "The team's comments show once you record your own Hot, Track or Cold"],
        details: '',
        dealId,
      }),
    ]);
    expect(JSON.stringify(blind)).not.toContain('churn');
    expect((await notificationsOf(a.token)).notifications).toEqual([
      expect.objectContaining({ title: 'Cleo Unvoted mentioned you on Blind Co', reason: ['Comment on Blind Co', 'By Cleo Unvoted'], details: '@Ada Blind what did you think?' }),
    ]);

    // Once Cleo has recorded hers, a mention quotes the comment again.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: cleo.token, body: { status: 'track', note: '' } })).status).toBe(200);
    expect((await post(a.token, dealId, { body: `${mentionToken({ id: cleo.userId, name: 'Cleo Unvoted' })} agreed, Track it` })).status).toBe(201);
    const seen = await notificationsOf(cleo.token);
    expect(seen.notifications.map((n: { details: string }) => n.details)).toEqual(['@Cleo Unvoted agreed, Track it', '']);
  });
});

async function uploadScored(token: string, companyName: string) {
  const form = new FormData();
  form.append('companyName', companyName);
  form.append('stage', 'Seed');
  form.append('sector', 'SaaS');
  form.append('file', new Blob([await makeSolidDeck()]), 'deck.pdf');
  const res = await server.request('POST', '/api/vc/deals/upload', { token, raw: form });
  expect(res.status).toBe(202);
  const id = res.body.deal.id as string;
  const deal = await settledDeal(server, token, id);
  if (deal.scoring.state !== 'done') throw new Error('scoring failed');
  return id;
}

const tick = () => new Promise((r) => setTimeout(r, 15));

describe('activity log', () => {
  it("lists a deal's events newest first with who and when", async () => {
    const a = await newFund('Ada Active');
    const cleo = await addMember(a.fundId, 'Cleo Second');
    const dealId = await uploadScored(a.token, 'Activity Co');
    // The same company arriving again through the apply form (intake merges it as a source).
    await db().insert(dealSources).values([{ dealId, channel: 'form', receivedAt: new Date() }]);
    await tick();
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: a.token, body: { status: 'hot', note: 'Great team' } })).status).toBe(200);
    await tick();
    expect((await server.request('POST', `/api/vc/deals/${dealId}/assign`, { token: a.token, body: { ownerId: cleo.userId } })).status).toBe(200);
    await tick();
    expect((await server.request('POST', `/api/vc/deals/${dealId}/mark-reviewed`, { token: cleo.token })).status).toBe(200);
    // Reviewed once: a second review adds nothing.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/mark-reviewed`, { token: a.token })).status).toBe(200);
    await tick();
    const cid = (await post(cleo.token, dealId, { body: 'Call booked' })).body.comment.id as string;
    await tick();
    expect((await patch(cleo.token, dealId, cid, { body: 'Call booked for Friday' })).status).toBe(200);

    const events = await activity(a.token, dealId);
    expect(events.map((e) => [e.kind, e.text, e.by?.name ?? null])).toEqual([
      ['comment_edited', 'Edited a comment', 'Cleo Second'],
      ['commented', 'Commented', 'Cleo Second'],
      ['reviewed', 'Marked as reviewed', 'Cleo Second'],
      ['assigned', 'Assigned to Cleo Second', 'Ada Active'],
      ['status', 'Moved from New to Hot', 'Ada Active'],
      ['received', 'Received again via Form (merged)', null],
      ['scored', expect.stringMatching(/^Scored \(deck score \d+\)$/), null],
      ['received', 'Received via Upload', null],
    ]);
    expect(events[0]!.commentId).toBe(cid);
    const times = events.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    expect((await remove(cleo.token, dealId, cid)).status).toBe(200);
    const after = await activity(cleo.token, dealId);
    expect(after.slice(0, 3).map((e) => [e.kind, e.commentId])).toEqual([
      ['comment_deleted', null],
      ['comment_edited', null],
      ['commented', null],
    ]);
  });
});
