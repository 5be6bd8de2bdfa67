import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImagePdf } from '../../../../../packages/deck-analysis/src/testing/generate-decks.ts';
import { makePdfDeck } from '../../../test/decks.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { composeMime, dealsOf, newFund, scoredDeal, settledLog } from './intake-test-kit.ts';

// Issue 29 point 9: a deal's company, stage, sector and place come from the subject and the deck.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const cognitiiDeck = () =>
  makePdfDeck([
    ['Cognitii', 'AI copilots for clinical teams', 'Based in London, UK'],
    ['Problem', 'Hospital clinical teams spend 30% of their time on notes; patients wait.'],
    ['Traction', '12 hospitals pay us; healthcare buyers renew.'],
    ['The Ask', 'Raising a $3M seed round.'],
  ]);

describe('deal facts from the subject and the deck', () => {
  it("email 'Cognitii - Pitch Deck (Seed)' is the company Cognitii at Seed; sector and place come from the deck", async () => {
    const fund = await newFund(server);
    const mime = await composeMime({ from: 'Ada <ada@gmail.com>', to: fund.address, subject: 'Fwd: Cognitii - Pitch Deck (Seed)', deck: { bytes: await cognitiiDeck(), filename: 'deck.pdf' } });
    expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    const [item] = await settledLog(server, fund, 1);
    expect(item).toMatchObject({ outcome: 'created', companyName: 'Cognitii' });
    const [deal] = await dealsOf(server, fund);
    expect(deal).toMatchObject({ startupName: 'Cognitii', stage: 'Seed', sector: 'Healthcare', geography: 'London, UK' });
    // The subject named the company and the stage; the deck gave the rest, and the deal says so.
    expect(deal).toMatchObject({ factsFromDeck: ['sector', 'geography'] });
  }, 60_000);

  it("the email's own words give what neither the subject nor the deck says; the deck's facts come first", async () => {
    const fund = await newFund(server);
    const deck = await makePdfDeck([
      ['Cognitii', 'AI copilots for clinical teams'],
      ['Problem', 'Hospital clinical teams spend 30% of their time on notes; patients wait.'],
    ]);
    const text = 'Hi,\n\nWe are a Berlin-based team raising a $3M seed round; our fintech peers use the same model.\n\nAda\nLondon';
    const mime = await composeMime({ from: 'Ada <ada@gmail.com>', to: fund.address, subject: 'Cognitii - Pitch Deck', text, deck: { bytes: deck, filename: 'deck.pdf' } });
    expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    await settledLog(server, fund, 1);
    const [deal] = await dealsOf(server, fund);
    // The deck speaks of patients and hospitals (Healthcare, marked); the message gives the round and the city, which the sender wrote.
    expect(deal).toMatchObject({ startupName: 'Cognitii', stage: 'Seed', sector: 'Healthcare', geography: 'Berlin', factsFromDeck: ['sector'] });
  }, 60_000);

  it('a subject that names nobody takes the company from the deck', async () => {
    const fund = await newFund(server);
    const mime = await composeMime({ from: 'Ada <ada@gmail.com>', to: fund.address, subject: 'Re: Pitch Deck', deck: { bytes: await cognitiiDeck(), filename: 'deck.pdf' } });
    expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    await settledLog(server, fund, 1);
    const [deal] = await dealsOf(server, fund);
    expect(deal).toMatchObject({ startupName: 'Cognitii', stage: 'Seed', sector: 'Healthcare', geography: 'London, UK' });
    expect(deal).toMatchObject({ factsFromDeck: ['startupName', 'stage', 'sector', 'geography'] });

    // A member corrects what the deck said: the edited facts are no longer 'read from the deck', the thesis fit follows.
    const path = `/api/vc/deals/${deal!.id}/facts`;
    const edited = await server.request('PATCH', path, { token: fund.token, body: { startupName: 'Cognitii', stage: 'Series A', sector: 'AI/ML', geography: 'London, UK' } });
    expect(edited.status).toBe(200);
    expect(edited.body.deal).toMatchObject({ stage: 'Series A', sector: 'AI/ML', factsFromDeck: ['startupName', 'geography'] });
    expect((await server.request('GET', `/api/vc/deals/${deal!.id}`, { token: fund.token })).body.deal.factsFromDeck).toEqual(['startupName', 'geography']);
    const blank = await server.request('PATCH', path, { token: fund.token, body: { startupName: ' ', stage: '', sector: '', geography: '' } });
    expect([blank.status, blank.body.details]).toEqual([400, [{ path: 'startupName', message: 'Company name is required' }]]);
    const other = await newFund(server);
    expect((await server.request('PATCH', path, { token: other.token, body: { startupName: 'X', stage: '', sector: '', geography: '' } })).status).toBe(404);
    expect((await server.request('PATCH', path, { body: { startupName: 'X', stage: '', sector: '', geography: '' } })).status).toBe(401);
  }, 60_000);

  it('a webhook deal without stage, sector or geography takes them from the deck; what was sent is kept', async () => {
    const fund = await newFund(server);
    const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
    const body = JSON.stringify({ company_name: 'Cognitii Health', sector: 'AI/ML', deck_filename: 'deck.pdf', deck_base64: Buffer.from(await cognitiiDeck()).toString('base64') });
    const at = new Date();
    const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_facts', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('msg_facts', at, body) };
    expect((await server.request('POST', `/api/intake/webhook/${fund.slug}`, { raw: body, headers })).status).toBe(200);
    await settledLog(server, fund, 1);
    const [deal] = await dealsOf(server, fund);
    expect(deal).toMatchObject({ startupName: 'Cognitii Health', stage: 'Seed', sector: 'AI/ML', geography: 'London, UK', factsFromDeck: ['stage', 'geography'] });
  }, 60_000);

  it('an image-only deck gives its stage, sector and place once scored: read by OCR, marked as read from the deck', async () => {
    const fund = await newFund(server);
    const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
    const deck = await makeImagePdf([
      { title: 'Cognitii', lines: ['AI copilots for clinical teams', 'Based in London, UK'] },
      { title: 'Problem', lines: ['Hospital clinical teams spend 30% of their time on notes.', 'Patients wait for care.'] },
      { title: 'The Ask', lines: ['Raising a $3M seed round.'] },
    ]);
    const body = JSON.stringify({ company_name: 'Cognitii', deck_filename: 'deck.pdf', deck_base64: Buffer.from(deck).toString('base64') });
    const at = new Date();
    const headers = { 'content-type': 'application/json', 'webhook-id': 'msg_ocr_facts', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('msg_ocr_facts', at, body) };
    expect((await server.request('POST', `/api/intake/webhook/${fund.slug}`, { raw: body, headers })).status).toBe(200);
    await settledLog(server, fund, 1);
    // At arrival there is no text layer to read: nothing is made up.
    const [arrived] = await dealsOf(server, fund);
    expect(arrived).toMatchObject({ startupName: 'Cognitii', stage: '', sector: '', geography: '', factsFromDeck: [] });

    const scored = await scoredDeal(server, fund, arrived!.id);
    expect(scored.scoring).toEqual({ state: 'done' });
    expect(scored).toMatchObject({ startupName: 'Cognitii', stage: 'Seed', sector: 'Healthcare', geography: 'London, UK' });
    expect([...scored.factsFromDeck].sort()).toEqual(['geography', 'sector', 'stage']);
    // The list says the same (the thesis fit is read again from the filled facts).
    const [listed] = await dealsOf(server, fund);
    expect(listed).toMatchObject({ stage: 'Seed', sector: 'Healthcare', geography: 'London, UK' });
  }, 180_000);
});
