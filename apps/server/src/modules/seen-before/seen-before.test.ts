import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, newFund, scoredDeal, settledLog, type Fund } from '../intake/intake-test-kit.ts';

// Issue 31 point 6: a company that comes back (a new deck, through another channel) shows the fund
// what it saw and decided before: earlier decks and scores, what changed, decisions and their reasons, comments.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const COMPANY = 'Boomerang Bikes';
/** Its first deck: a whole story but no traction yet. */
const BEFORE = [
  [COMPANY, 'Bike subscriptions for city commuters', 'Seed round 2026'],
  ['Problem', 'Commuters lose 40 minutes a day in traffic.', 'Bike ownership means theft and repairs.'],
  ['Solution', 'A maintained e-bike delivered to your door for a monthly fee, swapped in 24 hours when broken.'],
  ['Market', 'TAM $30B, SAM $4B across European cities with bike lanes.'],
  ['Business Model', 'Subscription: $79 per rider per month', 'Gross margin 45%'],
  ['Team', 'CEO: ex-VanMoof operations lead', 'CTO: built the fleet software at Swapfiets'],
  ['The Ask', 'Raising $2M seed', 'Use of funds: fleet 60%, marketing 40%'],
];

/** The same company sends a new deck by the fund's signed webhook. */
async function webhookAgain(fund: Fund, deck: Uint8Array) {
  const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
  const body = JSON.stringify({ company_name: COMPANY, deck_base64: Buffer.from(deck).toString('base64'), deck_filename: 'boomerang-v2.pdf' });
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const at = new Date();
  const res = await server.request('POST', `/api/intake/webhook/${fund.slug}`, {
    raw: body,
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) },
  });
  expect(res.status).toBe(200);
}

const seenBefore = (fund: Pick<Fund, 'token'>, dealId: string) => server.request('GET', `/api/vc/deals/${dealId}/seen-before`, { token: fund.token });

describe('seen before', () => {
  it('a company that applied, was passed on with reasons and comes back with a new deck: its earlier deck, score, decision, reasons and comments of the time', async () => {
    const fund = await newFund(server);
    const first = await makePdfDeck(BEFORE);
    const applied = await server.request('POST', `/api/apply/${fund.slug}`, {
      raw: applyForm({ companyName: COMPANY, email: 'ana@boomerang.example', stage: 'Seed', sector: 'SaaS', fillMs: '8000' }, { bytes: first, filename: 'boomerang.pdf' }),
    });
    expect(applied.status).toBe(201);
    const [item] = await settledLog(server, fund, 1);
    const dealId = item!.dealId!;
    const before = await scoredDeal(server, fund, dealId);
    expect(before.fitScore).toEqual(expect.any(Number));

    // Not back yet: nothing to show, and the row is not returning.
    expect((await seenBefore(fund, dealId)).body).toMatchObject({ returnedAt: null, earlierDecks: [], decisions: [], comments: [] });

    // The fund looks at it: a comment, then Cold with reasons (the note stays internal, but it is the fund's own).
    expect((await server.request('POST', `/api/vc/deals/${dealId}/comments`, { token: fund.token, body: { body: 'Too early: no paying riders yet.' } })).status).toBe(201);
    const declined = await server.request('POST', `/api/vc/deals/${dealId}/decline`, { token: fund.token, body: { reasons: ['Too early for us'], note: 'Revisit when they have revenue' } });
    expect(declined.status).toBe(200);

    // It comes back through another channel with a new deck, now with traction.
    const second = await makePdfDeck([...BEFORE.slice(0, 3), ['Traction', 'MRR $45K growing 20% MoM', '1,200 paying riders in two cities'], ...BEFORE.slice(3)]);
    await webhookAgain(fund, second);
    const items = await settledLog(server, fund, 2);
    expect(items.map((i) => i.dealId)).toEqual([dealId, dealId]);
    await expect
      .poll(async () => (await server.request('GET', `/api/vc/deals/${dealId}`, { token: fund.token })).body.analysis?.deck.version, { timeout: 150_000, interval: 300 })
      .toBe(2);
    // A comment made after it came back is today's, not 'of the time'.
    await server.request('POST', `/api/vc/deals/${dealId}/comments`, { token: fund.token, body: { body: 'Back with revenue!' } });

    const seen = await seenBefore(fund, dealId);
    expect(seen.status).toBe(200);
    expect(seen.body.returnedAt).toEqual(expect.any(String));
    expect(seen.body.arrivals.map((a: { channel: string }) => a.channel)).toEqual(['form', 'webhook']);
    expect(seen.body.earlierDecks).toEqual([expect.objectContaining({ version: 1, filename: 'boomerang.pdf', fitScore: before.fitScore })]);
    expect(seen.body.changes).toMatchObject({ fromVersion: 1, toVersion: 2, fromFitScore: before.fitScore });
    expect(seen.body.changes.sections.gained.map((s: { kind: string }) => s.kind)).toContain('traction');
    expect(seen.body.changes.facts.added.map((f: { kind: string }) => f.kind)).toContain('mrr');
    expect(seen.body.decisions).toEqual([expect.objectContaining({ from: 'new', to: 'cold', note: 'Revisit when they have revenue', reasons: ['Too early for us'] })]);
    expect(seen.body.comments.map((c: { body: string }) => c.body)).toEqual(['Too early: no paying riders yet.']);

    // The pipeline row says when it came back; another fund cannot read it.
    const other = await signUp(server, 'vc');
    expect((await seenBefore(other, dealId)).status).toBe(404);
  }, 300_000);
});
