import { DEFAULT_APPLICANT_REPLY_TEMPLATES } from '@fitscore/contracts';
import { dealDeclines, deals, dealStatusHistory } from '@fitscore/db';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, newFund, settledLog, type Fund } from '../intake/intake-test-kit.ts';
import { mailsTo, waitForMail } from '../mail/mail-test-helpers.ts';
import { pollUntil } from '../../../test/poll-until.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const deckOf = (name: string) => makePdfDeck([[name, `${name} builds software for warehouses`], ['Traction', 'MRR $20K']]);
const outbox = () => server.config.mail.outboxDir;

async function applyByForm(fund: Fund, company: string, email: string) {
  const fields = { companyName: company, email, website: `${company.toLowerCase().replace(/\W/g, '')}.com`, stage: 'Seed', fillMs: '5000' };
  const res = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm(fields, { bytes: await deckOf(company), filename: 'deck.pdf' }) });
  expect(res.status).toBe(201);
  return res.body.reference as string;
}

async function dealIdOf(fund: Fund, expectedItems: number, company: string) {
  const items = await settledLog(server, fund, expectedItems);
  const item = items.find((i) => i.companyName === company && i.dealId);
  expect(item).toBeDefined();
  return item!.dealId!;
}

async function repliesOf(fund: Fund, dealId: string) {
  const res = await server.request('GET', `/vc/deals/${dealId}/applicant-emails`, { token: fund.token });
  expect(res.status).toBe(200);
  return res.body.replies as { kind: string; to: string; subject: string; state: string; dueAt: string; sentAt: string | null }[];
}

/** The deal's replies once none is still 'scheduled': a reply is marked sent just after its email leaves. */
const settledRepliesOf = (fund: Fund, dealId: string) =>
  pollUntil(
    async () => {
      const replies = await repliesOf(fund, dealId);
      return replies.every((r) => r.state !== 'scheduled') ? replies : undefined;
    },
    { what: 'the replies to be settled' },
  );

describe('founders hear back', () => {
  it('an applicant by form gets a receipt with the reference shown, from the fund’s name; a decline emails the reasons, never the note', async () => {
    const fund = await newFund(server, { name: 'Harbor Lane Ventures' });
    const reference = await applyByForm(fund, 'Tidal Grid', 'founder@tidalgrid.com');
    const receipt = await waitForMail(outbox(), 'founder@tidalgrid.com', /received your application/);
    expect(receipt.subject).toBe(`Harbor Lane Ventures received your application (${reference})`);
    expect(receipt.text).toContain(`Thank you for sending Tidal Grid to Harbor Lane Ventures. Your application is in; its reference is ${reference}.`);
    expect(receipt.from).toBe('Harbor Lane Ventures <no-reply@fitscore.local>');

    const dealId = await dealIdOf(fund, 1, 'Tidal Grid');
    const declined = await server.request('POST', `/api/vc/deals/${dealId}/decline`, {
      token: fund.token,
      body: { reasons: ['Outside our stage', 'Market below our bar for Seed'], note: 'Partner thinks the founder is weak' },
    });
    expect(declined.status).toBe(200);
    const decline = await waitForMail(outbox(), 'founder@tidalgrid.com', /your application for Tidal Grid/);
    expect(decline.subject).toBe(`Harbor Lane Ventures: your application for Tidal Grid (${reference})`);
    expect(decline.text).toContain('- Outside our stage\n- Market below our bar for Seed');
    expect(decline.text).not.toContain('Partner thinks');
    expect((await settledRepliesOf(fund, dealId)).map((r) => [r.kind, r.to, r.state])).toEqual([
      ['receipt', 'founder@tidalgrid.com', 'sent'],
      ['decline', 'founder@tidalgrid.com', 'sent'],
    ]);

    // Declining again (after moving it back) does not tell the founder twice.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'track', note: '' } })).status).toBe(200);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body: { reasons: ['Outside our stage'], note: '' } })).status).toBe(200);
    expect((await repliesOf(fund, dealId)).filter((r) => r.kind === 'decline')).toHaveLength(1);
  });

  it('an applicant by email gets the receipt at the address it came from', async () => {
    const fund = await newFund(server, { name: 'Cobalt Capital' });
    const mime = await composeMime({ from: 'Ada Founder <ada@acme-robotics.com>', to: fund.address, subject: 'Pitch Deck – Acme Robotics', deck: { bytes: await deckOf('Acme Robotics'), filename: 'acme.pdf' } });
    const res = await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } });
    expect(res.status).toBe(200);
    const receipt = await waitForMail(outbox(), 'ada@acme-robotics.com', /Cobalt Capital received your application/);
    expect(receipt.subject).toContain(res.body.reference);
  });

  it('the fund’s own words are used; a decline template without {reasons} is refused; a member cannot change them; reset restores the built-in ones', async () => {
    const fund = await newFund(server, { name: 'Quill Partners' });
    const before = await server.request('GET', '/vc/applicant-emails/', { token: fund.token });
    expect(before.body).toMatchObject({ ...DEFAULT_APPLICANT_REPLY_TEMPLATES, customised: false, fromName: 'Quill Partners' });

    const mine = {
      ...DEFAULT_APPLICANT_REPLY_TEMPLATES,
      receiptSubject: 'Got it: {company} ({reference})',
      receiptBody: 'Dear {company} team, {fund} has your deck. Ref {reference}.',
    };
    const noReasons = await server.request('PUT', '/vc/applicant-emails/', { token: fund.token, body: { ...mine, declineBody: 'No thanks.' } });
    expect([noReasons.status, noReasons.body.error]).toEqual([400, 'The decline email must include {reasons}: applicants are told why']);
    const badDelay = await server.request('PUT', '/vc/applicant-emails/', { token: fund.token, body: { ...mine, delayMinutes: 7 } });
    expect(badDelay.status).toBe(400);
    const saved = await server.request('PUT', '/vc/applicant-emails/', { token: fund.token, body: mine });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ receiptSubject: 'Got it: {company} ({reference})', customised: true });

    const reference = await applyByForm(fund, 'Pine Labs', 'hello@pinelabs.io');
    const receipt = await waitForMail(outbox(), 'hello@pinelabs.io', /^Got it/);
    expect(receipt.subject).toBe(`Got it: Pine Labs (${reference})`);
    expect(receipt.text).toContain(`Dear Pine Labs team, Quill Partners has your deck. Ref ${reference}.`);

    // A member reads the fund's words but cannot change them.
    const invite = await server.request('POST', '/vc/team/invites/', { token: fund.token, body: { email: null, role: 'member' } });
    expect(invite.status).toBe(201);
    const member = await signUp(server, 'vc', { name: 'Milo Member' });
    const joined = await server.request('POST', '/vc/team/join/', { token: member.token, body: { token: new URL(invite.body.invite.url).searchParams.get('token') } });
    expect(joined.status).toBe(200);
    expect((await server.request('GET', '/vc/applicant-emails/', { token: member.token })).body).toMatchObject({ receiptSubject: mine.receiptSubject });
    expect((await server.request('PUT', '/vc/applicant-emails/', { token: member.token, body: mine })).status).toBe(403);
    expect((await server.request('DELETE', '/vc/applicant-emails/', { token: member.token })).status).toBe(403);

    const founder = await signUp(server, 'founder');
    expect((await server.request('PUT', '/vc/applicant-emails/', { token: founder.token, body: mine })).status).toBe(403);
    expect((await server.request('PUT', '/vc/applicant-emails/', { body: mine })).status).toBe(401);

    const reset = await server.request('DELETE', '/vc/applicant-emails/', { token: fund.token });
    expect(reset.body).toMatchObject({ ...DEFAULT_APPLICANT_REPLY_TEMPLATES, customised: false });
  });

  it('with a delay the emails wait for their time; another fund’s deal is not found', async () => {
    const fund = await newFund(server, { name: 'Slow Burn Fund' });
    const saved = await server.request('PUT', '/vc/applicant-emails/', { token: fund.token, body: { ...DEFAULT_APPLICANT_REPLY_TEMPLATES, delayMinutes: 60 } });
    expect(saved.status).toBe(200);
    const before = Date.now();
    await applyByForm(fund, 'Late Bloom', 'team@latebloom.co');
    const dealId = await dealIdOf(fund, 1, 'Late Bloom');
    const [receipt] = await repliesOf(fund, dealId);
    expect(receipt).toMatchObject({ kind: 'receipt', to: 'team@latebloom.co', state: 'scheduled', sentAt: null });
    expect(Date.parse(receipt!.dueAt) - before).toBeGreaterThanOrEqual(59 * 60_000);

    const other = await newFund(server, { name: 'Other Fund' });
    expect((await server.request('GET', `/vc/deals/${dealId}/applicant-emails`, { token: other.token })).status).toBe(404);
    expect((await server.request('GET', `/vc/deals/not-a-deal/applicant-emails`, { token: other.token })).status).toBe(404);
  });
});

describe('every way to Cold is the decline: the applicant hears back', () => {
  const db = () => server.database.handle.db;
  const declineOf = async (dealId: string) => db().select({ reasons: dealDeclines.reasons }).from(dealDeclines).where(eq(dealDeclines.dealId, dealId));
  /** The deal's moves into Cold (a line on a deal already Cold is not one). */
  const movesToCold = async (dealId: string) =>
    db()
      .select()
      .from(dealStatusHistory)
      .where(and(eq(dealStatusHistory.dealId, dealId), eq(dealStatusHistory.toStatus, 'cold'), ne(dealStatusHistory.fromStatus, 'cold')));
  /** The deal's decline emails once each was sent, and the mails in the outbox to its applicant. */
  async function declineMails(fund: Fund, dealId: string, to: string, company: string) {
    await waitForMail(outbox(), to, new RegExp(`your application for ${company}`));
    const declines = (await settledRepliesOf(fund, dealId)).filter((r) => r.kind === 'decline');
    expect(declines.map((r) => [r.to, r.state])).toEqual([[to, 'sent']]);
    return mailsTo(outbox(), to, new RegExp(`your application for ${company}`));
  }

  it('the bulk bar’s Set status → Cold declines each deal: recorded, one email per applicant, undone with the batch', async () => {
    const fund = await newFund(server, { name: 'Bulk Cold Capital' });
    await applyByForm(fund, 'Frost Works', 'hi@frostworks.io');
    await applyByForm(fund, 'Glacier Labs', 'team@glacierlabs.io');
    const ids = [await dealIdOf(fund, 2, 'Frost Works'), await dealIdOf(fund, 2, 'Glacier Labs')];

    const res = await server.request('POST', '/api/vc/deals/bulk', { token: fund.token, body: { selection: { ids }, action: { kind: 'status', status: 'cold' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ selected: 2, changed: 2 });
    for (const id of ids) expect(await declineOf(id)).toEqual([{ reasons: [] }]);
    const frost = await declineMails(fund, ids[0]!, 'hi@frostworks.io', 'Frost Works');
    expect(frost).toHaveLength(1);
    expect(frost[0]!.text).toContain('- Not a fit for us at this time');
    expect(await declineMails(fund, ids[1]!, 'team@glacierlabs.io', 'Glacier Labs')).toHaveLength(1);

    // Again on deals already Cold: nobody is told twice, and its Undo leaves them Cold and declined.
    const again = await server.request('POST', '/api/vc/deals/bulk', { token: fund.token, body: { selection: { ids }, action: { kind: 'status', status: 'cold' } } });
    expect(again.status).toBe(200);
    expect(await declineMails(fund, ids[0]!, 'hi@frostworks.io', 'Frost Works')).toHaveLength(1);
    expect((await server.request('POST', `/api/vc/deals/bulk/${again.body.batchId}/undo`, { token: fund.token })).status).toBe(200);
    expect(await declineOf(ids[0]!)).toEqual([{ reasons: [] }]);
    // The first batch's Undo takes the decline back with the move.
    expect((await server.request('POST', `/api/vc/deals/bulk/${res.body.batchId}/undo`, { token: fund.token })).status).toBe(200);
    expect(await declineOf(ids[0]!)).toEqual([]);
  });

  it('POST /api/vc/deals/:id/status with cold declines the deal: recorded, the applicant emailed once, never the note', async () => {
    const fund = await newFund(server, { name: 'Status Cold Partners' });
    await applyByForm(fund, 'Moss Analytics', 'ceo@mossanalytics.com');
    const dealId = await dealIdOf(fund, 1, 'Moss Analytics');

    const res = await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'cold', note: 'Partner thinks the market is small' } });
    expect(res.status).toBe(200);
    expect(res.body.deal).toMatchObject({ id: dealId, status: 'cold' });
    expect(await declineOf(dealId)).toEqual([{ reasons: [] }]);
    const mails = await declineMails(fund, dealId, 'ceo@mossanalytics.com', 'Moss Analytics');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.from).toBe('Status Cold Partners <no-reply@fitscore.local>');
    expect(mails[0]!.text).not.toContain('Partner thinks');

    // Cold again, and a decline with reasons afterwards: one move, the reasons the fund gave, still one email.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'cold', note: '' } })).status).toBe(200);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body: { reasons: ['Too early for us'], note: '' } })).status).toBe(200);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'cold', note: '' } })).status).toBe(200);
    expect(await declineOf(dealId)).toEqual([{ reasons: ['Too early for us'] }]);
    expect(await movesToCold(dealId)).toHaveLength(1);
    expect(await declineMails(fund, dealId, 'ceo@mossanalytics.com', 'Moss Analytics')).toHaveLength(1);

    // A client's mistakes are theirs: another fund's deal is 404, a bad status 400.
    const other = await newFund(server, { name: 'Elsewhere Fund' });
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: other.token, body: { status: 'cold', note: '' } })).status).toBe(404);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'frozen', note: '' } })).status).toBe(400);
    expect((await db().select({ status: deals.status }).from(deals).where(eq(deals.id, dealId)))[0]!.status).toBe('cold');
  });

  it('the public API’s POST /api/v1/deals/:id/status with cold is the same decline', async () => {
    const fund = await newFund(server, { name: 'Api Cold Fund' });
    await setPlan(server, { fund: fund.fundId }, 'enterprise');
    const key = (await server.request('POST', '/api/vc/api-keys', { token: fund.token, body: { name: 'CRM', scopes: ['deals:read', 'deals:write'] } })).body.key as string;
    await applyByForm(fund, 'Reed Systems', 'ops@reedsystems.dev');
    const dealId = await dealIdOf(fund, 1, 'Reed Systems');

    const res = await server.request('POST', `/api/v1/deals/${dealId}/status`, { headers: { authorization: `Bearer ${key}` }, body: { status: 'cold', note: 'From the CRM' } });
    expect(res.status).toBe(200);
    expect(res.body.deal).toMatchObject({ id: dealId, status: 'cold' });
    expect(await declineOf(dealId)).toEqual([{ reasons: [] }]);
    const mails = await declineMails(fund, dealId, 'ops@reedsystems.dev', 'Reed Systems');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('From the CRM');
  });

  it('two declines of the same deal at once are one: one status change, one set of reasons, one email', async () => {
    const fund = await newFund(server, { name: 'Twice Over Ventures' });
    await applyByForm(fund, 'Echo Robotics', 'founder@echorobotics.ai');
    const dealId = await dealIdOf(fund, 1, 'Echo Robotics');

    const body = { reasons: ['Outside our stage'], note: 'internal' };
    const both = await Promise.all([
      server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body }),
      server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await movesToCold(dealId)).toHaveLength(1);
    expect(await declineOf(dealId)).toEqual([{ reasons: ['Outside our stage'] }]);
    const mails = await declineMails(fund, dealId, 'founder@echorobotics.ai', 'Echo Robotics');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('- Outside our stage');
  });
});
