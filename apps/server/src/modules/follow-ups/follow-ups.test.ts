import { mentionToken, type FundStage } from '@fitscore/contracts';
import { dealScores, deals, digestSends, digestSettings, fundMembers } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../../../test/poll-until.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { mailsTo, waitForMail } from '../mail/mail-test-helpers.ts';

const DAY = 86_400_000;
/** The follow-ups' clock: real time moved on by `ahead` (tests jump days). */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);

let server: TestServer;
beforeAll(async () => {
  // Digests from midnight UTC, checked often: a member whose digest is due gets it within moments.
  server = await startTestServer({ DIGEST_HOUR_UTC: '0', DIGEST_CHECK_MS: '100' }, undefined, undefined, { now });
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
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string, email: vc.email, name };
}

/** A second person in the fund (the membership row is what an accepted invite makes), with a digest choice made at once. */
async function addMember(fundId: string, name: string, digest?: 'never') {
  const vc = await signUp(server, 'vc', { name });
  await db().transaction(async (tx) => {
    await tx.insert(fundMembers).values({ fundId, userId: vc.user.id, role: 'member' });
    if (digest) await tx.insert(digestSettings).values({ userId: vc.user.id, frequency: digest });
  });
  return { token: vc.token, userId: vc.user.id as string, email: vc.email, name };
}

async function newDeal(fundId: string, name: string, fitScore: number | null = null) {
  const [deal] = await db().insert(deals).values({ fundId, startupName: name, sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload' }).returning();
  // A scored deal's score under the fund's weights (what the scoring of its deck leaves).
  if (fitScore !== null) await db().update(dealScores).set({ fitScore }).where(eq(dealScores.dealId, deal!.id));
  return deal!.id;
}

const req = (method: string, path: string, token: string | undefined, body?: unknown) =>
  server.request(method as never, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
const due = async (token: string) => {
  const res = await req('GET', '/api/vc/follow-ups/due', token);
  expect(res.status).toBe(200);
  return res.body as { reminders: { id: string; startupName: string; note: string }[]; idle: { dealId: string; startupName: string; stageName: string; idleDays: number }[]; count: number };
};
const inSeconds = (s: number) => new Date(Date.now() + ahead + s * 1000).toISOString();

describe('reminders on a deal', () => {
  it('are added with a date, a note and a member; edited, completed once and deleted; listed open first', async () => {
    const a = await newFund('Ada Admin');
    const cleo = await addMember(a.fundId, 'Cleo Colleague');
    const dealId = await newDeal(a.fundId, 'Acme');

    const created = await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, { dueAt: inSeconds(3600), note: ' Call the founder ', assigneeId: cleo.userId });
    expect(created.status).toBe(201);
    expect(created.body.followUp).toMatchObject({ dealId, note: 'Call the founder', assignee: { id: cleo.userId, name: 'Cleo Colleague' }, createdBy: { id: a.userId, name: 'Ada Admin' }, doneAt: null });
    const id = created.body.followUp.id as string;
    const second = await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, { dueAt: inSeconds(7200), note: 'Ask for the data room' });
    expect(second.status).toBe(201);
    expect(second.body.followUp.assignee).toBeNull();

    const edited = await req('PATCH', `/api/vc/follow-ups/${id}`, cleo.token, { note: 'Call the founder about churn', dueAt: inSeconds(9000) });
    expect([edited.status, edited.body.followUp.note]).toEqual([200, 'Call the founder about churn']);
    let list = await req('GET', `/api/vc/deals/${dealId}/follow-ups`, a.token);
    expect(list.body.followUps.map((f: { note: string }) => f.note)).toEqual(['Ask for the data room', 'Call the founder about churn']);

    const done = await req('POST', `/api/vc/follow-ups/${id}/done`, cleo.token);
    expect(done.status).toBe(200);
    expect(done.body.followUp.doneBy).toEqual({ id: cleo.userId, name: 'Cleo Colleague' });
    const again = await req('POST', `/api/vc/follow-ups/${id}/done`, a.token);
    expect([again.body.followUp.doneBy.id, again.body.followUp.doneAt]).toEqual([cleo.userId, done.body.followUp.doneAt]);
    list = await req('GET', `/api/vc/deals/${dealId}/follow-ups`, a.token);
    expect(list.body.followUps.map((f: { note: string; doneAt: string | null }) => [f.note, f.doneAt !== null])).toEqual([
      ['Ask for the data room', false],
      ['Call the founder about churn', true],
    ]);

    expect((await req('DELETE', `/api/vc/follow-ups/${second.body.followUp.id}`, a.token)).status).toBe(200);
    expect((await req('DELETE', `/api/vc/follow-ups/${second.body.followUp.id}`, a.token)).status).toBe(404);
  });

  it('refuses strangers, other funds, bad dates and assignees outside the fund with a clear 4xx', async () => {
    const a = await newFund('Ada Owner');
    const b = await newFund('Bob Other');
    const dealId = await newDeal(a.fundId, 'Owned Co');
    const founder = await signUp(server, 'founder');
    const body = { dueAt: inSeconds(60), note: 'x' };

    expect((await req('POST', `/api/vc/deals/${dealId}/follow-ups`, undefined, body)).status).toBe(401);
    expect((await req('POST', `/api/vc/deals/${dealId}/follow-ups`, founder.token, body)).status).toBe(403);
    expect((await req('POST', `/api/vc/deals/${dealId}/follow-ups`, b.token, body)).status).toBe(404);
    expect((await req('GET', `/api/vc/deals/${dealId}/follow-ups`, b.token)).status).toBe(404);
    const bad = await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, { dueAt: 'tomorrow' });
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('Choose a valid date and time')]);
    const outsider = await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, { ...body, assigneeId: b.userId });
    expect([outsider.status, outsider.body.error]).toEqual([400, 'Choose a member of your fund']);
    const long = await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, { ...body, note: 'x'.repeat(1001) });
    expect(long.status).toBe(400);

    const mine = await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, body);
    const id = mine.body.followUp.id as string;
    for (const [method, path] of [['PATCH', `/api/vc/follow-ups/${id}`], ['POST', `/api/vc/follow-ups/${id}/done`], ['DELETE', `/api/vc/follow-ups/${id}`]] as const) {
      expect((await req(method, path, b.token, method === 'PATCH' ? { note: 'mine now' } : undefined)).status).toBe(404);
    }
    expect((await req('PATCH', `/api/vc/follow-ups/${id}`, a.token, {})).status).toBe(400);
  });
});

describe('what is due', () => {
  it('a reminder is due for its assignee once its time comes by the clock, not before, and not for others', async () => {
    const a = await newFund('Ada Due');
    const cleo = await addMember(a.fundId, 'Cleo Due');
    const dealId = await newDeal(a.fundId, 'Soon Co');
    const made = await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, { dueAt: inSeconds(1.5), note: 'Send the term sheet', assigneeId: cleo.userId });
    expect(made.status).toBe(201);
    expect((await due(cleo.token)).count).toBe(0);

    const found = await pollUntil(async () => ((await due(cleo.token)).count === 1 ? due(cleo.token) : null), { what: 'the reminder to fall due' });
    expect(found.reminders.map((r) => [r.startupName, r.note])).toEqual([['Soon Co', 'Send the term sheet']]);
    // Not the creator's (it is Cleo's), and gone once done.
    expect((await due(a.token)).count).toBe(0);
    await req('POST', `/api/vc/follow-ups/${made.body.followUp.id}/done`, cleo.token);
    expect((await due(cleo.token)).count).toBe(0);
  });

  it("the fund's rule: deals of the chosen stages untouched for N days are due; a comment, a move or a reminder done is a touch", async () => {
    const a = await newFund('Ada Rule');
    const cleo = await addMember(a.fundId, 'Cleo Rule');
    const stages = (await req('GET', '/api/vc/stages', a.token)).body.stages as FundStage[];
    const screening = stages.find((s) => s.name === 'Screening')!;
    const newStage = stages.find((s) => s.name === 'New')!;

    // Members read the rule; only admins change it; it names the fund's own stages.
    expect((await req('GET', '/api/vc/follow-ups/rule', cleo.token)).body.rule).toEqual({ enabled: false, idleDays: 14, stageIds: [] });
    expect((await req('PUT', '/api/vc/follow-ups/rule', cleo.token, { enabled: true, idleDays: 5, stageIds: [screening.id] })).status).toBe(403);
    const noStage = await req('PUT', '/api/vc/follow-ups/rule', a.token, { enabled: true, idleDays: 5, stageIds: [] });
    expect([noStage.status, JSON.stringify(noStage.body)]).toEqual([400, expect.stringContaining('Choose at least one stage to watch')]);
    const saved = await req('PUT', '/api/vc/follow-ups/rule', a.token, { enabled: true, idleDays: 5, stageIds: [screening.id] });
    expect([saved.status, saved.body.rule]).toEqual([200, { enabled: true, idleDays: 5, stageIds: [screening.id] }]);

    const quiet = await newDeal(a.fundId, 'Quiet Co');
    const talked = await newDeal(a.fundId, 'Talked Co');
    const fresh = await newDeal(a.fundId, 'Untriaged Co');
    for (const id of [quiet, talked]) expect((await req('POST', `/api/vc/deals/${id}/stage`, a.token, { stageId: screening.id })).status).toBe(200);
    expect((await req('POST', `/api/vc/deals/${fresh}/stage`, a.token, { stageId: newStage.id })).status).toBe(200);
    expect((await due(a.token)).idle).toEqual([]);

    ahead = 4 * DAY;
    expect((await req('POST', `/api/vc/deals/${talked}/comments`, cleo.token, { body: 'Spoke to them today' })).status).toBe(201);
    ahead = 6 * DAY;
    let now6 = await due(a.token);
    // Quiet Co: moved 6 days ago; Talked Co: a comment 2 days ago; Untriaged Co: its stage is not watched.
    expect(now6.idle.map((d) => [d.startupName, d.stageName, d.idleDays])).toEqual([['Quiet Co', 'Screening', 6]]);
    expect(now6.count).toBe(1);
    // Every member sees the fund's idle deals.
    expect((await due(cleo.token)).idle.map((d) => d.startupName)).toEqual(['Quiet Co']);

    // A reminder done on it is a touch.
    const r = await req('POST', `/api/vc/deals/${quiet}/follow-ups`, a.token, { dueAt: inSeconds(-60), note: 'Check in' });
    expect((await due(a.token)).count).toBe(2);
    await req('POST', `/api/vc/follow-ups/${r.body.followUp.id}/done`, a.token);
    now6 = await due(a.token);
    expect([now6.count, now6.idle]).toEqual([0, []]);

    ahead = 12 * DAY;
    expect((await due(a.token)).idle.map((d) => d.startupName).sort()).toEqual(['Quiet Co', 'Talked Co']);
    // An assignment is a touch too; switching the rule off clears the list.
    expect((await req('POST', `/api/vc/deals/${talked}/assign`, a.token, { memberId: cleo.userId })).status).toBe(200);
    expect((await due(a.token)).idle.map((d) => d.startupName)).toEqual(['Quiet Co']);
    // A move to another watched stage of the same triage (Screening → First call, both Track) is a touch.
    const firstCall = stages.find((s) => s.name === 'First call')!;
    expect((await req('PUT', '/api/vc/follow-ups/rule', a.token, { enabled: true, idleDays: 5, stageIds: [screening.id, firstCall.id] })).status).toBe(200);
    expect((await due(a.token)).idle.map((d) => d.startupName)).toEqual(['Quiet Co']);
    expect((await req('POST', `/api/vc/deals/${quiet}/stage`, a.token, { stageId: firstCall.id })).status).toBe(200);
    expect((await due(a.token)).idle).toEqual([]);
    await req('PUT', '/api/vc/follow-ups/rule', a.token, { enabled: false, idleDays: 5, stageIds: [] });
    expect((await due(a.token)).idle).toEqual([]);
    ahead = 0;
  });
});

describe('the digest email', () => {
  it('goes once per member and period with new deals and scores, due follow-ups and mentions, however many hosts check; never means none', async () => {
    const a = await newFund('Ada Digest');
    // No digest for them while the fund's news is being made (the checks run every 100 ms).
    const dan = await addMember(a.fundId, 'Dan Daily', 'never');
    const nora = await addMember(a.fundId, 'Nora Never', 'never');
    const wes = await addMember(a.fundId, 'Wes Weekly');
    expect((await req('GET', '/api/vc/follow-ups/digest', wes.token)).body).toEqual({ frequency: 'weekly', timeZone: 'UTC', timeZoneSaved: false });
    expect((await req('GET', '/api/vc/follow-ups/digest', nora.token)).body).toEqual({ frequency: 'never', timeZone: 'UTC', timeZoneSaved: false });
    expect((await req('PUT', '/api/vc/follow-ups/digest', dan.token, { frequency: 'hourly' })).status).toBe(400);

    const dealId = await newDeal(a.fundId, 'Digest Co', 84);
    await req('POST', `/api/vc/deals/${dealId}/follow-ups`, a.token, { dueAt: inSeconds(-60), note: 'Book the partner meeting', assigneeId: dan.userId });
    await req('POST', `/api/vc/deals/${dealId}/comments`, a.token, { body: `${mentionToken({ id: dan.userId, name: 'Dan Daily' })} can you take this one?` });

    // A second host on the same database checks too.
    const other = await startTestServer({ DIGEST_HOUR_UTC: '0', DIGEST_CHECK_MS: '100' }, undefined, server.database, { now });
    try {
      expect((await req('PUT', '/api/vc/follow-ups/digest', dan.token, { frequency: 'daily' })).body).toEqual({ frequency: 'daily', timeZone: 'UTC', timeZoneSaved: false });
      const outbox = server.config.mail.outboxDir;
      const mail = await waitForMail(outbox, dan.email, /daily FitScore digest/);
      expect(mail.subject).toBe('Your daily FitScore digest: 1 new deal, 1 follow-up due, 1 mention');
      expect(mail.text).toContain('Hello Dan Daily,');
      expect(mail.text).toContain('- Digest Co: FitScore 84 (Strong Match)');
      expect(mail.text).toContain('- Digest Co: Book the partner meeting (due ');
      expect(mail.text).toContain('- Ada Digest mentioned you on Digest Co');
      expect(mail.text).toContain('/vc/settings');


      // The next day, the next one (the reminder is still due).
      ahead = DAY;
      const next = await waitForMail(outbox, dan.email, /daily FitScore digest/, 1);
      expect(next.subject).toBe('Your daily FitScore digest: 1 follow-up due');
      // Both hosts checked all along: one digest per period, never two.
      const sent = await db().select().from(digestSends).where(eq(digestSends.userId, dan.userId));
      const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
      expect(sent.map((r) => r.period).sort()).toEqual([day(0), day(DAY)]);
      expect((await mailsTo(outbox, dan.email, /digest/)).length).toBe(2);
      expect(await db().select().from(digestSends).where(eq(digestSends.userId, nora.userId))).toEqual([]);
      expect((await mailsTo(outbox, nora.email, /digest/)).length).toBe(0);
    } finally {
      ahead = 0;
      await other.close();
    }
  });
});

describe('the digest and the blind first look', () => {
  it("a new deal a member may not see yet reads 'FitScore hidden until you vote', never its score or 'not scored yet'", async () => {
    const a = await newFund('Bea Blind');
    const mia = await addMember(a.fundId, 'Mia Member', 'never');
    await newDeal(a.fundId, 'Blindspot', 77);
    const stages = (await req('GET', '/api/vc/stages', a.token)).body.stages as FundStage[];
    const firstLook = stages.find((s) => s.name === 'New')!.id;
    expect((await req('PUT', '/api/vc/blind-look', a.token, { enabled: true, stageIds: [firstLook] })).status).toBe(200);
    expect((await req('PUT', '/api/vc/follow-ups/digest', mia.token, { frequency: 'daily' })).status).toBe(200);
    const mail = await waitForMail(server.config.mail.outboxDir, mia.email, /daily FitScore digest/);
    expect(mail.text).toContain('- Blindspot: FitScore hidden until you vote');
    expect(mail.text).not.toContain('77');
  });
});

describe("the digest in each member's time zone", () => {
  it('a member saves an IANA zone with their choice; the settings read it back, keep it when only the frequency changes, and refuse a made-up one', async () => {
    const a = await newFund('Zoe Zone');
    const get = async () => (await req('GET', '/api/vc/follow-ups/digest', a.token)).body;
    expect(await get()).toEqual({ frequency: 'weekly', timeZone: 'UTC', timeZoneSaved: false });

    const saved = await req('PUT', '/api/vc/follow-ups/digest', a.token, { frequency: 'never', timeZone: 'America/New_York' });
    expect([saved.status, saved.body]).toEqual([200, { frequency: 'never', timeZone: 'America/New_York', timeZoneSaved: true }]);
    expect(await get()).toEqual({ frequency: 'never', timeZone: 'America/New_York', timeZoneSaved: true });
    // Only the frequency: the zone stays. A zone in another case is saved as the zone is spelled.
    expect((await req('PUT', '/api/vc/follow-ups/digest', a.token, { frequency: 'never' })).body.timeZone).toBe('America/New_York');
    expect((await req('PUT', '/api/vc/follow-ups/digest', a.token, { frequency: 'never', timeZone: 'asia/tokyo' })).body.timeZone).toBe('Asia/Tokyo');

    for (const timeZone of ['Mars/Olympus_Mons', '+05:00', '', 'x'.repeat(200), 42, null]) {
      const bad = await req('PUT', '/api/vc/follow-ups/digest', a.token, { frequency: 'daily', timeZone });
      expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining('timeZone must be an IANA time zone name such as America/New_York')]);
    }
    // Nothing refused was saved.
    expect(await get()).toEqual({ frequency: 'never', timeZone: 'Asia/Tokyo', timeZoneSaved: true });
    expect((await req('PUT', '/api/vc/follow-ups/digest', undefined, { frequency: 'daily', timeZone: 'Mars/Olympus_Mons' })).status).toBe(401);
  });

  it('the daily digest goes out from the digest hour of the local day, east and west of UTC, with due times in that zone', async () => {
    // A server of its own (its own database) whose digests go out from 8:00, on a clock the test sets.
    let clock = Date.parse('2027-01-11T07:50:00Z'); // Monday: 02:50 in New York, 16:50 in Tokyo.
    const zoned = await startTestServer({ DIGEST_HOUR_UTC: '8', DIGEST_CHECK_MS: '100' }, undefined, undefined, { now: () => new Date(clock) });
    try {
      const zdb = zoned.database.handle.db;
      const call = (method: string, path: string, token: string, body?: unknown) =>
        zoned.request(method as never, path, { token, ...(body === undefined ? {} : { body }) });
      const admin = await signUp(zoned, 'vc', { name: 'Una Utc' });
      const fund = await call('POST', '/vc/profile/step1/', admin.token, {
        fund_name: 'Zones Fund', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null,
      });
      const fundId = fund.body.profile.id as string;
      const member = async (name: string) => {
        const vc = await signUp(zoned, 'vc', { name });
        await zdb.insert(fundMembers).values({ fundId, userId: vc.user.id, role: 'member' });
        return { token: vc.token, userId: vc.user.id, email: vc.email };
      };
      const nina = await member('Nina NewYork');
      const toru = await member('Toru Tokyo');
      const [deal] = await zdb.insert(deals).values({ fundId, startupName: 'Zone Co', sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload' }).returning();
      const remind = async (who: { userId: string }, dueAt: string, note: string) =>
        expect((await call('POST', `/api/vc/deals/${deal!.id}/follow-ups`, admin.token, { dueAt, note, assigneeId: who.userId })).status).toBe(201);
      await remind(nina, '2027-01-11T07:30:00Z', 'Call from New York');
      await remind(toru, '2027-01-11T07:00:00Z', 'Call from Tokyo');
      const sends = async (userId: string) => (await zdb.select().from(digestSends).where(eq(digestSends.userId, userId))).map((r) => r.period).sort();
      const outbox = zoned.config.mail.outboxDir;

      expect((await call('PUT', '/api/vc/follow-ups/digest', nina.token, { frequency: 'daily', timeZone: 'America/New_York' })).status).toBe(200);
      expect((await call('PUT', '/api/vc/follow-ups/digest', toru.token, { frequency: 'daily', timeZone: 'Asia/Tokyo' })).status).toBe(200);

      // 07:50 UTC is past 8:00 in Tokyo: Toru's Monday digest, due times on his clock.
      const tokyo = await waitForMail(outbox, toru.email, /daily FitScore digest/);
      expect(tokyo.subject).toBe('Your daily FitScore digest: 1 follow-up due');
      expect(tokyo.text).toContain('- Zone Co: Call from Tokyo (due Jan 11, 4:00 PM GMT+9)');
      expect(await sends(toru.userId)).toEqual(['2027-01-11']);

      // 12:59 UTC is past 8:00 in UTC (the admin, with no choice, gets the weekly default by UTC)
      // but 7:59 in New York: no digest for Nina in that check nor any after it on this clock.
      clock = Date.parse('2027-01-11T12:59:00Z');
      await pollUntil(async () => (await sends(admin.user.id)).includes('week of 2027-01-11'), { what: "the admin's weekly digest claimed by UTC" });
      expect(await sends(nina.userId)).toEqual([]);
      expect(await mailsTo(outbox, nina.email, /digest/)).toEqual([]);

      // 8:00 in New York: her digest for her Monday, with the time in New York's.
      clock = Date.parse('2027-01-11T13:00:00Z');
      const ny = await waitForMail(outbox, nina.email, /daily FitScore digest/);
      expect(ny.text).toContain('- Zone Co: Call from New York (due Jan 11, 2:30 AM EST)');
      expect(await sends(nina.userId)).toEqual(['2027-01-11']);

      // 23:00 UTC on the 11th is 8:00 on Tuesday the 12th in Tokyo: his next day's digest, before UTC's.
      clock = Date.parse('2027-01-11T23:00:00Z');
      await waitForMail(outbox, toru.email, /daily FitScore digest/, 1);
      expect(await sends(toru.userId)).toEqual(['2027-01-11', '2027-01-12']);
      expect(await sends(nina.userId)).toEqual(['2027-01-11']);
      expect((await mailsTo(outbox, nina.email, /digest/)).length).toBe(1);
    } finally {
      await zoned.close();
    }
  });
});
