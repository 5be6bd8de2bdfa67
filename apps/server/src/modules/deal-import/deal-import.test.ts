import { IMPORT_ALREADY_RUNNING, type DealImport } from '@fitscore/contracts';
import { deals, fundMembers } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSolidDeck } from '../../../test/decks.ts';
import { messyDealsCsv } from '../../../test/messy-deals-csv.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JOB_POLL_MS: '200' });
}, 300_000);
afterAll(() => server.close());

const db = () => server.database.handle.db;

async function newFund(name: string) {
  const vc = await signUp(server, 'vc', { name });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: `${name} Fund`, website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, email: vc.email, fundId: res.body.profile.id as string, userId: vc.user.id as string };
}

function csvForm(csv: string | Uint8Array, name = 'deals.csv') {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), name);
  return form;
}

const upload = (token: string, csv: string | Uint8Array) => server.request('POST', '/api/vc/deal-imports', { token, raw: csvForm(csv) });
const stageNames = async (token: string) => ((await server.request('GET', '/api/vc/stages', { token })).body.stages as { name: string }[]).map((s) => s.name);

async function finished(token: string, id: string) {
  return pollUntil(
    async () => {
      const res = await server.request<DealImport>('GET', `/api/vc/deal-imports/${id}`, { token });
      return res.body.status === 'done' || res.body.status === 'failed' ? res.body : null;
    },
    { timeoutMs: 120_000, intervalMs: 200, what: 'the import to finish' },
  );
}

describe('importing the deal flow from a CSV (issue 31 point 5)', () => {
  it('answers 401 without a session and 403 to a founder, before reading anything', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await server.request('POST', '/api/vc/deal-imports', { raw: csvForm('a,b\n1,2') })).status).toBe(401);
    expect((await server.request('GET', '/api/vc/deal-imports/current')).status).toBe(401);
    expect((await server.request('POST', `/api/vc/deal-imports/${id}/start`, { body: {} })).status).toBe(401);
    expect((await server.request('GET', `/api/vc/deal-imports/${id}/report.csv`)).status).toBe(401);
    const founder = await signUp(server, 'founder');
    expect((await upload(founder.token, 'a,b\n1,2')).status).toBe(403);
  });

  it('imports a messy 2,000-row export: stages, owners, dates, tags, notes as comments, duplicates merged, refusals with reasons', async () => {
    const f = await newFund('Importer');
    const colleague = await signUp(server, 'vc', { name: 'Cora Colleague' });
    await db().insert(fundMembers).values({ fundId: f.fundId, userId: colleague.user.id, role: 'member' });
    const stages = await stageNames(f.token);
    const messy = messyDealsCsv({
      rows: 2000,
      memberEmails: [f.email, colleague.email],
      stageNames: stages,
      // One row's deck is on a private address: refused by the SSRF rules, the row still imported.
      deckUrl: (row) => (row === 7 ? 'https://127.0.0.1/deck.pdf' : null),
    });
    // Already in the pipeline from the apply form: the file's row 11 is the same company (by website).
    const [existing] = await db()
      .insert(deals)
      .values({ fundId: f.fundId, startupName: 'Older Name', website: 'quill-robotics-11.io/about', source: 'form' })
      .returning();

    const other = await upload(f.token, 'Company\nSolo Co\n');
    const up = await upload(f.token, messy.csv);
    expect(up.status).toBe(201);
    const imp = up.body as DealImport;
    expect(imp.totalRows).toBe(2000);
    expect(imp.columns[0]).toBe('Organization Name');
    expect(imp.mapping).toEqual({ company: 0, website: 1, stage: 2, owner: 3, date: 4, tags: 5, notes: 6, deck: 7, sector: 8, geography: 9 });

    const preview = await server.request('POST', `/api/vc/deal-imports/${imp.id}/preview`, { token: f.token, body: { mapping: imp.mapping } });
    expect(preview.status).toBe(200);
    const [first, second, third, fourth, fifth] = preview.body.rows;
    expect(first).toMatchObject({ row: 1, company: 'Quill Labs 1', stage: stages[1], owner: 'Cora Colleague', date: '2024-02-02T00:00:00.000Z', tags: ['climate', 'hardware'], warnings: [] });
    // Stage names in another case are the fund's stages; an owner who is not a member is said so.
    expect(second).toMatchObject({ company: 'Atlas Labs 2', stage: stages[2], owner: null, date: '2023-03-03T00:00:00.000Z' });
    expect(second.warnings).toEqual(['Owner "former.partner@oldfund.com" is not a member of your fund: left unassigned']);
    expect(third).toMatchObject({ company: 'Ember Labs 3', date: '2024-04-04T00:00:00.000Z', tags: ['b2b', 'seed', 'warm intro'] });
    expect(fourth).toMatchObject({ owner: 'Importer', date: '2023-05-05T09:30:00.000Z' });
    expect(fifth).toMatchObject({ date: null, warnings: ['Date "sometime last spring" not understood: dated today'] });
    expect(fifth.notes).toBe('Met at demo day, liked the team. Said "we\'ll close, soon"\nFollow up in Q2');

    const started = await server.request('POST', `/api/vc/deal-imports/${imp.id}/start`, { token: f.token, body: { mapping: imp.mapping } });
    expect(started.status).toBe(202);
    // One import at a time per fund.
    const refusedStart = await server.request('POST', `/api/vc/deal-imports/${other.body.id}/start`, { token: f.token, body: { mapping: { company: 0 } } });
    expect(refusedStart.status).toBe(409);
    expect(refusedStart.body.error).toBe(IMPORT_ALREADY_RUNNING);

    const done = await finished(f.token, imp.id);
    expect(done.status).toBe('done');
    expect(done.processed).toBe(2000);
    expect(done.refused).toBe(messy.expected.refused);
    expect(done.merged).toBe(messy.expected.merged + 1);
    expect(done.imported).toBe(messy.expected.imported - 1);
    expect(done.refusedRows[0]).toMatchObject({ row: 50, company: '', outcome: 'refused', reason: 'No company name' });

    // The deals, as the pipeline lists them.
    const list = await server.request('GET', '/api/vc/deals?limit=5', { token: f.token });
    expect(list.body.counts.all).toBe(messy.expected.imported);
    const rows = await db().select().from(deals).where(eq(deals.fundId, f.fundId));
    const byName = (n: string) => rows.find((d) => d.startupName === n)!;
    const one = byName('Quill Labs 1');
    expect(one.source).toBe('import');
    expect(one.ownerUserId).toBe(colleague.user.id);
    expect(one.createdAt.toISOString()).toBe('2024-02-02T00:00:00.000Z');
    expect(one.tags).toEqual(['climate', 'hardware']);
    expect(one.pipelineStageId).not.toBeNull();
    // Row 11 merged into the deal already there, by website, nothing of it overwritten.
    expect(rows.filter((d) => /quill-robotics-11(?!\d)/.test(d.website))).toHaveLength(1);
    expect(byName('Older Name').id).toBe(existing!.id);
    expect(rows.some((d) => d.startupName === messy.companyOf(11))).toBe(false);
    // A row repeating an earlier company (another case, ', Inc.') is merged, not doubled.
    const row43 = messy.companyOf(43).toLowerCase();
    expect(messy.companyOf(80).toLowerCase()).toBe(`${row43}, inc.`);
    // (not row 430-439, whose names start with the same letters and digits)
    expect(rows.filter((d) => d.startupName.toLowerCase().startsWith(row43) && !/^\d/.test(d.startupName.slice(row43.length)))).toHaveLength(1);

    // Notes became comments by the importer.
    const comments = await server.request('GET', `/api/vc/deals/${one.id}/comments`, { token: f.token });
    expect(comments.body.comments.map((c: { body: string }) => c.body)).toEqual(['Intro via Atlas Labs 2, strong founder']);

    // The report: every row with what became of it; the private deck address refused.
    const seven = await pollUntil(async () => {
      const report = await server.request('GET', `/api/vc/deal-imports/${imp.id}/report.csv`, { token: f.token });
      const line = (report.body as string).split('\r\n').find((l) => l.startsWith('7,'));
      return line && !line.includes('Being fetched') ? { report: report.body as string, line } : null;
    }, { what: "row 7's deck result" });
    expect(seven.line).toContain('Deck addresses must be public');
    const lines = seven.report.trim().split('\r\n');
    // (the client's text decoding takes the BOM off: spreadsheets see it)
    expect(lines[0]!.replace(/^\uFEFF/, '')).toBe('Row,Company,Outcome,Reason,Deck URL,Deck,Deal ID');
    expect(lines.filter((l) => /^\d+,/.test(l))).toHaveLength(2000);
    expect(lines.find((l) => l.startsWith('50,'))).toContain('refused,No company name');
    // A stage the fund does not have: imported in its first stage, and said so.
    expect(lines.find((l) => l.startsWith('9,'))).toContain(`imported,"Stage ""Legacy Pipeline"" is not one of your stages: put in ${stages[0]}"`);
  }, 360_000);

  it('finds the same company among hundreds whose names start alike, by name and by website', async () => {
    const f = await newFund('Alike');
    const names = Array.from({ length: 260 }, (_, i) => `Tonic Labs ${i + 1},https://tonic-${i + 1}.io`);
    // Then rows repeating row 250 (another case, a legal suffix) and row 240 (by website only); and in
    // the same batch a company first without a website, then by name with one, then by that website.
    const csv =
      `Company,Website\n${names.join('\n')}\n"TONIC LABS 250, Inc.",\nTonic Two,https://www.Tonic-240.io/about\n` +
      `Helix,\n"HELIX, Ltd",https://helix.bio\nHelix Biosciences,helix.bio/team\n`;
    const up = await upload(f.token, csv);
    expect(up.status).toBe(201);
    const started = await server.request('POST', `/api/vc/deal-imports/${up.body.id}/start`, { token: f.token, body: { mapping: up.body.mapping } });
    expect(started.status).toBe(202);
    const done = await finished(f.token, up.body.id);
    expect(done).toMatchObject({ status: 'done', imported: 261, merged: 4, refused: 0 });
    const rows = await db().select().from(deals).where(eq(deals.fundId, f.fundId));
    expect(rows).toHaveLength(261);
    expect(rows.filter((d) => d.startupName.startsWith('Helix') || d.startupName.startsWith('HELIX'))).toMatchObject([{ startupName: 'Helix', website: 'https://helix.bio' }]);
    expect(rows.filter((d) => d.startupName.toLowerCase().startsWith('tonic labs 250'))).toHaveLength(1);
    expect(rows.some((d) => d.startupName === 'Tonic Two')).toBe(false);
  }, 120_000);

  it('refuses a mapping without the company column, and a column the file does not have', async () => {
    const f = await newFund('Mapper');
    const up = await upload(f.token, 'Name,Stage\nAcme,Hot\n');
    expect(up.status).toBe(201);
    let res = await server.request('POST', `/api/vc/deal-imports/${up.body.id}/start`, { token: f.token, body: { mapping: { stage: 1 } } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Choose the column that holds the company name');
    res = await server.request('POST', `/api/vc/deal-imports/${up.body.id}/preview`, { token: f.token, body: { mapping: { company: 0, stage: 5 } } });
    expect(res.status).toBe(400);
    // Another fund's import is not found.
    const g = await newFund('Other');
    expect((await server.request('GET', `/api/vc/deal-imports/${up.body.id}`, { token: g.token })).status).toBe(404);
  });

  it('bounds the upload while reading it: too many rows and too many bytes are refused, nothing stored', async () => {
    const f = await newFund('Bounded');
    const rows = `Company\n${Array.from({ length: 50_001 }, (_, i) => `Co ${i}`).join('\n')}\n`;
    const tooMany = await upload(f.token, rows);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error).toMatch(/at most 50,000 rows/);
    const note = 'n'.repeat(1000);
    const tooBig = await upload(f.token, `Company,Notes\n${Array.from({ length: 21_000 }, (_, i) => `Co ${i},${note}`).join('\n')}\n`);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('The file is larger than 20 MB');
    expect((await server.request('GET', '/api/vc/deal-imports/current', { token: f.token })).body.import).toBeNull();
  });
});

describe('a deck URL in the file', () => {
  let open: TestServer;
  let files: Server;
  let filesUrl = '';
  beforeAll(async () => {
    // Private addresses allowed (as ALERT_WEBHOOK_ALLOW_PRIVATE does for tests and closed networks), to reach a local file server.
    open = await startTestServer({ JOB_POLL_MS: '200', ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' });
    const deck = await makeSolidDeck();
    files = createServer((req, res) => {
      if (req.url === '/decks/acme.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(deck);
      else if (req.url === '/moved') res.writeHead(302, { location: '/decks/acme.pdf' }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>DocSend viewer</html>');
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    const address = files.address();
    filesUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 300_000);
  afterAll(async () => {
    await open.close();
    await new Promise((resolve) => files.close(resolve));
  });

  it('fetches the deck, stores it on the deal and queues its scoring; a web page is reported, its link kept as a comment', async () => {
    const vc = await signUp(open, 'vc', { name: 'Deck Fetcher' });
    const profile = await open.request('POST', '/vc/profile/step1/', {
      token: vc.token,
      body: { fund_name: 'Deck Fund', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
    });
    expect(profile.status).toBe(200);
    const csv = `Company,Pitch deck URL\nAcme Robotics,${filesUrl}/moved\nViewer Co,${filesUrl}/docsend/abc\n`;
    const up = await open.request('POST', '/api/vc/deal-imports', { token: vc.token, raw: csvForm(csv) });
    expect(up.body.mapping).toEqual({ company: 0, deck: 1 });
    const started = await open.request('POST', `/api/vc/deal-imports/${up.body.id}/start`, { token: vc.token, body: { mapping: up.body.mapping } });
    expect(started.status).toBe(202);
    const report = await pollUntil(
      async () => {
        const res = await open.request('GET', `/api/vc/deal-imports/${up.body.id}/report.csv`, { token: vc.token });
        return typeof res.body === 'string' && res.body.split('\r\n').filter((l) => /^\d+,/.test(l) && !l.includes('Being fetched')).length === 2 ? (res.body as string) : null;
      },
      { timeoutMs: 60_000, what: 'both decks fetched or refused' },
    );
    expect(report).toContain('Fetched and sent to scoring');
    expect(report).toContain('Not fetched: The address is a web page, not a deck file (PDF or PowerPoint)');
    const list = await open.request('GET', '/api/vc/deals?limit=10', { token: vc.token });
    const acme = list.body.deals.find((d: { startupName: string }) => d.startupName === 'Acme Robotics');
    const viewer = list.body.deals.find((d: { startupName: string }) => d.startupName === 'Viewer Co');
    // The fetched deck is the deal's and its scoring is under way (or done); the page is not.
    expect(['queued', 'running', 'done']).toContain(acme.scoring.state);
    expect(viewer.scoring.state).toBe('no_deck');
    const comments = await open.request('GET', `/api/vc/deals/${viewer.id}/comments`, { token: vc.token });
    expect(comments.body.comments[0].body).toContain(`${filesUrl}/docsend/abc`);
  }, 90_000);
});
