import { MAX_ACTIVE_SHARE_LINKS, SHARE_LINK_GONE } from '@fitscore/contracts';
import { shareLinks } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makeSolidDeck, validProfile } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { NOTHING_TO_SHARE } from './share-links.service.ts';
import { settledRun } from '../../../test/scoring-waits.ts';

let server: TestServer;
let deck: Uint8Array;
beforeAll(async () => {
  server = await startTestServer({ JOB_POLL_MS: '100', PUBLIC_WEB_URL: 'https://app.fitscore.test' });
  deck = await makeSolidDeck();
});
afterAll(() => server.close());

async function score(token: string) {
  const start = await server.request('POST', '/founder/score/start/', { token });
  expect(start.status).toBe(202);
  const run = await settledRun(server, token, start.body.run.id);
  if (run.status !== 'done') throw new Error(`scoring ${run.status}: ${run.error}`);
  return (await server.request('GET', '/founder/score/', { token })).body.score;
}

/** A founder with a profile, a deck and a finished score, set up the way the web app does it. */
async function scoredFounder(profile: Record<string, unknown> = {}) {
  const user = await signUp(server, 'founder');
  await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile(profile) });
  const up = await server.request('POST', '/founder/deck/upload/', { token: user.token, raw: fileForm(deck, 'deck.pdf') });
  expect(up.status).toBe(201);
  return { ...user, score: await score(user.token) };
}

const tokenOf = (url: string) => url.split('/share/')[1]!;
const openPublic = (token: string, headers: Record<string, string> = {}) =>
  server.request('GET', `/public/share/${token}/`, { headers });

describe('share links', () => {
  let founder: Awaited<ReturnType<typeof scoredFounder>>;
  beforeAll(async () => {
    founder = await scoredFounder({ startup_name: 'Shared Robotics' });
  });

  it('creates a link to the latest score with an unguessable token, listed with its views', async () => {
    const created = await server.request('POST', '/founder/share-links/', { token: founder.token });
    expect(created.status).toBe(201);
    const link = created.body.link;
    expect(link.url).toMatch(/^https:\/\/app\.fitscore\.test\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      views: 0,
      last_viewed_at: null,
      revoked_at: null,
      expires_at: null,
      score: { id: founder.score.id, overall: founder.score.overall },
    });

    // Listed without its URL: only the token's hash is kept.
    const list = await server.request('GET', '/founder/share-links/', { token: founder.token });
    expect(list.status).toBe(200);
    expect(list.body.links[0]).toEqual({ ...link, url: null });
    const [stored] = await server.database.handle.db.select({ token: shareLinks.tokenHash }).from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(stored!.token).toBe(createHash('sha256').update(tokenOf(link.url)).digest('hex'));
    expect(JSON.stringify(await server.database.handle.db.select().from(shareLinks))).not.toContain(tokenOf(link.url));
  });

  it('the public page works without signing in and counts each view (not the owner’s own)', async () => {
    const { link } = (await server.request('POST', '/founder/share-links/', { token: founder.token })).body;
    const first = await openPublic(tokenOf(link.url));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.company).toEqual({
      startupName: 'Shared Robotics',
      oneLiner: 'Warehouse picking robots for mid-size retailers',
      industry: 'AI/ML',
      stage: 'Seed',
      hqGeo: 'Berlin, Germany',
    });
    // Exactly what the shared page renders: no ids, facts, sections, contradictions or private metrics.
    const shared = first.body.score;
    const a = founder.score.analysis;
    expect(Object.keys(shared).sort()).toEqual(['analysis', 'createdAt', 'deck', 'overall']);
    expect(shared.deck).toEqual({ version: founder.score.deck.version, filename: null });
    expect(Object.keys(shared.analysis).sort()).toEqual(
      ['confidence', 'deck', 'doNext', 'insights', 'keyMetrics', 'label', 'overall', 'stage', 'strengths', 'subScores'].sort(),
    );
    expect(shared.analysis.keyMetrics).toEqual({ ...a.keyMetrics, burn: null, cash: null, runwayMonths: null });
    // The quotes the breakdown shows, and no more.
    for (const [key, detail] of Object.entries<{ evidence: unknown[] }>(shared.analysis.subScores)) {
      const expected = a.subScores[key].evidence.map((e: { source: string; page: number | null; quote: string }) => ({
        source: e.source,
        page: e.page,
        quote: e.quote,
      }));
      expect(detail.evidence).toEqual(expected);
    }
    const body = JSON.stringify(first.body);
    expect(body).not.toContain(founder.score.id);
    expect(body).not.toMatch(/contradictions|"facts"|"sections"|factId|engineVersion|engine_version/);
    expect(first.body.sharedAt).toBe(link.created_at);
    await openPublic(tokenOf(link.url));
    // The founder checking their own link is not a view.
    await openPublic(tokenOf(link.url), { authorization: `Token ${founder.token}` });

    const listed = (await server.request('GET', '/founder/share-links/', { token: founder.token })).body.links.find(
      (l: { id: string }) => l.id === link.id,
    );
    expect(listed.views).toBe(2);
    expect(Date.parse(listed.last_viewed_at)).toBeGreaterThanOrEqual(Date.parse(link.created_at));
  });

  it('keeps showing the score it was created from after a rescore', async () => {
    const { link: old } = (await server.request('POST', '/founder/share-links/', { token: founder.token })).body;
    const rescored = await score(founder.token);
    expect(rescored.id).not.toBe(founder.score.id);
    expect((await openPublic(tokenOf(old.url))).body.score.createdAt).toBe(founder.score.createdAt);
    const { link: fresh } = (await server.request('POST', '/founder/share-links/', { token: founder.token })).body;
    expect(fresh.score.id).toBe(rescored.id);
    expect((await openPublic(tokenOf(fresh.url))).body.score.createdAt).toBe(rescored.createdAt);
  });

  it('a revoked link answers 404 “This link is no longer available.”, and so does an unknown one', async () => {
    const { link } = (await server.request('POST', '/founder/share-links/', { token: founder.token })).body;
    expect((await openPublic(tokenOf(link.url))).status).toBe(200);
    const revoked = await server.request('DELETE', `/founder/share-links/${link.id}/`, { token: founder.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.link.revoked_at).not.toBeNull();

    for (const token of [tokenOf(link.url), randomBytes(32).toString('base64url'), 'short', 'x'.repeat(90)]) {
      const res = await openPublic(token);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', error: SHARE_LINK_GONE });
    }
    // Still listed, as revoked, with the views it had.
    const listed = (await server.request('GET', '/founder/share-links/', { token: founder.token })).body.links;
    expect(listed.find((l: { id: string }) => l.id === link.id)).toMatchObject({ views: 1, revoked_at: revoked.body.link.revoked_at });
  });

  it('one founder can neither list nor revoke another’s links', async () => {
    const { link } = (await server.request('POST', '/founder/share-links/', { token: founder.token })).body;
    const other = await signUp(server, 'founder');
    expect((await server.request('GET', '/founder/share-links/', { token: other.token })).body.links).toEqual([]);
    for (const id of [link.id, 'not-a-uuid']) {
      const res = await server.request('DELETE', `/founder/share-links/${id}/`, { token: other.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Share link not found');
    }
    expect((await openPublic(tokenOf(link.url))).status).toBe(200);
  });

  it('needs a score to share, and a signed-in founder to manage links', async () => {
    const fresh = await signUp(server, 'founder');
    const res = await server.request('POST', '/founder/share-links/', { token: fresh.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(NOTHING_TO_SHARE);
    expect((await server.request('GET', '/founder/share-links/')).status).toBe(401);
    const vc = await signUp(server, 'vc');
    expect((await server.request('POST', '/founder/share-links/', { token: vc.token })).status).toBe(403);
  });

  it('expires after the days chosen; a choice other than 7, 30, 90 or never is refused', async () => {
    const res = await server.request('POST', '/founder/share-links/', { token: founder.token, body: { expires_in_days: 7 } });
    expect(res.status).toBe(201);
    const { link } = res.body;
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect((await openPublic(tokenOf(link.url))).status).toBe(200);

    await server.database.handle.db
      .update(shareLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(shareLinks.id, link.id));
    const gone = await openPublic(tokenOf(link.url));
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(SHARE_LINK_GONE);

    for (const expires_in_days of [5, 0, '30', -7]) {
      const bad = await server.request('POST', '/founder/share-links/', { token: founder.token, body: { expires_in_days } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('A link expires after 7, 30 or 90 days, or never (null)');
    }
  });

  it('never lets parallel requests pass the cap of active links', async () => {
    const racer = await scoredFounder();
    // Two servers on the same database, behind a proxy that says the client is an address of its own:
    // the per-address limit of 30 creates a minute is counted for both together (ADR 0043), and this
    // address has used none of it.
    const behindProxy = { TRUST_PROXY: 'loopback' };
    const [one, two] = [await startTestServer(behindProxy, undefined, server.database), await startTestServer(behindProxy, undefined, server.database)];
    const headers = { 'x-forwarded-for': '203.0.113.30' };
    try {
      const statuses = await Promise.all(
        Array.from({ length: MAX_ACTIVE_SHARE_LINKS + 8 }, (_, i) =>
          (i % 2 ? one : two).request('POST', '/founder/share-links/', { token: racer.token, headers }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_ACTIVE_SHARE_LINKS);
      expect(statuses.filter((s) => s === 409)).toHaveLength(8);
    } finally {
      await one.close();
      await two.close();
    }
    const live = (await server.request('GET', '/founder/share-links/', { token: racer.token })).body.links;
    expect(live).toHaveLength(MAX_ACTIVE_SHARE_LINKS);
  });

  it('a link made before tokens were hashed and names were camelCase keeps opening once the migrations ran', async () => {
    const token = randomBytes(32).toString('base64url');
    const db = server.database.handle.db;
    // The snapshot as links stored it before: snake_case company and score envelope.
    const company = { startup_name: 'Legacy Co', one_liner: 'Old words', industry: null, stage: null, hq_geo: 'Paris' };
    const { createdAt, engineVersion, ...rest } = founder.score;
    const score = { ...rest, created_at: createdAt, engine_version: engineVersion };
    await db.insert(shareLinks).values({ userId: founder.user.id, tokenHash: token, scoreId: founder.score.id, snapshot: { company, score } });
    expect((await openPublic(token)).status).toBe(404);

    const statements = (file: string) =>
      readFileSync(new URL(`../../../../../packages/db/migrations/${file}`, import.meta.url), 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) => statement.includes('UPDATE'));
    for (const statement of [...statements('0009_share_link_token_hash_expiry.sql'), ...statements('0010_share_snapshot_camel_case.sql')]) {
      await db.execute(sql.raw(statement));
    }
    const opened = await openPublic(token);
    expect(opened.status).toBe(200);
    expect(opened.body.company).toEqual({ startupName: 'Legacy Co', oneLiner: 'Old words', industry: null, stage: null, hqGeo: 'Paris' });
    expect(opened.body.score.createdAt).toBe(founder.score.createdAt);
    const listed = (await server.request('GET', '/founder/share-links/', { token: founder.token })).body.links;
    expect(listed.find((l: { score: { created_at: string } }) => l.score.created_at === founder.score.createdAt)).toBeTruthy();
  });

  it('limits public views per address, on every server', async () => {
    // Two servers on one PostgreSQL database behind a proxy (the embedded database has one server:
    // only one process can open it), and an address that has viewed nothing yet.
    const behindProxy = { TRUST_PROXY: 'loopback' };
    const one = await startTestServer(behindProxy, undefined, server.database);
    const two = process.env.TEST_DATABASE_URL ? await startTestServer(behindProxy, undefined, server.database) : one;
    const headers = { 'x-forwarded-for': '203.0.113.60' };
    try {
      const token = randomBytes(32).toString('base64url');
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await (i % 2 ? one : two).request('GET', `/public/share/${token}/`, { headers })).status);
      expect(statuses.every((s) => s === 404)).toBe(true);
      // The 61st is refused by either server: they count the address's views together.
      expect((await two.request('GET', `/public/share/${token}/`, { headers })).status).toBe(429);
      const refused = await one.request('GET', `/public/share/${token}/`, { headers });
      expect(refused.status).toBe(429);
      // How long to wait, in seconds, within the minute's window.
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
    } finally {
      await one.close();
      if (two !== one) await two.close();
    }
  });
});
