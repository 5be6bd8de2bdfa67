import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck, makeSolidDeck } from '../../../test/decks.ts';
import { eventTicket, openEventStream } from '../../../test/event-stream.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, newFund, settledLog } from '../intake/intake-test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const deckOf = (name: string) => makePdfDeck([[name, `${name} builds software for warehouses`], ['Traction', 'MRR $20K']]);

describe('open screens hear of every change to the fund’s deals (deal.changed)', () => {
  it('an arrival by form and by email, its scoring, and a status change each reach the fund’s streams, and no other fund’s', async () => {
    const fund = await newFund(server, { name: 'Live Wire Ventures' });
    const other = await newFund(server, { name: 'Elsewhere Fund' });
    const stream = await openEventStream(server, await eventTicket(server, fund.token));
    const elsewhere = await openEventStream(server, await eventTicket(server, other.token));
    const changes = () => stream.events.filter((e) => e.event === 'deal.changed').map((e) => (e.data as { dealId: string }).dealId);

    const applied = await server.request('POST', `/api/apply/${fund.slug}`, {
      raw: applyForm({ companyName: 'Tidal Grid', email: 'founder@tidalgrid.com', stage: 'Seed', fillMs: '5000' }, { bytes: await makeSolidDeck(), filename: 'deck.pdf' }),
    });
    expect(applied.status).toBe(201);
    const [item] = await settledLog(server, fund, 1);
    const dealId = item!.dealId!;
    // Created, queued, running, scored: the last one comes once the deal's score is readable.
    await stream.until(() => changes().filter((id) => id === dealId).length >= 4);
    expect(changes().filter((id) => id === dealId).length).toBeGreaterThanOrEqual(4);
    const deal = (await server.request('GET', `/api/vc/deals/${dealId}`, { token: fund.token })).body.deal;
    expect(deal.scoring.state).toBe('done');

    const before = changes().length;
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'track', note: '' } })).status).toBe(200);
    await stream.until(() => changes().length > before);
    expect(changes().at(-1)).toBe(dealId);

    // The same company by email joins the deal as another source: the deal changed.
    const byEmail = changes().length;
    const mime = await composeMime({ from: 'founder@tidalgrid.com', to: fund.address, subject: 'Pitch Deck – Tidal Grid', deck: { bytes: await deckOf('Tidal Grid'), filename: 'deck.pdf' } });
    expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    await stream.until(() => changes().length > byEmail);
    expect(changes().at(-1)).toBe(dealId);

    // The other fund's stream hears an event of its own after all of that, and nothing of this fund's deals before it.
    await server.app.events.publish({ fund: other.fundId }, { type: 'probe', data: {} });
    await elsewhere.waitFor((e) => e.event === 'probe');
    expect(elsewhere.events.map((e) => e.event)).toEqual(['ready', 'probe']);
    stream.close();
    elsewhere.close();
  });
});
