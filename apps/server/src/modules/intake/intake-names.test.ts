import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, dealsOf, newFund, settledLog, type Fund } from './intake-test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const deckOf = (name: string) => makePdfDeck([[name, `${name} builds software for warehouses`]]);
const apply = async (fund: Fund, companyName: string, email: string) => {
  const res = await server.request('POST', `/api/apply/${fund.slug}`, {
    raw: applyForm({ companyName, email, fillMs: '5000' }, { bytes: await deckOf(`${companyName} form deck`), filename: 'deck.pdf' }),
  });
  expect(res.status).toBe(201);
};
const mail = async (fund: Fund, subject: string, from: string) => {
  const mime = await composeMime({ from, to: fund.address, subject, deck: { bytes: await deckOf(`${subject} mail deck`), filename: 'deck.pdf' } });
  expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
};

describe('duplicates by name: accents do not count', () => {
  it("'Café Robotics' on the form and 'Cafe Robotics GmbH' by email are one deal", async () => {
    const fund = await newFund(server);
    await apply(fund, 'Café Robotics', 'ana@gmail.com');
    await settledLog(server, fund, 1);
    await mail(fund, 'Pitch Deck - Cafe Robotics GmbH', 'Ana <ana@outlook.com>');
    const items = await settledLog(server, fund, 2);
    expect(items.map((i) => i.outcome).sort()).toEqual(['created', 'merged']);
    const deals = await dealsOf(server, fund);
    expect(deals.map((d) => [d.startupName, d.sources.map((s) => s.channel)])).toEqual([['Café Robotics', ['form', 'email']]]);
  }, 60_000);

  it("an accented first letter: 'Éclair Labs' by email and 'ECLAIR LABS, Inc.' on the form are one deal", async () => {
    const fund = await newFund(server);
    await mail(fund, 'Pitch Deck - Éclair Labs', 'Zoé <zoe@gmail.com>');
    await settledLog(server, fund, 1);
    await apply(fund, 'ECLAIR LABS, Inc.', 'zoe@outlook.com');
    const items = await settledLog(server, fund, 2);
    expect(items.map((i) => i.outcome).sort()).toEqual(['created', 'merged']);
    const deals = await dealsOf(server, fund);
    expect(deals.map((d) => [d.startupName, d.sources.map((s) => s.channel)])).toEqual([['Éclair Labs', ['email', 'form']]]);
  }, 60_000);
});

describe('a deck sent only as a link', () => {
  it("is a deal whose scoring says 'deck_link' with the link (not queued for ever), in the pipeline and on the deal", async () => {
    const fund = await newFund(server);
    const link = 'https://docsend.com/view/abc123xyz';
    const mime = await composeMime({ from: 'Lea <lea@gmail.com>', to: fund.address, subject: 'Pitch Deck - Linkly', text: `Our deck: ${link}\nThanks, Lea` });
    expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    const [item] = await settledLog(server, fund, 1);
    expect(item).toMatchObject({ outcome: 'created', companyName: 'Linkly' });
    const [row] = await dealsOf(server, fund);
    expect(row).toMatchObject({ startupName: 'Linkly', fitScore: null, scoring: { state: 'deck_link', deckLink: link } });
    expect(row!.tags).toContain('Deck link, not downloaded');
    const detail = await server.request('GET', `/api/vc/deals/${item!.dealId}`, { token: fund.token });
    expect(detail.body.deal.scoring).toEqual({ state: 'deck_link', deckLink: link });
    // A deck arriving later for the same company is scored: the state leaves 'deck_link'.
    await apply(fund, 'Linkly', 'lea@outlook.com');
    await settledLog(server, fund, 2);
    const state = await pollUntil(
      async () => {
        const s: string = (await server.request('GET', `/api/vc/deals/${item!.dealId}`, { token: fund.token })).body.deal.scoring.state;
        return s !== 'deck_link' && s;
      },
      { intervalMs: 200, what: "the deal's scoring to leave 'deck_link'" },
    );
    expect(['queued', 'running', 'done', 'failed']).toContain(state);
  }, 60_000);
});
