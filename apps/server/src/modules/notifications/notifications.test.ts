import { createUnitOfWork, dealScores, fundMembers, funds } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSolidDeck } from '../../../test/decks.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { eventTicket, openEventStream } from '../../../test/event-stream.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createInProcessEventBus } from '../events/event-bus.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createNotificationsService, DEAL_ARRIVED_BY } from './notifications.service.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund(name: string, sectors: string[], alertThreshold: number) {
  const vc = await signUp(server, 'vc');
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: name, sectors, stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  const fundId = res.body.profile.id as string;
  // The threshold is a fund setting (Settings → Integrations sets it); here it is set directly.
  await db().update(funds).set({ alertThreshold }).where(eq(funds.id, fundId));
  return { token: vc.token, fundId, userId: vc.user.id };
}

/** A second member of the fund (the team's invitations are another part of the product). */
async function addMember(fundId: string) {
  const vc = await signUp(server, 'vc');
  await db().insert(fundMembers).values({ fundId, userId: vc.user.id, role: 'member' });
  return { token: vc.token, userId: vc.user.id };
}

function uploadForm(fields: Record<string, string>, file: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file]), 'deck.pdf');
  return form;
}

async function upload(token: string, companyName: string) {
  const res = await server.request('POST', '/api/vc/deals/upload', {
    token,
    raw: uploadForm({ companyName, stage: 'Seed', sector: 'SaaS' }, await makeSolidDeck()),
  });
  expect(res.status).toBe(202);
  return res.body.deal.id as string;
}

const pollScored = (token: string, id: string) => settledDeal(server, token, id);

/** The user's event stream, open and ready. */
async function openStream(token: string) {
  const stream = await openEventStream(server, await eventTicket(server, token));
  await stream.ready();
  return stream;
}

const list = (token: string) => server.request('GET', '/api/vc/notifications', { token });
const act = (token: string, id: string, action: string) => server.request('POST', `/api/vc/notifications/${id}/${action}`, { token });

describe('match notifications from scoring', () => {
  it('a scored deal fitting the thesis at or above the threshold alerts every member, live; others do not', async () => {
    const fits = await newFund('Match Fund', ['SaaS'], 1);
    const partner = await addMember(fits.fundId);
    const tooHigh = await newFund('High Bar Fund', ['SaaS'], 100);
    const offThesis = await newFund('Fintech Fund', ['Fintech'], 1);
    const streams = await Promise.all([openStream(fits.token), openStream(partner.token), openStream(tooHigh.token)]);

    const [dealId, highId, offId] = await Promise.all([upload(fits.token, 'Acme Cloud'), upload(tooHigh.token, 'Acme Cloud'), upload(offThesis.token, 'Acme Cloud')]);
    const [deal, high, off] = await Promise.all([pollScored(fits.token, dealId), pollScored(tooHigh.token, highId), pollScored(offThesis.token, offId)]);
    expect([deal.scoring.state, high.scoring.state, off.scoring.state]).toEqual(['done', 'done', 'done']);

    // Live: each member of the fund gets the `notification` event with the bell's count.
    for (const stream of streams.slice(0, 2)) {
      const pushed = await stream.waitFor((e) => e.event === 'notification');
      expect(pushed?.data).toMatchObject({ unread: 1, notification: { type: 'match', dealId, title: 'Acme Cloud matches your thesis', unread: true } });
    }
    const owner = await list(fits.token);
    expect(owner.body.unread).toBe(1);
    expect(owner.body.notifications[0]).toEqual({
      id: expect.any(String),
      type: 'match',
      title: 'Acme Cloud matches your thesis',
      reason: [`FitScore ${deal.fitScore} under your weights (alert threshold 1)`, 'Sector: SaaS', 'Stage: Seed'],
      details: `An uploaded deal scored ${deal.fitScore}.`,
      unread: true,
      date: expect.any(String),
      dealId,
      introId: null,
      action: null,
      outcome: null,
      actions: ['view', 'hot', 'track', 'dismiss'],
    });
    expect((await list(partner.token)).body.unread).toBe(1);
    // Below the threshold, or off thesis: nothing.
    expect((await list(tooHigh.token)).body).toEqual({ notifications: [], unread: 0 });
    expect((await list(offThesis.token)).body).toEqual({ notifications: [], unread: 0 });
    // The high bar's member hears nothing of Acme: once a later deal of theirs, with the bar lowered,
    // has been scored and its alert pushed the same way, Acme's would have arrived before it.
    await db().update(funds).set({ alertThreshold: 1 }).where(eq(funds.id, tooHigh.fundId));
    const laterId = await upload(tooHigh.token, 'Later Cloud');
    await streams[2]!.waitFor((e) => e.event === 'notification', 120_000);
    expect(streams[2]!.events.filter((e) => e.event === 'notification').map((e) => e.data.notification.dealId)).toEqual([laterId]);

    // Hot moves the deal (with history), marks it read for the whole fund and pushes the change.
    const id = owner.body.notifications[0].id as string;
    const hot = await act(fits.token, id, 'hot');
    expect(hot.status).toBe(200);
    expect(hot.body).toMatchObject({ ok: true, unread: 0, dealId, notification: { id, unread: false, action: 'hot' } });
    const detail = await server.request('GET', `/api/vc/deals/${dealId}`, { token: fits.token });
    expect(detail.body.deal.status).toBe('hot');
    expect(detail.body.history[0]).toMatchObject({ from: 'new', to: 'hot', by: { id: fits.userId } });
    expect((await list(partner.token)).body).toMatchObject({ unread: 0, notifications: [{ unread: false, action: 'hot' }] });
    const partnerStream = streams[1]!;
    expect(await partnerStream.waitFor((e) => e.event === 'notification' && e.data.notification.action === 'hot')).toBeDefined();

    expect((await act(fits.token, id, 'track')).status).toBe(200);
    expect((await server.request('GET', `/api/vc/deals/${dealId}`, { token: fits.token })).body.deal.status).toBe('track');
    // Each member acts on their own copy; the owner's id is not the partner's.
    expect((await act(partner.token, id, 'view')).status).toBe(404);
    const partnersId = (await list(partner.token)).body.notifications[0].id as string;
    for (const action of ['view', 'dismiss']) {
      const res = await act(partner.token, partnersId, action);
      expect(res.body).toMatchObject({ ok: true });
      expect(res.body.notification.action).toBe(action);
    }
    expect((await server.request('GET', `/api/vc/deals/${dealId}`, { token: fits.token })).body.deal.status).toBe('track');
    // Wrong action for a match: 400; another fund's member: 404.
    expect((await act(fits.token, id, 'approve')).status).toBe(400);
    expect((await act(offThesis.token, id, 'view')).status).toBe(404);
    streams.forEach((s) => s.close());
  }, 180_000);

  it("names a deal's channel with its article ('An email deal', 'A form deal')", () => {
    expect([DEAL_ARRIVED_BY.email, DEAL_ARRIVED_BY.form, DEAL_ARRIVED_BY.import]).toEqual(['An email deal', 'A form deal', 'An imported deal']);
  });
});

describe('match notifications under the blind first look (issue 31 point 7)', () => {
  it('tells a member who has not recorded their own view that the deal fits, without its FitScore, as the deal page hides it', async () => {
    const fund = await newFund('Blind Match Fund', ['SaaS'], 1);
    const partner = await addMember(fund.fundId);
    const stages = (await server.request('GET', '/api/vc/stages', { token: fund.token })).body.stages as { id: string; name: string }[];
    const blindLook = await server.request('PUT', '/api/vc/blind-look', { token: fund.token, body: { enabled: true, stageIds: [stages.find((st) => st.name === 'New')!.id] } });
    expect(blindLook.status).toBe(200);
    const stream = await openStream(partner.token);

    const dealId = await upload(fund.token, 'Blind Cloud');
    expect((await pollScored(fund.token, dealId)).scoring.state).toBe('done');
    const [score] = await db().select({ fitScore: dealScores.fitScore }).from(dealScores).where(eq(dealScores.dealId, dealId));
    expect(score!.fitScore).toEqual(expect.any(Number));

    const blind = {
      type: 'match',
      title: 'Blind Cloud matches your thesis',
      reason: ['Sector: SaaS', 'Stage: Seed', 'Its FitScore shows once you record your own Hot, Track or Cold'],
      details: 'An uploaded deal fits your thesis.',
      dealId,
    };
    const pushed = await stream.waitFor((e) => e.event === 'notification');
    expect(pushed?.data.notification).toMatchObject(blind);
    for (const token of [fund.token, partner.token]) {
      const { notifications } = (await list(token)).body;
      expect(notifications).toEqual([expect.objectContaining(blind)]);
      expect(JSON.stringify(notifications)).not.toMatch(/FitScore \d|scored/);
      // The same rule as the deal page's.
      expect((await server.request('GET', `/api/vc/deals/${dealId}`, { token })).body.deal).toMatchObject({ fitScore: null, hidden: true });
    }
    stream.close();
  }, 180_000);
});

describe('onNotificationCreated (the hook Slack/Teams alerts subscribe to)', () => {
  it('hears each stored notification once committed, and never one whose transaction rolled back', async () => {
    const fund = await newFund('Hook Fund', ['SaaS'], 70);
    const partner = await addMember(fund.fundId);
    const events = createInProcessEventBus();
    const service = createNotificationsService({
      repo: createNotificationsRepository(db()),
      uow: createUnitOfWork(db()),
      events,
      // These notifications name no deal: no blind first look to ask.
      blind: { blindTo: () => Promise.resolve(new Set<string>()) },
      log: { warn: () => {} },
      commitWaitMs: 300,
    });
    const heard: { title: string; fundId: string }[] = [];
    service.onNotificationCreated((n, to) => {
      heard.push({ title: n.title, fundId: to.fundId });
    });
    const pushed: unknown[] = [];
    events.subscribe({ user: partner.userId }, (e) => pushed.push(e));
    const values = { type: 'warmintro' as const, reason: [], details: '', dealId: null, introId: null };

    await service.notifyFund(fund.fundId, { ...values, title: 'Outside a transaction' });
    await createUnitOfWork(db()).run((tx) => service.notifyFund(fund.fundId, { ...values, title: 'Committed' }, tx));
    await createUnitOfWork(db())
      .run(async (tx) => {
        await service.notifyFund(fund.fundId, { ...values, title: 'Rolled back' }, tx);
        throw new Error('rollback');
      })
      .catch(() => {});
    // A later committed notification: announced in the order they were raised, so once it is heard
    // the rolled-back one would have been too.
    await createUnitOfWork(db()).run((tx) => service.notifyFund(fund.fundId, { ...values, title: 'Later' }, tx));
    await pollUntil(() => heard.some((h) => h.title === 'Later'), { what: 'the later notification' });
    // Once per fund, though both members got their copy.
    expect(heard.map((h) => h.title).sort()).toEqual(['Committed', 'Later', 'Outside a transaction']);
    expect(heard.every((h) => h.fundId === fund.fundId)).toBe(true);
    expect(pushed).toHaveLength(3);
    expect((await list(partner.token)).body.notifications.map((n: { title: string }) => n.title)).not.toContain('Rolled back');
  });
});
