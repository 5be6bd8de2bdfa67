import { deals } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck, makeSolidDeck, validProfile } from '../../../test/decks.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { newFund, settledLog, type Fund } from '../intake/intake-test-kit.ts';

// Issue 29 point 2: a deal's place and stage read the same on the fund's side (thesis fit, Region
// filter and counts, decline reasons) as on the founder's (matches), through @fitscore/thesis.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function thesis(fund: Fund, geography: string[], stages = ['Seed']) {
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: fund.token,
    body: { fund_name: 'Northwind', website: 'https://northwind.vc', sectors: ['SaaS'], stages, geography, ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
}

/** A deal sent by the fund's signed webhook with the given free-text fields; its id once the intake log says so. */
async function webhookDeal(fund: Fund, fields: { company_name: string; geography?: string; stage?: string; sector?: string }, expectedLog: number, deck?: Uint8Array) {
  const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
  deck ??= await makePdfDeck([[fields.company_name, `${fields.company_name} builds software for clinics`], ['Traction', 'MRR $20K']]);
  const body = JSON.stringify({ ...fields, deck_base64: Buffer.from(deck).toString('base64'), deck_filename: 'deck.pdf' });
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const at = new Date();
  const res = await server.request('POST', `/api/intake/webhook/${fund.slug}`, {
    raw: body,
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(id, at, body) },
  });
  expect(res.status).toBe(200);
  const items = await settledLog(server, fund, expectedLog);
  const dealId = items.find((i) => i.companyName === fields.company_name)?.dealId;
  expect(dealId).toEqual(expect.any(String));
  const deal = await server.request('GET', `/api/vc/deals/${dealId}`, { token: fund.token });
  expect(deal.status).toBe(200);
  return deal.body.deal as { id: string; sector: string; stage: string; geography: string; thesisFit: Record<string, boolean | null>; factsFromDeck: string[] };
}

const declineReasons = async (fund: Fund, dealId: string) =>
  (await server.request('GET', `/api/vc/deals/${dealId}/decline-reasons`, { token: fund.token })).body.reasons as string[];

describe('thesis fit of free-text places and stages', () => {
  it("a US fund: 'United States' and 'seed' fit, are filtered and counted as US and Seed, and give no reason to pass", async () => {
    const fund = await newFund(server);
    const deal = await webhookDeal(fund, { company_name: 'Harbor Health', geography: 'United States', stage: 'seed round', sector: 'SaaS' }, 1);
    expect(deal).toMatchObject({ geography: 'United States', stage: 'Seed', thesisFit: { sector: true, stage: true, geography: true } });
    const listed = await server.request('GET', '/api/vc/deals?region=US', { token: fund.token });
    expect(listed.body.deals.map((d: { id: string }) => d.id)).toEqual([deal.id]);
    expect((await server.request('GET', '/api/vc/deals?stage=Seed', { token: fund.token })).body.deals).toHaveLength(1);
    const facets = await server.request('GET', '/api/vc/deals/facets', { token: fund.token });
    expect(facets.body.facets.region).toEqual({ US: 1 });
    expect(await declineReasons(fund, deal.id)).not.toContain('Outside our geography');
  });

  it("a Europe fund: 'London, UK' fits; 'Austin, TX' is outside and offered as a reason to pass", async () => {
    const fund = await newFund(server);
    await thesis(fund, ['EUROPE']);
    const london = await webhookDeal(fund, { company_name: 'Thames Ledger', geography: 'London, UK', stage: 'Seed', sector: 'SaaS' }, 1);
    expect(london.thesisFit).toMatchObject({ geography: true, stage: true });
    const austin = await webhookDeal(fund, { company_name: 'Lone Star Labs', geography: 'Austin, TX', stage: 'Seed', sector: 'SaaS' }, 2);
    expect(austin.thesisFit).toMatchObject({ geography: false });
    expect(await declineReasons(fund, austin.id)).toContain('Outside our geography');
    const facets = await server.request('GET', '/api/vc/deals/facets', { token: fund.token });
    expect(facets.body.facets.region).toEqual({ EUROPE: 1, US: 1 });
  });

  it('the same company arriving again with its place and stage: the merged deal fits at once, and is filtered by them', async () => {
    const fund = await newFund(server);
    await thesis(fund, ['EUROPE']);
    const first = await webhookDeal(fund, { company_name: 'Fjord Freight', sector: 'SaaS' }, 1);
    expect(first.thesisFit).toMatchObject({ stage: null, geography: null });
    const again = await webhookDeal(fund, { company_name: 'Fjord Freight', geography: 'Oslo, Norway', stage: 'seed round', sector: 'SaaS' }, 2);
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ geography: 'Oslo, Norway', stage: 'Seed', thesisFit: { sector: true, stage: true, geography: true } });
    const listed = await server.request('GET', '/api/vc/deals?region=EUROPE', { token: fund.token });
    expect(listed.body.deals.map((d: { id: string }) => d.id)).toEqual([first.id]);
  });

  it("a thesis edit reaches the deals already in: 'United States' becomes inside when a Europe fund adds US, and outside again when it drops it", async () => {
    const fund = await newFund(server);
    await thesis(fund, ['EUROPE']);
    const deal = await webhookDeal(fund, { company_name: 'Acme Robotics', geography: 'United States', stage: 'Seed', sector: 'SaaS' }, 1, await makeSolidDeck());
    expect(deal.thesisFit).toMatchObject({ geography: false });
    expect((await settledDeal(server, fund.token, deal.id)).tags).toContain('Thesis: sector ✓ stage ✓');
    // A row stored before deals had a region (migration 0029 left free-text places without one).
    await server.database.handle.db.update(deals).set({ region: '' }).where(eq(deals.id, deal.id));

    await thesis(fund, ['EUROPE', 'US']);
    const inside = (await server.request('GET', `/api/vc/deals/${deal.id}`, { token: fund.token })).body.deal;
    expect(inside.thesisFit).toMatchObject({ sector: true, stage: true, geography: true });
    expect(inside.tags).toContain('Thesis: sector ✓ stage ✓ geography ✓');
    expect(inside.tags).not.toContain('Thesis: sector ✓ stage ✓');
    expect((await server.request('GET', '/api/vc/deals?region=US', { token: fund.token })).body.deals.map((d: { id: string }) => d.id)).toEqual([deal.id]);
    expect((await server.request('GET', '/api/vc/deals/facets', { token: fund.token })).body.facets.region).toEqual({ US: 1 });
    expect(await declineReasons(fund, deal.id)).not.toContain('Outside our geography');

    await thesis(fund, ['EUROPE']);
    const outside = (await server.request('GET', `/api/vc/deals/${deal.id}`, { token: fund.token })).body.deal;
    expect(outside.thesisFit).toMatchObject({ geography: false });
    expect(outside.tags).toContain('Thesis: sector ✓ stage ✓');
    expect(await declineReasons(fund, deal.id)).toContain('Outside our geography');
  });

  it('the same company arriving again with a deck: the blanks it fills from the deck are marked as read from the deck', async () => {
    const fund = await newFund(server);
    const first = await webhookDeal(fund, { company_name: 'Fjord Freight', sector: 'SaaS' }, 1);
    expect(first).toMatchObject({ stage: '', geography: '', factsFromDeck: [] });
    const deck = await makePdfDeck([['Fjord Freight', 'Freight software for Nordic shippers', 'Based in Oslo, Norway'], ['The Ask', 'Raising a $3M seed round.']]);
    const again = await webhookDeal(fund, { company_name: 'Fjord Freight' }, 2, deck);
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ sector: 'SaaS', stage: 'Seed', geography: 'Oslo, Norway' });
    expect([...again.factsFromDeck].sort()).toEqual(['geography', 'stage']);
  });

  it('an unknown stage or place is unknown (null), never outside, and no reason to pass', async () => {
    const fund = await newFund(server);
    const deal = await webhookDeal(fund, { company_name: 'Nowhere Nodes', geography: 'Atlantis', stage: 'TBD', sector: 'SaaS' }, 1);
    expect(deal.thesisFit).toMatchObject({ stage: null, geography: null });
    expect(deal.stage).toBe('TBD');
    const reasons = await declineReasons(fund, deal.id);
    expect(reasons).not.toContain('Outside our geography');
    expect(reasons).not.toContain('Outside our stage');
  });

  it("the founder's side reads the same place the same way", async () => {
    const fund = await newFund(server, { name: 'Liberty Seed' });
    const founder = await signUp(server, 'founder');
    const profile = validProfile({ industry: 'SaaS', stage: 'Seed', hq_geo: 'United States', target_geo: 'United States' });
    expect((await server.request('POST', '/founder/profile/', { token: founder.token, body: profile })).status).toBe(200);
    await setPlan(server, { founder: founder.email }, 'premium');
    const res = await server.request('GET', '/founder/matches/', { token: founder.token });
    expect(res.status).toBe(200);
    const match = (res.body.matches as { fundId: string; thesisFit: Record<string, boolean | null> }[]).find((m) => m.fundId === fund.fundId);
    expect(match?.thesisFit).toMatchObject({ sector: true, stage: true, geography: true });
  });
});
