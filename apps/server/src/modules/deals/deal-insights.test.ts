import { TRIAL_SCORING_REFUSED } from '@fitscore/contracts';
import { deals, decks, funds, scoringRuns } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePpt } from '../../../../../packages/deck-analysis/src/testing/generate-decks.ts';
import { makePdfDeck, makePptxDeck, makeSolidDeck } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { NOT_DRAWABLE } from '../decks/deck-page-images.service.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund() {
  const vc = await signUp(server, 'vc');
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: 'Northwind', website: 'https://northwind.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string };
}

async function uploadDeal(token: string, file: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  form.append('companyName', 'Acme');
  form.append('file', new Blob([file.bytes]), file.name);
  const res = await server.request('POST', '/api/vc/deals/upload', { token, raw: form });
  expect(res.status).toBe(202);
  return res.body.deal.id as string;
}

async function getPage(token: string, dealId: string, n: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/vc/deals/${dealId}/deck/pages/${n}.png`, { headers: { authorization: `Token ${token}`, ...headers } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Width and height from the PNG's IHDR chunk. */
const sizeOf = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe('GET /api/vc/deals/{id}/deck/pages/{n}.png', () => {
  it('draws a page of the deal’s PDF for its fund: a PNG of the page’s shape, private, with an ETag, kept once drawn', async () => {
    const f = await newFund();
    // Landscape 960x540 pages, as slides are.
    const id = await uploadDeal(f.token, { bytes: await makePdfDeck([['Acme', 'Robots'], ['Problem', 'Picking is slow'], ['Team', 'Ex-Amazon']]), name: 'acme.pdf' });
    const page = await getPage(f.token, id, '2');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/png');
    expect([...page.bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(sizeOf(page.bytes)).toEqual({ width: 1600, height: 900 });
    expect(page.headers.get('cache-control')).toMatch(/^private/);
    const etag = page.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect((await getPage(f.token, id, '2', { 'if-none-match': etag! })).status).toBe(304);
    expect((await getPage(f.token, id, '1')).headers.get('etag')).not.toBe(etag);

    // Kept once drawn: with the deck's file spoiled, the drawn page still comes from the cache...
    const [deck] = await db().select().from(decks).where(eq(decks.dealId, id));
    await writeFile(join(server.config.dataDir, 'blobs', deck!.blobKey), 'spoiled');
    const again = await getPage(f.token, id, '2');
    expect(again.status).toBe(200);
    expect(again.bytes).toEqual(page.bytes);
    // ...while a page not drawn yet has to read the file, and says why it cannot.
    const fresh = await getPage(f.token, id, '3');
    expect(fresh.status).toBe(422);
  }, 60_000);

  it('answers 404 for a page the deck does not have, another fund’s deal and an unknown one; 403 for founders', async () => {
    const f = await newFund();
    const other = await newFund();
    const id = await uploadDeal(f.token, { bytes: await makePdfDeck([['Acme'], ['Problem']]), name: 'acme.pdf' });
    for (const n of ['3', '0', '-1', 'abc', '1.5', '99999999']) {
      const res = await server.request('GET', `/api/vc/deals/${id}/deck/pages/${n}.png`, { token: f.token });
      expect([n, res.status, res.body.error]).toEqual([n, 404, 'Page not found']);
    }
    expect((await server.request('GET', `/api/vc/deals/${id}/deck/pages/1.png`, { token: other.token })).status).toBe(404);
    expect((await server.request('GET', '/api/vc/deals/00000000-0000-4000-8000-000000000000/deck/pages/1.png', { token: f.token })).status).toBe(404);
    const founder = await signUp(server, 'founder');
    expect((await server.request('GET', `/api/vc/deals/${id}/deck/pages/1.png`, { token: founder.token })).status).toBe(403);
  }, 60_000);

  it('draws the slides of a .pptx deal: a PNG of the slide with an ETag; a slide it does not have is a 404', async () => {
    const f = await newFund();
    const id = await uploadDeal(f.token, { bytes: await makePptxDeck(['Acme robots', 'Problem: picking is slow']), name: 'acme.pptx' });
    const page = await getPage(f.token, id, '1');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('image/png');
    expect([...page.bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    // No slide size in this deck's presentation.xml: PowerPoint's default 4:3 (10 x 7.5 in).
    expect(sizeOf(page.bytes)).toEqual({ width: 1600, height: 1200 });
    expect(page.headers.get('etag')).toMatch(/^"[^"]+-1-v\d+"$/);
    const again = await getPage(f.token, id, '1', { 'if-none-match': page.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect((await getPage(f.token, id, '2')).status).toBe(200);
    const missing = await server.request('GET', `/api/vc/deals/${id}/deck/pages/99.png`, { token: f.token });
    expect(missing.status).toBe(404);
  }, 60_000);

  it('says plainly that a PowerPoint 97–2003 (.ppt) deck is not drawn', async () => {
    const f = await newFund();
    const ppt = makePpt([{ title: 'Acme robots', lines: ['Problem: picking is slow', 'Solution: robots that pick'] }]);
    const id = await uploadDeal(f.token, { bytes: ppt, name: 'acme.ppt' });
    const res = await server.request('GET', `/api/vc/deals/${id}/deck/pages/1.png`, { token: f.token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: NOT_DRAWABLE, code: 'unprocessable_deck', details: { reason: 'not_drawn', format: 'ppt' } });
    expect(NOT_DRAWABLE).toMatch(/PowerPoint 97–2003 \(\.ppt\) files are not drawn/);
  }, 60_000);
});

describe('GET /api/vc/deals/weekly', () => {
  it('counts the fund’s deals per week and source over the last weeks, this week last, other funds apart', async () => {
    const f = await newFund();
    const other = await newFund();
    const now = Date.now();
    const daysAgo = (d: number) => new Date(now - d * 86_400_000);
    const row = (fundId: string, source: 'upload' | 'email' | 'form', at: Date) => ({ fundId, startupName: 'Co', source, createdAt: at });
    await db().insert(deals).values([
      row(f.fundId, 'upload', daysAgo(0)),
      row(f.fundId, 'email', daysAgo(0)),
      row(f.fundId, 'email', daysAgo(7)),
      row(f.fundId, 'form', daysAgo(7 * 11)),
      row(f.fundId, 'form', daysAgo(7 * 13)),
      row(other.fundId, 'upload', daysAgo(0)),
    ]);
    const res = await server.request('GET', '/api/vc/deals/weekly', { token: f.token });
    expect(res.status).toBe(200);
    const weeks = res.body.weeks as { start: string; total: number; bySource: Record<string, number> }[];
    expect(weeks).toHaveLength(12);
    expect(new Date(`${weeks[11]!.start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weeks[11]).toMatchObject({ total: 2, bySource: { upload: 1, email: 1, form: 0, webhook: 0, platform: 0 } });
    expect(weeks[10]).toMatchObject({ total: 1, bySource: { email: 1 } });
    expect(weeks[0]).toMatchObject({ total: 1, bySource: { form: 1 } });
    expect(weeks.reduce((n, w) => n + w.total, 0)).toBe(4);

    expect((await server.request('GET', '/api/vc/deals/weekly?weeks=4', { token: f.token })).body.weeks).toHaveLength(4);
    expect((await server.request('GET', '/api/vc/deals/weekly?weeks=60', { token: f.token })).status).toBe(400);
    const founder = await signUp(server, 'founder');
    expect((await server.request('GET', '/api/vc/deals/weekly', { token: founder.token })).status).toBe(403);
  });
});

const settled = (token: string, id: string) => settledDeal(server, token, id);

describe('POST /api/vc/deals/{id}/retry-scoring', () => {
  it('scores a failed deal again; refuses one that is not failed, another fund’s, and a spent trial', async () => {
    const f = await newFund();
    const other = await newFund();
    // A file that is not a pitch deck fails with the engine's reason, for the dashboard to show.
    const thin = await uploadDeal(f.token, { bytes: await makePdfDeck([['Acme Robotics', 'Warehouse robots']]), name: 'acme.pdf' });
    const failed = await settled(f.token, thin);
    expect(failed.scoring).toEqual({ state: 'failed', error: expect.stringMatching(/pitch deck/) });

    const id = await uploadDeal(f.token, { bytes: await makeSolidDeck(), name: 'acme.pdf' });
    expect((await settled(f.token, id)).scoring.state).toBe('done');
    const notFailed = await server.request('POST', `/api/vc/deals/${id}/retry-scoring`, { token: f.token });
    expect([notFailed.status, notFailed.body.error]).toEqual([409, 'This deal is not waiting for a retry.']);

    // The reading failed (as a damaged deck's does): the deal shows why, and can be retried.
    await db().update(scoringRuns).set({ status: 'failed', stage: 'failed', error: 'This file is damaged and could not be read.' }).where(eq(scoringRuns.dealId, id));
    expect((await settled(f.token, id)).scoring).toEqual({ state: 'failed', error: 'This file is damaged and could not be read.' });
    expect((await server.request('POST', `/api/vc/deals/${id}/retry-scoring`, { token: other.token })).status).toBe(404);
    await db().update(funds).set({ trialScoresUsed: 200 }).where(eq(funds.id, f.fundId));
    const spent = await server.request('POST', `/api/vc/deals/${id}/retry-scoring`, { token: f.token });
    expect([spent.status, spent.body.error]).toEqual([402, TRIAL_SCORING_REFUSED]);
    await db().update(funds).set({ trialScoresUsed: 0 }).where(eq(funds.id, f.fundId));

    const retry = await server.request('POST', `/api/vc/deals/${id}/retry-scoring`, { token: f.token });
    expect(retry.status).toBe(202);
    expect(['queued', 'running']).toContain(retry.body.deal.scoring.state);
    expect((await settled(f.token, id)).scoring.state).toBe('done');
  }, 90_000);
});
