import { afterAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, dealsOf, newFund, settledLog } from './intake-test-kit.ts';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => undefined);
});

describe('a crash between receipt and deal creation', () => {
  it('items received while no worker runs are made into exactly one deal by the next worker', async () => {
    const database = await openTestDatabase();
    // The receiving process stores items and queues their jobs but runs none (its worker is down).
    const receiver = await startTestServer({ JOBS_ENABLED: 'false' }, undefined, database);
    servers.push(receiver);
    const fund = await newFund(receiver);
    const deck = await makePdfDeck([['Ferro Labs', 'Magnet recycling'], ['Traction', '12 pilots']]);
    const form = await receiver.request('POST', `/api/apply/${fund.slug}`, {
      raw: applyForm({ companyName: 'Ferro Labs', email: 'f@ferro.io', fillMs: '4000' }, { bytes: deck, filename: 'ferro.pdf' }),
    });
    expect(form.status).toBe(201);
    const mime = await composeMime({ to: fund.address, subject: 'Pitch Deck - Ferro Labs', deck: { bytes: deck, filename: 'ferro.pdf' } });
    expect((await receiver.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    const log = await receiver.request('GET', '/vc/intake/log/', { token: fund.token });
    expect(log.body.items.map((i: { outcome: string }) => i.outcome)).toEqual(['received', 'received']);
    expect(await dealsOf(receiver, fund)).toEqual([]);
    await receiver.close();

    // A worker starts on the same data: both stored items are processed, into one deal.
    const worker = await startTestServer({}, undefined, database);
    servers.push(worker);
    const items = await settledLog(worker, fund, 2);
    expect(items.map((i) => i.outcome).sort()).toEqual(['created', 'merged']);
    const deals = await dealsOf(worker, fund);
    expect(deals).toHaveLength(1);
    expect(deals[0]!.sources.map((s) => s.channel)).toEqual(['form', 'email']);
    await worker.close();
    await database.dispose();
  }, 120_000);
});
