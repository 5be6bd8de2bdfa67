import { DEFAULT_APPLICANT_REPLY_TEMPLATES, SUB_SCORE_KEYS } from '@fitscore/contracts';
import { fitScores } from '@fitscore/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck, validProfile } from '../../../test/decks.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, newFund, settledLog, type Fund } from '../intake/intake-test-kit.ts';
import { linkToken, mailsTo, waitForMail } from '../mail/mail-test-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const outbox = () => server.config.mail.outboxDir;
const deckOf = (name: string) => makePdfDeck([[name, `${name} builds software for warehouses`], ['Traction', 'MRR $20K']]);

interface Row {
  fundId: string;
  fundName: string;
  channels: string[];
  sentAt: string;
  status: string;
  declineReasons: string[];
  decidedAt: string | null;
}

/** A founder whose address is verified through the link mailed at sign-up. */
async function verifiedFounder() {
  const user = await signUp(server, 'founder');
  const mail = await waitForMail(outbox(), user.email, /Confirm your email/);
  expect((await server.request('POST', '/user/verify-email/', { body: { token: linkToken(mail, '/verify-email') } })).status).toBe(200);
  return user;
}

async function outreach(token: string) {
  const res = await server.request('GET', '/founder/outreach/', { token });
  expect(res.status).toBe(200);
  return res.body as { funds: Row[]; emailVerified: boolean; email: string };
}

async function applyByForm(fund: Fund, company: string, email: string) {
  const fields = { companyName: company, email, website: `${company.toLowerCase().replace(/\W/g, '')}.com`, stage: 'Seed', fillMs: '5000' };
  const res = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm(fields, { bytes: await deckOf(company), filename: 'deck.pdf' }) });
  expect(res.status).toBe(201);
}

async function dealIdOf(fund: Fund, expectedItems: number, company: string) {
  const item = (await settledLog(server, fund, expectedItems)).find((i) => i.companyName === company && i.dealId);
  expect(item).toBeDefined();
  return item!.dealId!;
}

const move = async (fund: Fund, dealId: string, status: string) =>
  expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status, note: '' } })).status).toBe(200);

describe('GET /founder/outreach/ (where your deck went)', () => {
  it('a decline reaches the founder’s screen with its reasons (never the note) and their inbox; another founder never sees it', async () => {
    const fund = await newFund(server, { name: 'Harbor Lane Ventures' });
    const founder = await verifiedFounder();
    // The form's address as the founder typed it: matched whatever its case.
    await applyByForm(fund, 'Tidal Grid', founder.email.toUpperCase());
    const dealId = await dealIdOf(fund, 1, 'Tidal Grid');

    const before = await outreach(founder.token);
    expect(before).toMatchObject({ emailVerified: true, email: founder.email });
    expect(before.funds).toEqual([
      { fundId: fund.fundId, fundName: 'Harbor Lane Ventures', channels: ['form'], sentAt: expect.any(String), status: 'received', declineReasons: [], decidedAt: null },
    ]);

    const declined = await server.request('POST', `/api/vc/deals/${dealId}/decline`, {
      token: fund.token,
      body: { reasons: ['Outside our stage', 'Market below our bar for Seed'], note: 'Partner thinks the founder is weak' },
    });
    expect(declined.status).toBe(200);
    const res = await server.request('GET', '/founder/outreach/', { token: founder.token });
    expect(res.body.funds).toEqual([
      expect.objectContaining({ fundName: 'Harbor Lane Ventures', status: 'passed', declineReasons: ['Outside our stage', 'Market below our bar for Seed'], decidedAt: expect.any(String) }),
    ]);
    expect(Date.parse(res.body.funds[0].decidedAt)).toBeGreaterThanOrEqual(Date.parse(res.body.funds[0].sentAt));
    // Only what the fund chose to send: no note, no score.
    expect(JSON.stringify(res.body)).not.toMatch(/Partner thinks|fitScore|score/i);
    const mail = await waitForMail(outbox(), founder.email, /your application for Tidal Grid/);
    expect(mail.text).toContain('- Outside our stage\n- Market below our bar for Seed');

    const other = await verifiedFounder();
    expect((await outreach(other.token)).funds).toEqual([]);
    // Investors and strangers have no founder outreach.
    expect((await server.request('GET', '/founder/outreach/', { token: fund.token })).status).toBe(403);
    expect((await server.request('GET', '/founder/outreach/')).status).toBe(401);
  });

  it('a decline inside the fund’s window to undo it is not shown yet: the founder sees ‘Under review’, no reasons, until its email is due', async () => {
    const fund = await newFund(server, { name: 'Slow Burn Fund' });
    expect((await server.request('PUT', '/vc/applicant-emails/', { token: fund.token, body: { ...DEFAULT_APPLICANT_REPLY_TEMPLATES, delayMinutes: 60 } })).status).toBe(200);
    const founder = await verifiedFounder();
    await applyByForm(fund, 'Late Bloom', founder.email);
    const dealId = await dealIdOf(fund, 1, 'Late Bloom');
    const declined = await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body: { reasons: ['Outside our stage'], note: '' } });
    expect(declined.status).toBe(200);
    // The decline's email is queued by a job: once it waits for its hour, the founder is not told yet.
    await pollUntil(
      async () => {
        const res = await server.request('GET', `/vc/deals/${dealId}/applicant-emails`, { token: fund.token });
        return (res.body.replies as { kind: string; state: string }[]).some((r) => r.kind === 'decline' && r.state === 'scheduled') || undefined;
      },
      { what: 'the decline email to be scheduled' },
    );
    expect((await outreach(founder.token)).funds).toEqual([expect.objectContaining({ fundName: 'Slow Burn Fund', status: 'under_review', declineReasons: [], decidedAt: null })]);
  });

  it('a deal from email intake is the founder’s once their address is verified, not before', async () => {
    const fund = await newFund(server, { name: 'Cobalt Capital' });
    const founder = await signUp(server, 'founder');
    const mime = await composeMime({ from: `Ada Founder <${founder.email}>`, to: fund.address, subject: 'Pitch Deck – Acme Robotics', deck: { bytes: await deckOf('Acme Robotics'), filename: 'acme.pdf' } });
    expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    await dealIdOf(fund, 1, 'Acme Robotics');

    // Anyone can sign up with an address: until it is verified, mail from it is not theirs to follow.
    expect(await outreach(founder.token)).toMatchObject({ emailVerified: false, funds: [] });
    const mail = await waitForMail(outbox(), founder.email, /Confirm your email/);
    expect((await server.request('POST', '/user/verify-email/', { body: { token: linkToken(mail, '/verify-email') } })).status).toBe(200);
    expect((await outreach(founder.token)).funds).toEqual([expect.objectContaining({ fundName: 'Cobalt Capital', channels: ['email'], status: 'received' })]);
  });

  it('a fund that hides ‘Under review’ shows ‘Received’ to the founder; only its admins change that', async () => {
    const fund = await newFund(server, { name: 'Quiet Oak Partners' });
    const founder = await verifiedFounder();
    await applyByForm(fund, 'Lumen Labs', founder.email);
    const dealId = await dealIdOf(fund, 1, 'Lumen Labs');
    await move(fund, dealId, 'track');
    expect((await outreach(founder.token)).funds[0]).toMatchObject({ status: 'under_review', decidedAt: null });

    expect((await server.request('GET', '/vc/founder-outreach/', { token: fund.token })).body).toEqual({ showUnderReview: true, updatedAt: null });
    expect((await server.request('PUT', '/vc/founder-outreach/', { token: founder.token, body: { showUnderReview: false } })).status).toBe(403);
    expect((await server.request('PUT', '/vc/founder-outreach/', { body: { showUnderReview: false } })).status).toBe(401);
    const bad = await server.request('PUT', '/vc/founder-outreach/', { token: fund.token, body: { showUnderReview: 'no' } });
    expect([bad.status, bad.body.error]).toEqual([400, 'showUnderReview must be true or false']);
    const hidden = await server.request('PUT', '/vc/founder-outreach/', { token: fund.token, body: { showUnderReview: false } });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ showUnderReview: false, updatedAt: expect.any(String) });

    expect((await outreach(founder.token)).funds[0]).toMatchObject({ status: 'received' });
    // A decline is always shared, whatever the setting.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body: { reasons: ['Too early for us'], note: '' } })).status).toBe(200);
    expect((await outreach(founder.token)).funds[0]).toMatchObject({ status: 'passed', declineReasons: ['Too early for us'] });

    // A member reads the setting but cannot change it.
    const invite = await server.request('POST', '/vc/team/invites/', { token: fund.token, body: { email: null, role: 'member' } });
    const member = await signUp(server, 'vc');
    const joined = await server.request('POST', '/vc/team/join/', { token: member.token, body: { token: new URL(invite.body.invite.url).searchParams.get('token') } });
    expect(joined.status).toBe(200);
    expect((await server.request('GET', '/vc/founder-outreach/', { token: member.token })).body).toMatchObject({ showUnderReview: false });
    expect((await server.request('PUT', '/vc/founder-outreach/', { token: member.token, body: { showUnderReview: true } })).status).toBe(403);
  });

  it('a platform intro: accepted, then declined with reasons shown and emailed to the founder’s account address, once', async () => {
    const vc = await signUp(server, 'vc');
    const step1 = await server.request('POST', '/vc/profile/step1/', {
      token: vc.token,
      body: { fund_name: 'Intro Works Capital', website: 'https://introworks.vc', sectors: ['AI/ML'], stages: ['Seed'], geography: ['EUROPE'], ticket_size_min: null, ticket_size_max: null },
    });
    expect(step1.status).toBe(200);
    const fundId = step1.body.profile.id as string;
    const founder = await signUp(server, 'founder');
    expect((await server.request('POST', '/founder/profile/', { token: founder.token, body: validProfile({}) })).status).toBe(200);
    await setPlan(server, { founder: founder.email }, 'premium');
    await giveScore(founder.user.id);

    const asked = await server.request('POST', `/founder/matches/${fundId}/intro/`, { token: founder.token, body: { note: 'We would love to talk' } });
    expect(asked.status).toBe(201);
    expect((await outreach(founder.token)).funds).toEqual([expect.objectContaining({ fundName: 'Intro Works Capital', channels: ['platform'], status: 'received' })]);

    const list = (await server.request('GET', '/api/vc/notifications', { token: vc.token })).body.notifications as { id: string; introId: string }[];
    const n = list.find((x) => x.introId === asked.body.intro.id)!;
    const approved = await server.request('POST', `/api/vc/notifications/${n.id}/approve`, { token: vc.token });
    expect(approved.status).toBe(200);
    expect((await outreach(founder.token)).funds[0]).toMatchObject({ status: 'intro_accepted', decidedAt: expect.any(String) });

    const dealId = approved.body.dealId as string;
    const decline = { reasons: ['Not investing in this sector now'], note: 'internal: revisit in Q3' };
    expect((await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: vc.token, body: decline })).status).toBe(200);
    expect((await outreach(founder.token)).funds[0]).toMatchObject({ status: 'passed', declineReasons: ['Not investing in this sector now'] });
    const mail = await waitForMail(outbox(), founder.email, /Intro Works Capital: your application for/);
    expect(mail.subject).not.toContain('()');
    expect(mail.text).toContain('- Not investing in this sector now');
    expect(mail.text).not.toContain('revisit in Q3');

    // Out of Cold and back: the founder is not written to twice.
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: vc.token, body: { status: 'track', note: '' } })).status).toBe(200);
    expect((await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: vc.token, body: decline })).status).toBe(200);
    const replies = await server.request('GET', `/vc/deals/${dealId}/applicant-emails`, { token: vc.token });
    expect(replies.body.replies.filter((r: { kind: string }) => r.kind === 'decline')).toHaveLength(1);
    expect(await mailsTo(outbox(), founder.email, /Intro Works Capital: your application/)).toHaveLength(1);
  });
});

/** A founder's finished analysis as the scoring job stores it: an intro shares it with the fund. */
async function giveScore(userId: string) {
  const analysis = {
    confidence: { level: 'High', evidence: 80 },
    facts: [],
    subScores: Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, { score: 7, summary: `${k} summary`, evidence: [] }])),
    strengths: [],
    insights: [],
    contradictions: [],
    deck: { pages: 8 },
  };
  const seven = { scoreTeam: 7, scoreMarket: 7, scoreProblemSolution: 7, scoreTraction: 7, scoreProduct: 7, scoreBusinessModel: 7, scoreFinancials: 7, scoreGtm: 7, scoreRisks: 7 };
  await server.database.handle.db.insert(fitScores).values({ userId, deckVersion: 1, engineVersion: 'test', overall: 70, ...seven, analysis, profile: {} });
}
