import { createTransport } from 'nodemailer';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck, makeSolidDeck } from '../../../test/decks.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, dealsOf, newFund, scoredDeal, settledLog } from './intake-test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SMTP_ENABLED: 'true', SMTP_PORT: '0', INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const deckOf = (name: string) => makePdfDeck([[name, `${name} builds software for warehouses`], ['Traction', 'MRR $20K']]);
const smtp = () => createTransport({ host: '127.0.0.1', port: server.app.intakeSmtpPort!, secure: false, ignoreTLS: true });
const fill = { fillMs: '5000' };

describe('intake settings', () => {
  it('shows the addresses, rotates the email token (old URL stops working) and shows a webhook secret once', async () => {
    const fund = await newFund(server);
    const s = await server.request('GET', '/vc/intake/', { token: fund.token });
    expect(s.body).toMatchObject({ emailAddress: `${fund.slug}@intake.localhost`, webhookSecretSet: false, formEnabled: true, emailEnabled: true });
    expect(s.body.webhookUrl).toMatch(new RegExp(`/api/intake/webhook/${fund.slug}$`));
    const rotated = await server.request('POST', '/vc/intake/email-token/', { token: fund.token });
    expect(rotated.body.emailEndpoint).not.toBe(s.body.emailEndpoint);
    const old = await server.request('POST', fund.emailPath, { raw: 'Subject: x\r\n\r\nhi', headers: { 'content-type': 'message/rfc822' } });
    expect(old.status).toBe(404);
    const secret = await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token });
    expect(secret.body.secret).toMatch(/^whsec_/);
    expect((await server.request('GET', '/vc/intake/', { token: fund.token })).body).not.toHaveProperty('secret');
  });
});

describe('email by SMTP', () => {
  it('a message sent to the fund address becomes a scored deal; wrong recipients are refused at RCPT; 12 MB is refused', async () => {
    const fund = await newFund(server);
    const info = await smtp().sendMail({
      from: 'Ada Founder <ada@acme-robotics.com>',
      to: fund.address,
      subject: 'Pitch Deck – Acme Robotics',
      text: 'We are raising our seed round.',
      attachments: [{ filename: 'acme.pdf', content: Buffer.from(await makeSolidDeck()) }],
    });
    expect(info.accepted).toEqual([fund.address]);
    const [item] = await settledLog(server, fund, 1);
    expect(item).toMatchObject({ channel: 'email', outcome: 'created', companyName: 'Acme Robotics', sender: 'ada@acme-robotics.com' });
    const deal = await scoredDeal(server, fund, item!.dealId!);
    expect(deal).toMatchObject({ startupName: 'Acme Robotics', source: 'email', contactEmail: 'ada@acme-robotics.com', scoring: { state: 'done' } });
    expect(deal.fitScore).toEqual(expect.any(Number));
    expect(deal.sources).toEqual([expect.objectContaining({ channel: 'email', note: 'We are raising our seed round.' })]);

    await expect(smtp().sendMail({ from: 'a@b.com', to: 'nobody@intake.localhost', subject: 'Pitch Deck', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(smtp().sendMail({ from: 'a@b.com', to: `${fund.slug}@elsewhere.com`, subject: 'Pitch Deck', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
    });
    const big = Buffer.alloc(12 * 1024 * 1024, 7);
    await expect(
      smtp().sendMail({ from: 'a@b.com', to: fund.address, subject: 'Pitch Deck - Big', attachments: [{ filename: 'big.pdf', content: big }] }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await settledLog(server, fund, 1)).toHaveLength(1);
  }, 200_000);

  it('the subject filter: other subjects are logged as ignored, no deal', async () => {
    const fund = await newFund(server);
    await smtp().sendMail({ from: 'x@y.com', to: fund.address, subject: 'Lunch next week?', text: 'hi' });
    const [item] = await settledLog(server, fund, 1);
    expect(item).toMatchObject({ outcome: 'ignored', dealId: null });
    expect(item!.reason).toMatch(/Subject/);
    expect(await dealsOf(server, fund)).toEqual([]);
    // The log's filters.
    const ignored = await server.request('GET', '/vc/intake/log/?outcome=ignored&channel=email', { token: fund.token });
    expect(ignored.body.items).toHaveLength(1);
    expect((await server.request('GET', '/vc/intake/log/?channel=form', { token: fund.token })).body.items).toEqual([]);
    expect((await server.request('GET', '/vc/intake/log/?channel=fax', { token: fund.token })).status).toBe(400);
  });

  it('email switched off: RCPT refused with the reason, logged as refused', async () => {
    const fund = await newFund(server, { email: false });
    await expect(smtp().sendMail({ from: 'x@y.com', to: fund.address, subject: 'Pitch Deck', text: 'x' })).rejects.toMatchObject({ responseCode: 550 });
    const [item] = await settledLog(server, fund, 1);
    expect(item).toMatchObject({ outcome: 'refused', reason: 'Channel off' });
  });
});

describe('email by HTTP (hosted inbound services)', () => {
  it('raw MIME, Postmark JSON, SendGrid multipart and Mailgun multipart give the same deal', async () => {
    const deck = await deckOf('Lumen Labs');
    const subject = 'Fwd: Investment Deck - Lumen Labs';
    const text = 'Deck attached.';
    const funds = await Promise.all([newFund(server), newFund(server), newFund(server), newFund(server)]);
    const [raw, postmark, sendgrid, mailgun] = funds;

    const mime = await composeMime({ from: 'Lu Founder <lu@lumenlabs.io>', to: raw!.address, subject, text, deck: { bytes: deck, filename: 'lumen.pdf' } });
    const r1 = await server.request('POST', raw!.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } });
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ ok: true, outcome: 'received', reference: expect.stringMatching(/^FS-/) });

    const r2 = await server.request('POST', postmark!.emailPath, {
      body: {
        From: 'lu@lumenlabs.io',
        FromFull: { Email: 'lu@lumenlabs.io', Name: 'Lu Founder' },
        Subject: subject,
        TextBody: text,
        HtmlBody: '',
        Attachments: [{ Name: 'lumen.pdf', Content: Buffer.from(deck).toString('base64'), ContentType: 'application/pdf', ContentLength: deck.byteLength }],
      },
    });
    expect(r2.status).toBe(200);

    const sg = new FormData();
    sg.append('from', 'Lu Founder <lu@lumenlabs.io>');
    sg.append('to', sendgrid!.address);
    sg.append('subject', subject);
    sg.append('text', text);
    sg.append('attachments', '1');
    sg.append('attachment-info', JSON.stringify({ attachment1: { filename: 'lumen.pdf', type: 'application/pdf' } }));
    sg.append('attachment1', new Blob([deck], { type: 'application/pdf' }), 'lumen.pdf');
    expect((await server.request('POST', sendgrid!.emailPath, { raw: sg })).status).toBe(200);

    const mg = new FormData();
    mg.append('sender', 'lu@lumenlabs.io');
    mg.append('from', 'Lu Founder <lu@lumenlabs.io>');
    mg.append('recipient', mailgun!.address);
    mg.append('subject', subject);
    mg.append('body-plain', text);
    mg.append('attachment-count', '1');
    mg.append('attachment-1', new Blob([deck], { type: 'application/pdf' }), 'lumen.pdf');
    expect((await server.request('POST', mailgun!.emailPath, { raw: mg })).status).toBe(200);

    for (const fund of funds) {
      const [item] = await settledLog(server, fund, 1);
      expect(item).toMatchObject({ outcome: 'created', companyName: 'Lumen Labs', sender: 'lu@lumenlabs.io' });
      const [deal] = await dealsOf(server, fund);
      expect(deal).toMatchObject({ startupName: 'Lumen Labs', source: 'email', contactEmail: 'lu@lumenlabs.io', sources: [{ channel: 'email', note: text }] });
    }
  }, 120_000);

  it('a deck sent only as a link makes the deal marked, not downloaded; no deck at all is refused', async () => {
    const fund = await newFund(server);
    const link = await composeMime({ to: fund.address, subject: 'Pitch Deck: Orbit Bio', text: 'Our deck: https://docsend.com/view/abc123 thanks' });
    await server.request('POST', fund.emailPath, { raw: link, headers: { 'content-type': 'message/rfc822' } });
    const none = await composeMime({ to: fund.address, subject: 'Pitch Deck: Nothing Inc', text: 'forgot it' });
    await server.request('POST', fund.emailPath, { raw: none, headers: { 'content-type': 'message/rfc822' } });
    const items = await settledLog(server, fund, 2);
    expect(items.map((i) => i.outcome).sort()).toEqual(['created', 'refused']);
    const [deal] = await dealsOf(server, fund);
    expect(deal).toMatchObject({ startupName: 'Orbit Bio', tags: ['Deck link, not downloaded'], sources: [{ deckLink: 'https://docsend.com/view/abc123' }] });
  });
});

describe('signed webhook', () => {
  it('good, bad and stale signatures; the same webhook-id again is the same deal', async () => {
    const fund = await newFund(server);
    const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
    const deck = await deckOf('Quill AI');
    const body = JSON.stringify({ company_name: 'Quill AI', website: 'https://www.quill.ai', contact_email: 'q@quill.ai', deck_base64: Buffer.from(deck).toString('base64'), deck_filename: 'quill.pdf' });
    const signed = (id: string, at = new Date(), key = secret) => ({
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(key).sign(id, at, body),
    });
    const path = `/api/intake/webhook/${fund.slug}`;

    expect((await server.request('POST', path, { raw: body, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    const other = `whsec_${Buffer.from('another-secret-of-32-bytes-long!').toString('base64')}`;
    expect((await server.request('POST', path, { raw: body, headers: signed('msg_1', new Date(), other) })).status).toBe(401);
    const stale = await server.request('POST', path, { raw: body, headers: signed('msg_1', new Date(Date.now() - 10 * 60_000)) });
    expect([stale.status, stale.body.error]).toEqual([401, 'The webhook signature is missing or not valid.']);

    const first = await server.request('POST', path, { raw: body, headers: signed('msg_1') });
    expect(first.status).toBe(200);
    const items = await settledLog(server, fund, 2);
    const created = items.find((i) => i.outcome === 'created')!;
    // The three bad signatures are one entry, counted, with the latest reason.
    expect(items.filter((i) => i.outcome === 'refused').map((i) => [i.reason, i.repeats])).toEqual([
      ['Bad signature: timestamp outside 5 minutes (replay?)', 3],
    ]);
    const again = await server.request('POST', path, { raw: body, headers: signed('msg_1') });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ reference: first.body.reference, dealId: created.dealId, outcome: 'created' });
    const deals = await dealsOf(server, fund);
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({ startupName: 'Quill AI', source: 'webhook', website: 'https://www.quill.ai', contactEmail: 'q@quill.ai' });
  });
});

describe('public apply form', () => {
  it('shows the fund, takes an application with a deck (201 + reference), and refuses bots and missing decks', async () => {
    const fund = await newFund(server);
    const shown = await server.request('GET', `/api/apply/${fund.slug}`);
    expect(shown.body).toEqual({ fund: { name: 'Northwind', website: 'https://northwind.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], branding: { displayName: 'Northwind', primaryColor: null, logoUrl: null, poweredBy: true } } });
    expect((await server.request('GET', '/api/apply/no-such-fund')).status).toBe(404);
    const deck = { bytes: await deckOf('Tidal Grid'), filename: 'tidal.pdf' };
    const fields = { companyName: 'Tidal Grid', email: 'founder@tidalgrid.com', website: 'tidalgrid.com', stage: 'Seed', ...fill };

    const ok = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm(fields, deck) });
    expect([ok.status, ok.body.ok]).toEqual([201, true]);
    expect(ok.body.reference).toMatch(/^FS-[0-9A-F]{10}$/);
    const noDeck = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm(fields) });
    expect([noDeck.status, noDeck.body.error]).toEqual([400, 'Please choose a pitch deck file']);
    const honeypot = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm({ ...fields, honeypot: 'buy now' }, deck) });
    expect(honeypot.status).toBe(400);
    const quick = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm({ ...fields, fillMs: '800' }, deck) });
    expect(quick.status).toBe(400);
    const notDeck = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm(fields, { bytes: new TextEncoder().encode('hello'), filename: 'x.pdf' }) });
    expect([notDeck.status, notDeck.body.error]).toEqual([415, 'Please upload a PDF or PowerPoint file']);

    const items = await settledLog(server, fund, 5);
    expect(items.map((i) => i.reason ?? i.outcome)).toEqual(['Not a PDF or PowerPoint deck', 'Spam: sent too quickly', 'Spam: honeypot filled', 'No deck', 'created']);
    const [deal] = await dealsOf(server, fund);
    expect(deal).toMatchObject({ startupName: 'Tidal Grid', source: 'form', website: 'tidalgrid.com', contactEmail: 'founder@tidalgrid.com' });
  });

  it('refuses text no column can store (a NUL) with a 400 naming the field, never a 500', async () => {
    const fund = await newFund(server);
    const deck = { bytes: await deckOf('Null Co'), filename: 'null.pdf' };
    // (A lone surrogate cannot travel in a multipart body: UTF-8 turns it into U+FFFD on the way.)
    const sent = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm({ companyName: 'Null\u0000Co', email: 'a@nullco.com', ...fill }, deck) });
    expect(sent.status).toBe(400);
    expect(sent.body.error).toMatch(/companyName/);
    expect(await dealsOf(server, fund)).toEqual([]);
  });

  it('a slug or token holding a NUL names no fund: 4xx, never 500, on every channel', async () => {
    expect((await server.request('GET', '/api/apply/%00')).status).toBe(404);
    expect((await server.request('POST', '/api/intake/email/%00', { raw: 'Subject: Pitch Deck\r\n\r\nhi', headers: { 'content-type': 'message/rfc822' } })).status).toBe(404);
    const webhook = await server.request('POST', '/api/intake/webhook/a%00b', { body: { company_name: 'X' } });
    expect(webhook.status).toBe(404);
  });

  it('switched off: 410 with the message, on GET and POST, nothing stored but the refusal', async () => {
    const fund = await newFund(server, { form: false, email: true });
    const shown = await server.request('GET', `/api/apply/${fund.slug}`);
    expect([shown.status, shown.body.error]).toEqual([410, 'This fund is not accepting applications through its online form right now.']);
    const sent = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm({ companyName: 'X', email: 'a@b.co', ...fill }, { bytes: await deckOf('X'), filename: 'x.pdf' }) });
    expect(sent.status).toBe(410);
    expect(await settledLog(server, fund, 1)).toEqual([expect.objectContaining({ outcome: 'refused', reason: 'Channel off' })]);
    expect(await dealsOf(server, fund)).toEqual([]);
  });
});

describe('duplicates and ownership', () => {
  it('the same company on each pair of channels is one deal with several sources', async () => {
    const fund = await newFund(server);
    const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
    const hook = async (payload: object, id: string) => {
      const body = JSON.stringify(payload);
      const at = new Date();
      const headers = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) };
      expect((await server.request('POST', `/api/intake/webhook/${fund.slug}`, { raw: body, headers })).status).toBe(200);
    };
    const mail = async (subject: string, deck: Uint8Array) => {
      const mime = await composeMime({ to: fund.address, subject, deck: { bytes: deck, filename: 'deck.pdf' } });
      expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    };
    const apply = async (fields: Record<string, string>, deck: Uint8Array) =>
      expect((await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm({ ...fields, ...fill }, { bytes: deck, filename: 'deck.pdf' }) })).status).toBe(201);

    // form → email: same name (case and suffix aside)
    await apply({ companyName: 'Beacon Health', email: 'b@beacon.health' }, await deckOf('Beacon Health'));
    await settledLog(server, fund, 1);
    await mail('Pitch Deck - Beacon Health Inc.', await deckOf('Beacon Health v2'));
    // webhook → form: same website domain, other name
    await hook({ company_name: 'Nimbus', website: 'https://www.nimbus.dev/about', deck_base64: Buffer.from(await deckOf('Nimbus')).toString('base64'), deck_filename: 'n.pdf' }, 'dup-1');
    await settledLog(server, fund, 3);
    await apply({ companyName: 'Nimbus Cloud', email: 'n@nimbus.dev', website: 'nimbus.dev' }, await deckOf('Nimbus Cloud'));
    // email → webhook: same deck bytes, other names
    const same = await deckOf('Kite');
    await mail('Investment Deck - Kite', same);
    await settledLog(server, fund, 5);
    await hook({ company_name: 'Kite Aero', deck_base64: Buffer.from(same).toString('base64'), deck_filename: 'k.pdf' }, 'dup-2');

    const items = await settledLog(server, fund, 6);
    expect(items.map((i) => i.outcome).sort()).toEqual(['created', 'created', 'created', 'merged', 'merged', 'merged']);
    const deals = await dealsOf(server, fund);
    expect(deals.map((d) => [d.startupName, d.sources.map((s) => s.channel)]).sort()).toEqual([
      ['Beacon Health', ['form', 'email']],
      ['Kite', ['email', 'webhook']],
      ['Nimbus', ['webhook', 'form']],
    ]);
  }, 120_000);

  it("fund A's items never reach fund B", async () => {
    const a = await newFund(server);
    const b = await newFund(server);
    await smtp().sendMail({ from: 'x@acme.com', to: a.address, subject: 'Pitch Deck - Private Co', attachments: [{ filename: 'p.pdf', content: Buffer.from(await deckOf('Private Co')) }] });
    await server.request('POST', `/api/apply/${a.slug}`, { raw: applyForm({ companyName: 'Private Co', email: 'p@private.co', ...fill }, { bytes: await deckOf('Private Co'), filename: 'p.pdf' }) });
    const items = await settledLog(server, a, 2);
    expect((await server.request('GET', '/vc/intake/log/', { token: b.token })).body.items).toEqual([]);
    expect(await dealsOf(server, b)).toEqual([]);
    expect((await server.request('GET', `/api/vc/deals/${items[0]!.dealId}`, { token: b.token })).status).toBe(404);
    // B's secret does not sign for A's URL.
    const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: b.token })).body;
    const body = JSON.stringify({ company_name: 'Sneaky' });
    const at = new Date();
    const res = await server.request('POST', `/api/intake/webhook/${a.slug}`, {
      raw: body,
      headers: { 'content-type': 'application/json', 'webhook-id': 'x', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('x', at, body) },
    });
    expect(res.status).toBe(401);
  });
});
