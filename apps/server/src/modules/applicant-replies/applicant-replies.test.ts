import { DEFAULT_APPLICANT_REPLY_TEMPLATES } from '@fitscore/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, newFund, settledLog, type Fund } from '../intake/intake-test-kit.ts';
import { waitForMail } from '../mail/mail-test-helpers.ts';

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
    expect((await repliesOf(fund, dealId)).map((r) => [r.kind, r.to, r.state])).toEqual([
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
