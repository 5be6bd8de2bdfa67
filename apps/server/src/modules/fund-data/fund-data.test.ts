import { FUND_DATA_MESSAGES } from '@fitscore/contracts';
import { decks, deals, fundMembers, funds, serverEvents } from '@fitscore/db';
import { count, eq, getTableName, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck, makeSolidDeck } from '../../../test/decks.ts';
import { setPlan } from '../../../test/plans.ts';
import { startTestS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, newFund, scoredDeal, settledLog } from '../intake/intake-test-kit.ts';
import { FUND_TABLES } from './fund-tables.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let s3: TestS3Server;
let server: TestServer;
beforeAll(async () => {
  s3 = await startTestS3Server();
  server = await startTestServer(s3.env);
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});
const db = () => server.database.handle.db;

/**
 * A fund with data in most of its tables, made the way users make it: an application through the
 * apply form (intake item, deal, deck, scoring, applicant email), a deck uploaded by the admin, a
 * comment, a status move, a member, an API key.
 */
async function fundWithData(name: string) {
  const fund = await newFund(server, { name });
  await setPlan(server, { fund: fund.fundId }, 'enterprise');
  const member = await signUp(server, 'vc', { name: `${name} Member` });
  await db().insert(fundMembers).values({ fundId: fund.fundId, userId: member.user.id, role: 'member' });

  const applied = await makePdfDeck([[`${name} Applied Co`, 'Robots for warehouses', 'Seed round']]);
  const sent = await server.request('POST', `/api/apply/${fund.slug}`, {
    raw: applyForm({ companyName: `${name} Applied Co`, email: 'ada@applied.example', website: 'applied.example', stage: 'Seed', fillMs: '5000' }, { bytes: applied, filename: 'applied deck.pdf' }),
  });
  expect(sent.status).toBe(201);
  const [item] = await settledLog(server, fund, 1);
  expect(item!.outcome).toBe('created');

  const uploaded = await makeSolidDeck();
  const form = new FormData();
  form.append('companyName', `${name} Uploaded Co`);
  form.append('file', new Blob([uploaded]), 'uploaded.pdf');
  const up = await server.request('POST', '/api/vc/deals/upload', { token: fund.token, raw: form });
  expect(up.status).toBe(202);
  const dealId = up.body.deal.id as string;
  await scoredDeal(server, fund, dealId);
  await scoredDeal(server, fund, item!.dealId!);
  expect((await server.request('POST', `/api/vc/deals/${dealId}/comments`, { token: fund.token, body: { body: 'Strong team, thin market' } })).status).toBe(201);
  expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'hot', note: 'call them' } })).status).toBe(200);
  const key = await server.request('POST', '/api/vc/api-keys', { token: fund.token, body: { name: 'CRM sync', scopes: ['deals:read'] } });
  expect(key.status).toBe(201);
  return { ...fund, name, member, apiKey: key.body.key as string, dealIds: [dealId, item!.dealId!], deckHashes: [sha256(applied), sha256(uploaded)].sort() };
}
type DataFund = Awaited<ReturnType<typeof fundWithData>>;

async function exportOf(token: string) {
  const res = await fetch(`${server.url}/api/vc/fund-data/export`, { headers: { authorization: `Token ${token}` } });
  expect(res.status).toBe(200);
  const zip = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
  const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { fund: { id: string }; tables: Record<string, number>; decks: { id: string; path: string }[] };
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const name of Object.keys(manifest.tables)) {
    const text = await zip.file(`data/${name}.jsonl`)!.async('string');
    tables[name] = text ? text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) : [];
  }
  return { res, zip, manifest, tables };
}

let a: DataFund;
let b: DataFund;
beforeAll(async () => {
  [a, b] = await Promise.all([fundWithData('Northwind'), fundWithData('Southwind')]);
}, 240_000);

describe('the fund’s data as one archive', () => {
  it('holds every table’s rows of this fund and none of another fund’s, the deck files byte for byte, no secrets', async () => {
    const { res, zip, manifest, tables } = await exportOf(a.token);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="northwind-data-\d{4}-\d{2}-\d{2}\.zip"/);

    // A JSON Lines file for every table of the registry, with as many rows as the manifest says.
    expect(Object.keys(manifest.tables)).toEqual(FUND_TABLES.map((t) => getTableName(t.table)));
    for (const [name, rows] of Object.entries(tables)) expect(rows, name).toHaveLength(manifest.tables[name]!);
    expect(manifest.fund.id).toBe(a.fundId);

    // The rows a user knows of, against the database.
    const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id).sort();
    expect(ids(tables.deals!)).toEqual([...a.dealIds].sort());
    const deckRows = await db().select({ id: decks.id }).from(decks).where(inArray(decks.dealId, a.dealIds));
    expect(ids(tables.decks!)).toEqual(deckRows.map((d) => d.id).sort());
    expect(tables.deal_comments!.map((c) => c.body)).toEqual(['Strong team, thin market']);
    expect(tables.deal_status_history!.map((h) => h.to_status)).toContain('hot');
    expect(tables.deal_activity!.length).toBeGreaterThan(0);
    expect(tables.intake_items!.map((i) => i.outcome)).toEqual(['created']);
    expect(tables.scoring_runs!.length).toBeGreaterThanOrEqual(2);
    expect(tables.fit_scores!.length).toBeGreaterThanOrEqual(1);
    expect(tables.deal_scores!.length).toBe(2);
    expect(tables.applicant_replies!.length).toBe(1);
    expect(tables.audit_events!.map((e) => e.action)).toEqual(expect.arrayContaining(['api_key.created', 'export.fund_archive']));
    expect(tables.fund_members!.map((m) => m.role).sort()).toEqual(['admin', 'member']);
    expect(tables.users!.map((u) => u.id)).toContain(a.member.user.id);
    expect(tables.api_keys!.map((k) => k.name)).toEqual(['CRM sync']);

    // Every row that names a fund names this one; nothing of the other fund appears anywhere.
    for (const [name, rows] of Object.entries(tables)) for (const row of rows) if ('fund_id' in row) expect(row.fund_id, name).toBe(a.fundId);
    const everything = (await Promise.all(Object.keys(zip.files).filter((f) => f.endsWith('.jsonl')).map((f) => zip.file(f)!.async('string')))).join('\n');
    for (const other of [b.fundId, ...b.dealIds, b.member.user.id]) expect(everything).not.toContain(other);
    // Secrets stay on the server.
    for (const secret of ['password_hash', 'token_hash', 'secret_sealed', 'client_secret_sealed', 'email_token', 'slack_webhook_url']) expect(everything).not.toContain(`"${secret}"`);

    // The deck files, byte for byte as uploaded.
    expect(manifest.decks).toHaveLength(2);
    const hashes = await Promise.all(manifest.decks.map(async (d) => sha256(await zip.file(d.path)!.async('uint8array'))));
    expect(hashes.sort()).toEqual(a.deckHashes);
  }, 60_000);

  it('is the Enterprise plan’s and its admins’: 401, 403 for a member, 402 with the upgrade prompt on Pro', async () => {
    expect((await server.request('GET', '/api/vc/fund-data/export')).status).toBe(401);
    // The link's download without a ticket is a 401 from the ticket check, never a 400 from its query.
    expect((await server.request('GET', '/api/vc/fund-data/export/download')).status).toBe(401);
    expect((await server.request('GET', '/api/vc/fund-data/export', { token: a.member.token })).status).toBe(403);
    const pro = await newFund(server, { name: 'Prowind' });
    await setPlan(server, { fund: pro.fundId }, 'pro');
    const refused = await server.request('GET', '/api/vc/fund-data/export', { token: pro.token });
    expect([refused.status, refused.body.error]).toEqual([402, FUND_DATA_MESSAGES.enterpriseRequired]);
    const deletion = await server.request('POST', '/api/vc/fund-data/deletion', { token: pro.token, body: { confirm_name: 'Prowind' } });
    expect([deletion.status, deletion.body.error]).toEqual([402, FUND_DATA_MESSAGES.enterpriseRequired]);
  });
});

describe('the archive’s download link (the browser saves it to disk by itself)', () => {
  /** A link's path and ticket, fetched from this test server (the link names the public API address). */
  const download = (url: string) => fetch(`${server.url}${new URL(url).pathname}${new URL(url).search}`);
  const link = (token: string) => server.request('POST', '/api/vc/fund-data/export/link', { token });

  /** The fund's audit log entries of archive downloads through a link. */
  const linkExports = async (token: string) =>
    ((await server.request('GET', '/api/vc/audit?group=export', { token })).body.items as Array<{ action: string; details: { via?: string } | null }>).filter(
      (e) => e.action === 'export.fund_archive' && e.details?.via === 'link',
    );

  it('opens the archive once without the session header, within a minute, while its session is live and its maker an admin', async () => {
    const exportsBefore = (await linkExports(a.token)).length;
    const made = await link(a.token);
    expect(made.status).toBe(200);
    expect(new URL(made.body.url).pathname).toBe('/api/vc/fund-data/export/download');
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    // A link made is no export yet: the audit log records the download, for the admin who made the link.
    expect(await linkExports(a.token)).toHaveLength(exportsBefore);
    const res = await download(made.body.url);
    expect(res.status).toBe(200);
    const exportsAfter = await linkExports(a.token);
    expect(exportsAfter).toHaveLength(exportsBefore + 1);
    expect(exportsAfter[0]).toMatchObject({ actor: { id: a.userId, email: a.email }, target: 'all data', ip: expect.stringMatching(/127\.0\.0\.1|::1/) });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="northwind-data-/);
    const zip = await JSZip.loadAsync(new Uint8Array(await res.arrayBuffer()));
    expect(JSON.parse(await zip.file('manifest.json')!.async('string')).fund.id).toBe(a.fundId);

    // Once: opened again (from the browser's history, a proxy's log), the link opens nothing.
    const reused = await download(made.body.url);
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { error: string }).error).toBe(FUND_DATA_MESSAGES.linkUsed);

    // A changed ticket opens nothing.
    const forged = new URL(made.body.url);
    forged.searchParams.set('ticket', `${forged.searchParams.get('ticket')!.slice(0, -2)}xx`);
    const refused = await download(forged.toString());
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe(FUND_DATA_MESSAGES.linkExpired);

    // Signed out: the session's links end with it.
    const again = await server.request('POST', '/user/login/', { body: { email: a.email, password: a.password, type: 'vc' } });
    const signedOut = await link(again.body.token);
    expect((await server.request('POST', '/user/logout/', { token: again.body.token })).status).toBe(200);
    expect((await download(signedOut.body.url)).status).toBe(401);

    // Made by an admin who is a member now: refused when opened.
    await db().update(fundMembers).set({ role: 'admin' }).where(eq(fundMembers.userId, a.member.user.id));
    const demoted = await link(a.member.token);
    expect(demoted.status).toBe(200);
    await db().update(fundMembers).set({ role: 'member' }).where(eq(fundMembers.userId, a.member.user.id));
    expect((await download(demoted.body.url)).status).toBe(403);
  }, 60_000);

  it('is made for the fund’s admins on Enterprise only: 401, 403 for a member, 402 on Pro', async () => {
    expect((await server.request('POST', '/api/vc/fund-data/export/link')).status).toBe(401);
    expect((await link(a.member.token)).status).toBe(403);
    const pro = await newFund(server, { name: 'Prowind Links' });
    await setPlan(server, { fund: pro.fundId }, 'pro');
    const refused = await link(pro.token);
    expect([refused.status, refused.body.error]).toEqual([402, FUND_DATA_MESSAGES.enterpriseRequired]);
  });
});

describe('deleting the fund', () => {
  const schedule = (token: string, confirm_name: unknown) => server.request('POST', '/api/vc/fund-data/deletion', { token, body: { confirm_name } });
  const status = async (token: string) => (await server.request('GET', '/api/vc/fund-data/deletion', { token })).body;

  it('needs the fund’s name typed by an admin; is scheduled after the grace period, shown to members, and cancellable', async () => {
    expect((await server.request('POST', '/api/vc/fund-data/deletion', { body: { confirm_name: 'Northwind' } })).status).toBe(401);
    expect((await schedule(a.member.token, 'Northwind')).status).toBe(403);
    expect(await schedule(a.token, 'northwind')).toMatchObject({ status: 400, body: { error: FUND_DATA_MESSAGES.nameMismatch } });
    expect(await schedule(a.token, '')).toMatchObject({ status: 400, body: { error: FUND_DATA_MESSAGES.confirmRequired } });
    expect((await schedule(a.token, 42)).status).toBe(400);
    expect(await status(a.token)).toEqual({ deletion: null, graceHours: 168 });

    const before = Date.now();
    const scheduled = await schedule(a.token, ' Northwind ');
    expect(scheduled.status).toBe(202);
    const purgeAfter = Date.parse(scheduled.body.deletion.purgeAfter);
    expect(purgeAfter - before).toBeGreaterThanOrEqual(168 * HOUR_MS - 1000);
    expect(purgeAfter - Date.now()).toBeLessThanOrEqual(168 * HOUR_MS);
    expect(await status(a.member.token)).toMatchObject({ deletion: { purgeAfter: scheduled.body.deletion.purgeAfter, requestedBy: { name: 'Test vc' } } });
    expect(await schedule(a.token, 'Northwind')).toMatchObject({ status: 409, body: { error: FUND_DATA_MESSAGES.alreadyScheduled } });

    // Not before the grace period is over: the fund is whole a moment before it ends.
    expect(await server.app.fundData.purgeDue(new Date(purgeAfter - 1))).toEqual([]);
    expect((await server.request('GET', '/api/vc/deals', { token: a.token })).status).toBe(200);

    expect((await server.request('DELETE', '/api/vc/fund-data/deletion', { token: a.member.token })).status).toBe(403);
    const cancelled = await server.request('DELETE', '/api/vc/fund-data/deletion', { token: a.token });
    expect([cancelled.status, cancelled.body.deletion]).toEqual([200, null]);
    expect(await server.request('DELETE', '/api/vc/fund-data/deletion', { token: a.token })).toMatchObject({ status: 409, body: { error: FUND_DATA_MESSAGES.notScheduled } });
    // A cancelled deletion is not purged when its time comes.
    expect(await server.app.fundData.purgeDue(new Date(purgeAfter + HOUR_MS))).toEqual([]);

    const audit = (await server.request('GET', '/api/vc/audit?group=fund', { token: a.token })).body.items as { action: string; target: string | null }[];
    expect(audit.map((e) => e.action)).toEqual(['fund.deletion_cancelled', 'fund.deletion_scheduled']);
  });

  it('removes every row and file of the fund and nothing of another fund once due; its members lose access at once', async () => {
    const scheduled = await schedule(a.token, 'Northwind');
    expect(scheduled.status).toBe(202);
    const purgeAfter = Date.parse(scheduled.body.deletion.purgeAfter);

    // A deal-import CSV uploaded and never started keeps its file until the import runs.
    const importFile = async (token: string) => {
      const form = new FormData();
      form.append('file', new Blob(['Company,Website\nAcme,acme.example\n'], { type: 'text/csv' }), 'deals.csv');
      const res = await server.request('POST', '/api/vc/deal-imports', { token, raw: form });
      expect(res.status).toBe(201);
      return `deal-imports/${res.body.id}.csv`;
    };
    const aImport = await importFile(a.token);
    const bImport = await importFile(b.token);
    const mine = await exportOf(a.token);
    const others = await exportOf(b.token);
    const totals = async () => {
      const out: Record<string, number> = {};
      for (const t of FUND_TABLES) out[getTableName(t.table)] = (await db().select({ n: count() }).from(t.table))[0]!.n;
      return out;
    };
    const totalsBefore = await totals();
    const keysBefore = await s3.keys();
    expect(keysBefore).toEqual(expect.arrayContaining([aImport, bImport]));
    const deckKeys = async (dealIds: string[]) => (await db().select({ key: decks.blobKey }).from(decks).where(inArray(decks.dealId, dealIds))).map((d) => d.key);
    const aKeys = await deckKeys(a.dealIds);
    const bKeys = await deckKeys(b.dealIds);
    expect(keysBefore).toEqual(expect.arrayContaining([...aKeys, ...bKeys]));
    const aPages = keysBefore.filter((k) => mine.manifest.decks.some((d) => k.startsWith(`page-images/${d.id}/`)));

    // What was pushed live to the fund and its members (deal names, scores) is in the event log.
    const pushedTo = (id: string) => db().select({ id: serverEvents.id }).from(serverEvents).where(eq(serverEvents.audienceId, id));
    expect((await pushedTo(a.fundId)).length).toBeGreaterThan(0);
    const othersPushed = (await pushedTo(b.fundId)).length;
    expect(othersPushed).toBeGreaterThan(0);

    expect(await server.app.fundData.purgeDue(new Date(purgeAfter + 1000))).toEqual([a.fundId]);

    // Every row of the fund is gone, and only those: each table lost exactly the fund's rows.
    const totalsAfter = await totals();
    for (const [name, before] of Object.entries(totalsBefore)) {
      // The members' accounts stay (people, who may join another fund); their sessions end.
      const expected = name === 'users' ? before : before - mine.manifest.tables[name]!;
      expect(totalsAfter[name], name).toBe(expected);
    }
    expect(await db().select().from(funds).where(eq(funds.id, a.fundId))).toEqual([]);
    expect(await db().select().from(deals).where(eq(deals.fundId, a.fundId))).toEqual([]);
    // The event log goes with it at once (not 24 hours later); the other fund's stays.
    for (const id of [a.fundId, a.userId, a.member.user.id]) expect(await pushedTo(id), id).toEqual([]);
    expect((await pushedTo(b.fundId)).length).toBe(othersPushed);
    // Its files are gone; the other fund's are not.
    const keysAfter = await s3.keys();
    for (const key of [...aKeys, ...aPages, aImport]) expect(keysAfter).not.toContain(key);
    expect(keysAfter).toEqual(expect.arrayContaining([...bKeys, bImport]));
    const aPayloads = mine.tables.intake_items!.flatMap((i) => (typeof i.payload_key === 'string' ? [i.payload_key] : []));
    for (const key of aPayloads) expect(keysAfter).not.toContain(key);
    expect(keysAfter.length).toBe(keysBefore.length - aKeys.length - aPages.length - aPayloads.length - 1);

    // Sessions, API keys: refused at once.
    expect((await server.request('GET', '/api/vc/deals', { token: a.token })).status).toBe(401);
    expect((await server.request('GET', '/api/vc/deals', { token: a.member.token })).status).toBe(401);
    expect((await server.request('GET', '/api/v1/deals', { headers: { authorization: `Bearer ${a.apiKey}` } })).status).toBe(401);

    // The other fund is as it was (its audit log has one more export in it).
    const othersAfter = await exportOf(b.token);
    for (const name of Object.keys(others.tables)) {
      if (name === 'audit_events') expect(othersAfter.tables[name]).toEqual(expect.arrayContaining(others.tables[name]!));
      else expect(othersAfter.tables[name], name).toEqual(others.tables[name]);
    }
  }, 60_000);
});
