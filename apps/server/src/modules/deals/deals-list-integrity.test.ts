import { DEAL_SEARCH_COUNT_CAP as CAP } from '@fitscore/contracts';
import { dealCounts, deals, funds, rawRows, users } from '@fitscore/db';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

/**
 * The list's counts come from deal_counts (kept by triggers on deals) when at most one filter
 * dimension is set, and from the rows otherwise. Whatever writes the deals, both must agree
 * with the deals the list itself returns.
 */
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
    body: { fund_name: 'Counting Fund', website: 'https://count.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}

const SECTORS = ['SaaS', 'Fintech', 'Energy'];
const STAGES = ['Seed', 'Series A'];
const REGIONS = ['US', 'EU'];
const CONFIDENCES = ['High', 'Low', null] as const;
const SOURCES = ['upload', 'email', 'form'] as const;

type Counts = { all: number; hot: number; track: number; cold: number };

/** Every deal a list returns, page after page at 100 a page. */
async function listAll(token: string, filters: string): Promise<{ status: keyof Counts | 'new' }[]> {
  const sep = filters ? '&' : '';
  const all: { status: keyof Counts | 'new' }[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: { deals: { status: keyof Counts | 'new' }[]; nextCursor: string | null } } = await server.request(
      'GET',
      `/api/vc/deals?${filters}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token },
    );
    expect(res.status).toBe(200);
    all.push(...res.body.deals);
    cursor = res.body.nextCursor;
  } while (cursor);
  return all;
}

/**
 * The counts the list answers with, and the counts of the deals it returns (every page, every
 * status). Each tab of the same filters must list exactly its count of deals, all in its status.
 */
async function countsAndTruth(token: string, query: string): Promise<{ counts: Counts; truth: Counts }> {
  const first = await server.request('GET', `/api/vc/deals?${query}`, { token });
  expect(first.status).toBe(200);
  // The truth reads every page at 100 a page, whatever page size the first request asked for.
  const filters = query.replace(/(^|&)limit=\d+/, '');
  const truth: Counts = { all: 0, hot: 0, track: 0, cold: 0 };
  for (const d of await listAll(token, filters)) {
    truth.all++;
    if (d.status !== 'new') truth[d.status]++;
  }
  for (const tab of ['hot', 'track', 'cold'] as const) {
    const listed = await listAll(token, `${filters}${filters ? '&' : ''}status=${tab}`);
    expect({ query, tab, statuses: [...new Set(listed.map((d) => d.status))], n: listed.length }).toEqual({
      query,
      tab,
      statuses: listed.length ? [tab] : [],
      n: truth[tab],
    });
  }
  return { counts: first.body.counts, truth };
}

const QUERIES = [
  '',
  'sector=Fintech',
  'sector=SaaS&sector=Energy',
  'stage=Series%20A',
  'region=EU',
  'confidence=High',
  'confidence=Low&confidence=Medium',
  'source=email',
  'sector=Fintech&region=EU',
  'q=co%201',
  'q=fin&stage=Seed',
  // A search on more than its first page: counted over the matches, not from the page.
  'q=co&limit=5',
];

async function expectCountsRight(token: string, extra: string[] = []) {
  for (const query of [...QUERIES, ...extra]) {
    const { counts, truth } = await countsAndTruth(token, query);
    expect({ query, counts }).toEqual({ query, counts: truth });
  }
}

describe('GET /api/vc/deals counts', () => {
  it('match the listed deals for every filter as deals arrive, change status and owner, and go', async () => {
    const f = await newFund();
    const other = await newFund();
    const rows = (fundId: string, n: number, offset = 0) =>
      Array.from({ length: n }, (_, j) => {
        const i = j + offset;
        return {
          fundId,
          startupName: `Co ${i}`,
          sector: SECTORS[i % 3]!,
          stage: STAGES[i % 2]!,
          geography: REGIONS[Math.floor(i / 3) % 2]!,
          confidence: CONFIDENCES[i % 3]!,
          source: SOURCES[i % 3]!,
        };
      });
    // One statement of many rows (as an import would), then single rows (as intake does).
    const ids = (await db().insert(deals).values(rows(f.fundId, 40)).returning({ id: deals.id })).map((r) => r.id);
    for (const r of rows(f.fundId, 3, 40)) ids.push((await db().insert(deals).values(r).returning({ id: deals.id }))[0]!.id);
    await db().insert(deals).values(rows(other.fundId, 15));
    await expectCountsRight(f.token);

    const statuses = ['hot', 'track', 'cold', 'hot'] as const;
    for (let i = 0; i < 12; i++) {
      const res = await server.request('POST', `/api/vc/deals/${ids[i]}/status`, { token: f.token, body: { status: statuses[i % 4], note: '' } });
      expect(res.status).toBe(200);
    }
    // Changes that move a deal between facet values, made outside the API, are followed too.
    await db().update(deals).set({ sector: 'Fintech', confidence: 'Medium', ownerUserId: f.userId }).where(inArray(deals.id, ids.slice(5, 9)));
    await db().delete(deals).where(inArray(deals.id, ids.slice(0, 3)));
    await expectCountsRight(f.token, [`owner=${f.userId}`]);
    expect((await countsAndTruth(f.token, `owner=${f.userId}`)).counts.all).toBe(4);

    // The owner's account going (owner set null by the foreign key) moves those deals to no owner.
    await db().delete(users).where(eq(users.id, f.userId));
    const [unowned] = await db().select().from(dealCounts).where(eq(dealCounts.fundId, f.fundId));
    expect(unowned).toBeDefined();
    const owned = await db().select({ n: dealCounts.n, value: dealCounts.value }).from(dealCounts).where(eq(dealCounts.facet, 'owner'));
    expect(owned.filter((r) => r.value === f.userId).reduce((a, r) => a + r.n, 0)).toBe(0);

    // The other fund's counts never moved, and a fund with deals can be deleted (its counts go with it).
    await expectCountsRight(other.token);
    await db().delete(funds).where(eq(funds.id, other.fundId));
    expect(await db().select().from(dealCounts).where(eq(dealCounts.fundId, other.fundId))).toEqual([]);
  });
});

describe('status changes of one fund at once', () => {
  // PGlite is one connection: a second transaction cannot be open beside the server's.
  it.skipIf(!process.env.TEST_DATABASE_URL)('one deal held in an open change does not hold up the change of another deal of the fund', async () => {
    const f = await newFund();
    // Twenty deals alike in every facet, so that without shards their counts are the same rows.
    const ids = (
      await db()
        .insert(deals)
        .values(Array.from({ length: 20 }, (_, i) => ({ fundId: f.fundId, startupName: `Alike ${i}`, sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'form' as const })))
        .returning({ id: deals.id })
    ).map((r) => r.id);
    const rows = await rawRows<{ id: string; shard: number }>(db(), sql`select id, deal_count_shard(id) as shard from deals where id in ${ids}`);
    const held = rows[0]!;
    const other = rows.find((r) => r.shard !== held.shard)!;
    expect(other).toBeDefined();

    // A change of the first deal, its transaction still open (a slow alert listener, a long commit).
    const open = new pg.Client({ connectionString: server.database.url });
    await open.connect();
    try {
      await open.query('begin');
      await open.query(`update deals set status = 'hot' where id = $1`, [held.id]);
      const change = server.request('POST', `/api/vc/deals/${other.id}/status`, { token: f.token, body: { status: 'track', note: '' } });
      const waited = new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 5_000));
      const res = await Promise.race([change, waited]);
      expect(res).not.toBe('held up');
      expect(res).toMatchObject({ status: 200 });
      await open.query('commit');
      await change;
    } finally {
      await open.end();
    }
    await expectCountsRight(f.token);
    const { counts } = await countsAndTruth(f.token, '');
    expect(counts).toEqual({ all: 20, hot: 1, track: 1, cold: 0 });
  });
});

describe('GET /api/vc/deals cursor', () => {
  it('pages through deals created within the same millisecond without gaps or repeats, in both date orders', async () => {
    const f = await newFund();
    const base = Date.UTC(2026, 0, 5, 12, 0, 0, 7);
    // Microseconds apart: a cursor holding a JavaScript Date (milliseconds) would skip some of them.
    await db().execute(
      sql`insert into deals (fund_id, startup_name, source, created_at)
          select ${f.fundId}::uuid, 'Burst ' || g, 'webhook', to_timestamp(${base / 1000}) + g * interval '1 microsecond'
          from generate_series(1, 9) g`,
    );
    for (const sort of ['-date', 'date']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: { deals: { id: string }[]; nextCursor: string | null } } = await server.request(
          'GET',
          `/api/vc/deals?sort=${sort}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { token: f.token },
        );
        expect(res.status).toBe(200);
        seen.push(...res.body.deals.map((d) => d.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(new Set(seen).size).toBe(9);
      expect(seen).toHaveLength(9);
    }
    // The CSV walks the same keyset: every one of them once.
    const csv = await server.request('GET', '/api/vc/deals/export.csv?sort=-date', { token: f.token });
    expect(String(csv.body).match(/Burst \d/g)).toHaveLength(9);
  });
});

describe('GET /api/vc/deals?q=', () => {
  it('finds exactly the deals whose name or sector holds the term, however common its words are (and so does the CSV)', async () => {
    const f = await newFund();
    const other = await newFund();
    // 'Startup' is in most names (a word the trigram index is not given), yet in fewer than the count's cap (so
    // counted exactly); a few names are unusual.
    const names = [
      ...Array.from({ length: 90 }, (_, i) => `Startup ${i}`),
      'Startup 42 Robotics',
      'Robotic Startups Inc',
      'ACME startup lab',
      '100% Solar',
      'Under_score Labs',
      'Co-Op Foods',
    ];
    const sectorOf = (i: number) => ['SaaS', 'Fintech', 'Climate Tech'][i % 3]!;
    await db()
      .insert(deals)
      .values(names.map((startupName, i) => ({ fundId: f.fundId, startupName, sector: sectorOf(i), source: 'upload' as const })));
    await db().insert(deals).values({ fundId: other.fundId, startupName: 'Startup 42 Robotics', sector: 'SaaS', source: 'upload' });

    /** Every deal the list returns for the search (all pages), by name and sector. */
    async function found(term: string) {
      const out: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: { deals: { startupName: string; sector: string }[]; nextCursor: string | null; counts: Counts } } = await server.request(
          'GET',
          `/api/vc/deals?q=${encodeURIComponent(term)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { token: f.token },
        );
        expect(res.status).toBe(200);
        out.push(...res.body.deals.map((d) => `${d.startupName}|${d.sector}`));
        cursor = res.body.nextCursor;
      } while (cursor);
      return out.sort();
    }
    const truth = (term: string) =>
      names
        .map((n, i) => `${n}|${sectorOf(i)}`)
        .filter((row) => row.split('|').some((v) => v.toLowerCase().includes(term.toLowerCase())))
        .sort();

    for (const term of ['startup 42', 'tartup 4', 'STARTUP', 'startup 42 robotics', 'robotic', 'startups robotic', 'tech', 'climate t', 'acme startup', '100%', 'under_', 'r_s', 'co-op', 'p 1', 'zzz startup', '10 fintech', '10\u001ffintech', 'saas']) {
      expect({ term, found: await found(term) }).toEqual({ term, found: truth(term) });
    }
    const { counts, truth: listed } = await countsAndTruth(f.token, 'q=startup');
    expect(counts).toEqual(listed);
    const csv = await server.request('GET', `/api/vc/deals/export.csv?q=${encodeURIComponent('startup 4')}`, { token: f.token });
    expect(String(csv.body).split('\n').filter((line) => /Startup 4/i.test(line))).toHaveLength(truth('startup 4').length);
  });
});

describe('GET /api/vc/deals?q= with a broad term', () => {
  it('counts each status up to the cap and says so (countsCap), exactly below it, and exactly for a narrow term', async () => {
    const f = await newFund();
    const other = await newFund();
    // 2,300 names holding 'startup' (1,150 hot: the even numbers; 46 track: 7 mod 50; 23 cold: 3 mod 100;
    // 1,081 new), two without it, and another fund's.
    await db().execute(
      sql`insert into deals (fund_id, startup_name, source, status)
          select ${f.fundId}::uuid, 'Startup ' || g, 'upload',
            case when g % 2 = 0 then 'hot' when g % 50 = 7 then 'track' when g % 100 = 3 then 'cold' else 'new' end
          from generate_series(1, 2300) g`,
    );
    expect(CAP).toBeGreaterThan(46);
    expect(CAP).toBeLessThan(1150);
    await db().insert(deals).values(['Acme Robotics', 'Zephyr Labs'].map((startupName) => ({ fundId: f.fundId, startupName, source: 'upload' as const, status: 'track' as const })));
    await db().execute(sql`insert into deals (fund_id, startup_name, source, status) select ${other.fundId}::uuid, 'Startup ' || g, 'upload', 'track' from generate_series(1, 50) g`);

    const list = async (query: string) => {
      const res = await server.request('GET', `/api/vc/deals?${query}`, { token: f.token });
      expect(res.status).toBe(200);
      return res.body as { deals: { startupName: string; status: string }[]; counts: Counts; countsCap: number | null };
    };
    // The first page, a tab's page and its counts: each status counted up to the cap.
    const first = await list('q=STARTUP');
    expect(first.deals).toHaveLength(25);
    expect(first.deals.every((d) => /startup/i.test(d.startupName))).toBe(true);
    expect({ counts: first.counts, countsCap: first.countsCap }).toEqual({ counts: { all: CAP, hot: CAP, track: 46, cold: 23 }, countsCap: CAP });
    const hot = await list('q=startup&status=hot&limit=5');
    expect(hot.deals.map((d) => d.status)).toEqual(['hot', 'hot', 'hot', 'hot', 'hot']);
    expect({ counts: hot.counts, countsCap: hot.countsCap }).toEqual({ counts: first.counts, countsCap: CAP });
    // The cap never cuts the deals listed, only their count.
    expect((await listAll(f.token, 'q=startup&status=track')).length).toBe(46);
    expect((await listAll(f.token, 'q=startup&status=hot')).length).toBe(1150);

    // A broad term with fewer matches than the cap is counted exactly: 'tartup 30' is in 'Startup 30' and
    // 'Startup 300'-'309' (30, 300, 302, 304, 306 and 308 hot, 307 track, 303 cold).
    const fewer = await list('q=tartup%2030&limit=5');
    expect({ counts: fewer.counts, countsCap: fewer.countsCap }).toEqual({ counts: { all: 11, hot: 6, track: 1, cold: 1 }, countsCap: null });
    // A narrow term goes through the name index and is exact whatever its number of matches.
    const narrow = await list('q=robotics');
    expect({ names: narrow.deals.map((d) => d.startupName), counts: narrow.counts, countsCap: narrow.countsCap }).toEqual({
      names: ['Acme Robotics'],
      counts: { all: 1, hot: 0, track: 1, cold: 0 },
      countsCap: null,
    });
    // Without a search the counts are exact (deal_counts).
    const unfiltered = await list('limit=5');
    expect({ counts: unfiltered.counts, countsCap: unfiltered.countsCap }).toEqual({ counts: { all: 2302, hot: 1150, track: 48, cold: 23 }, countsCap: null });

    // The lowered text a broad term reads (search_lower) follows a rename: the deal is found by a broad term
    // and by a narrow one under its new name and sector, and no longer under its old name.
    await db().execute(sql`update deals set startup_name = 'ZEPHYR Startup', sector = 'Ocean Tech' where fund_id = ${f.fundId}::uuid and startup_name = 'Zephyr Labs'`);
    const renamed = await list('q=tartup&status=track&limit=100');
    expect(renamed.deals.filter((d) => !/^Startup \d+$/.test(d.startupName)).map((d) => d.startupName)).toEqual(['ZEPHYR Startup']);
    expect((await list('q=N%20TECH')).deals.map((d) => d.startupName)).toEqual(['ZEPHYR Startup']);
    expect((await list('q=labs')).deals).toEqual([]);
  });
});
