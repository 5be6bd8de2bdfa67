import { deals } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund(name: string) {
  const vc = await signUp(server, 'vc');
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: name, sectors: ['SaaS'], stages: ['Seed'] },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string };
}

/** A deal received `daysAgo` days ago (backdated: the status moves below happen now). */
async function dealReceived(fundId: string, daysAgo: number) {
  const [deal] = await db()
    .insert(deals)
    .values({ fundId, startupName: `Received ${daysAgo}d ago`, source: 'upload' })
    .returning({ id: deals.id });
  await db()
    .update(deals)
    .set({ createdAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(deals.id, deal!.id));
  return deal!.id;
}

const move = async (token: string, dealId: string, status: string) => {
  const res = await server.request('POST', `/api/vc/deals/${dealId}/status`, { token, body: { status, note: '' } });
  expect(res.status).toBe(200);
};
const decisionTime = (token: string) => server.request('GET', '/api/vc/decision-time', { token });

describe('GET /api/vc/decision-time', () => {
  it("answers the median days from receipt to a deal's first move out of New, over real status changes", async () => {
    const fund = await newFund('Decisive');
    const empty = await decisionTime(fund.token);
    expect([empty.status, empty.body]).toEqual([200, { medianDays: null, decisions: 0 }]);

    const a = await dealReceived(fund.fundId, 2);
    const b = await dealReceived(fund.fundId, 4);
    const c = await dealReceived(fund.fundId, 10);
    await dealReceived(fund.fundId, 30); // still New: no decision yet
    await move(fund.token, a, 'hot');
    await move(fund.token, b, 'track');
    await move(fund.token, c, 'cold');
    expect((await decisionTime(fund.token)).body).toEqual({ medianDays: 4, decisions: 3 });

    // Later moves are not decisions: A's first one (2 days) counts, not these.
    await move(fund.token, a, 'cold');
    await move(fund.token, a, 'track');
    expect((await decisionTime(fund.token)).body).toEqual({ medianDays: 4, decisions: 3 });

    const d = await dealReceived(fund.fundId, 5);
    await move(fund.token, d, 'hot');
    expect((await decisionTime(fund.token)).body).toEqual({ medianDays: 4.5, decisions: 4 });

    // Another fund's decisions are its own.
    const other = await newFund('Elsewhere');
    const e = await dealReceived(other.fundId, 1);
    await move(other.token, e, 'hot');
    expect((await decisionTime(other.token)).body).toEqual({ medianDays: 1, decisions: 1 });
    expect((await decisionTime(fund.token)).body).toEqual({ medianDays: 4.5, decisions: 4 });
  });

  it('is for fund members only, and documented in OpenAPI', async () => {
    const founder = await signUp(server, 'founder');
    expect((await decisionTime(founder.token)).status).toBe(403);
    expect((await server.request('GET', '/api/vc/decision-time')).status).toBe(401);
    const spec = await server.request('GET', '/openapi.json');
    expect(spec.body.paths['/api/vc/decision-time'].get.responses['200']).toBeDefined();
  });
});
