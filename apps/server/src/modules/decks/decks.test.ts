import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, sharedFixtures } from '../../../../../test-support/shared-fixtures.ts';
import { fileForm, makePdfDeck, makePptxDeck, validProfile } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
let pdf: Uint8Array;
beforeAll(async () => {
  server = await startTestServer();
  pdf = await makePdfDeck([['Acme', 'Robots for warehouses'], ['Traction', 'MRR $10K']]);
});
afterAll(() => server.close());

async function founderWithProfile() {
  const user = await signUp(server, 'founder');
  await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile() });
  return user;
}

const upload = (token: string, bytes: Uint8Array, name: string) =>
  server.request('POST', '/founder/deck/upload/', { token, raw: fileForm(bytes, name) });

describe('POST /founder/deck/upload/', () => {
  it('stores a PDF and reports it as the current deck', async () => {
    const { token } = await founderWithProfile();
    const res = await upload(token, pdf, 'Acme Seed Deck.pdf');
    expect(res.status).toBe(201);
    expect(res.body.deckUploaded).toBe(true);
    expect(res.body.deck).toMatchObject({ filename: 'Acme Seed Deck.pdf', version: 1, format: 'pdf', sizeBytes: pdf.length });
    const status = await server.request('GET', '/founder/deck/status/', { token });
    expect(status.body.deckUploaded).toBe(true);
    expect(status.body.deck.filename).toBe('Acme Seed Deck.pdf');
  });

  it('accepts PowerPoint (.pptx), checked by its content', async () => {
    const { token } = await founderWithProfile();
    const pptx = await makePptxDeck(['Acme', 'Problem: picking is slow']);
    const res = await upload(token, pptx, 'deck.pptx');
    expect(res.status).toBe(201);
    expect(res.body.deck.format).toBe('pptx');
  });

  it('refuses while the profile is incomplete', async () => {
    const { token } = await signUp(server, 'founder');
    const res = await upload(token, pdf, 'deck.pdf');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Please complete your profile first');
  });

  it('refuses other file types, including ones renamed to .pdf', async () => {
    const { token } = await founderWithProfile();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)]);
    for (const [bytes, name] of [
      [png, 'slides.png'],
      [png, 'slides.pdf'],
      [new TextEncoder().encode('just some text that is not a deck at all, padded out to be long enough'), 'notes.pptx'],
      [pdf, 'deck.docx'],
    ] as const) {
      const res = await upload(token, bytes, name);
      expect(res.status, name).toBe(415);
      expect(res.body.error).toBe('Please upload a PDF or PowerPoint file');
    }
    const status = await server.request('GET', '/founder/deck/status/', { token });
    expect(status.body.deckUploaded).toBe(false);
  });

  it('refuses files of 10 MB and more with the spec message', async () => {
    const { token } = await founderWithProfile();
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await upload(token, big, 'huge.pdf');
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('File size must be less than 10MB');
  });

  it('refuses an empty file and a request without a file', async () => {
    const { token } = await founderWithProfile();
    const empty = await upload(token, new Uint8Array(0), 'deck.pdf');
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatch(/empty/i);
    const noFile = await server.request('POST', '/founder/deck/upload/', { token, raw: fileForm(pdf, 'deck.pdf', 'other') });
    expect(noFile.status).toBe(400);
    const json = await server.request('POST', '/founder/deck/upload/', { token, body: { file: 'deck.pdf' } });
    expect(json.status).toBe(415);
  });

  it('keeps 3 versions on the free plan, newest current', async () => {
    const { token } = await founderWithProfile();
    for (let i = 1; i <= 4; i += 1) {
      const res = await upload(token, await makePdfDeck([[`Version ${i}`]]), `v${i}.pdf`);
      expect(res.status).toBe(201);
    }
    const status = await server.request('GET', '/founder/deck/status/', { token });
    expect(status.body.deck).toMatchObject({ filename: 'v4.pdf', version: 4 });
    expect(status.body.versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [4, true],
      [3, false],
      [2, false],
    ]);
  });

  it('DELETE removes the current deck; an upload makes a new current one', async () => {
    const { token } = await founderWithProfile();
    await upload(token, pdf, 'a.pdf');
    const del = await server.request('DELETE', '/founder/deck/delete/', { token });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ deckUploaded: false, deck: null });
    const progress = await server.request('GET', '/founder/progress/', { token });
    expect(progress.body.deck_uploaded).toBe(false);
  });

  it('one founder never sees another\'s deck; investors cannot upload here', async () => {
    const a = await founderWithProfile();
    const b = await founderWithProfile();
    await upload(a.token, pdf, 'secret.pdf');
    const other = await server.request('GET', '/founder/deck/status/', { token: b.token });
    expect(other.body).toEqual({ deckUploaded: false, deck: null, versions: [] });
    const vc = await signUp(server, 'vc');
    expect((await upload(vc.token, pdf, 'deck.pdf')).status).toBe(403);
    expect((await server.request('POST', '/founder/deck/upload/', { raw: fileForm(pdf, 'deck.pdf') })).status).toBe(401);
  });
});

describe('decks the engine cannot read are refused at upload with their reason', () => {
  it('a password-protected PDF', async () => {
    const { token } = await founderWithProfile();
    const locked = await makePdfDeck([['Secret']], { userPassword: 'pw', ownerPassword: 'owner', pdfVersion: '1.7ext3' });
    const res = await upload(token, locked, 'locked.pdf');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'unprocessable_deck', details: { reason: 'encrypted' } });
    expect(res.body.error).toMatch(/password-protected/);
    expect((await server.request('GET', '/founder/deck/status/', { token })).body.deckUploaded).toBe(false);
  });

  it('a PowerPoint zip bomb', async () => {
    const { token } = await founderWithProfile();
    const zip = new JSZip();
    zip.file('ppt/presentation.xml', '<p:presentation/>');
    // One 50 MB part that compresses a thousandfold: past the per-part and ratio caps.
    zip.file('ppt/slides/slide1.xml', 'A'.repeat(50 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    const res = await upload(token, bomb, 'bomb.pptx');
    expect(res.status).toBe(422);
    expect(res.body.details.reason).toBe('zip_bomb');
  });

  const fixtures = sharedFixtures();
  it.skipIf(!fixtures.available)('every odd file in the shared fixtures: stored, or a 4xx with a clear error, never a 5xx', async () => {
    const { token } = await founderWithProfile();
    const odd = (await readManifest()).filter((f) => f.set === 'robustness');
    expect(odd.length).toBeGreaterThan(20);
    for (const file of odd) {
      const res = await upload(token, new Uint8Array(await readFile(file.path)), file.file);
      if (res.status === 201) continue;
      expect([413, 415, 422], `${file.file}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(res.body.error.length, file.file).toBeGreaterThan(10);
      if (file.kind === 'encrypted' && file.file !== 'pdfjs-empty-protected-aes256.pdf') {
        expect(res.body.details.reason, file.file).toBe('encrypted');
      }
    }
  });
});

describe('bounded inspection', () => {
  it("a founder's uploads are checked one at a time (two more wait, the rest get 429); a bomb is refused with its reason; another founder is not held up", async () => {
    const { makeFlateBombPdf } = await import('@fitscore/deck-analysis/testing/bombs');
    const bomb = makeFlateBombPdf(512 * 2 ** 20);
    const a = await founderWithProfile();
    const b = await founderWithProfile();
    const bombs = Promise.all(Array.from({ length: 5 }, (_, i) => upload(a.token, bomb, `bomb-${i}.pdf`)));
    // While the first founder's bombs are checked, the second founder's deck is read on the other reader.
    await new Promise((r) => setTimeout(r, 300));
    expect((await upload(b.token, pdf, 'deck.pdf')).status).toBe(201);
    const results = await bombs;
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.code).toBe('rate_limited');
    const read = results.filter((r) => r.status !== 429);
    expect(read.map((r) => [r.status, r.body.details?.reason])).toEqual(Array(3).fill([422, 'too_complex']));
    expect(read[0]!.body.error).toMatch(/expands to far more data than a deck should/);
    expect((await server.request('GET', '/founder/deck/status/', { token: a.token })).body.deckUploaded).toBe(false);
  }, 120_000);
});

describe('replacing the current deck is one unit of work', () => {
  it('when storing the new version fails, the previous deck stays current', async () => {
    const { sql } = await import('drizzle-orm');
    const user = await founderWithProfile();
    expect((await upload(user.token, pdf, 'first.pdf')).status).toBe(201);
    const db = server.database.handle.db;
    // The second step fails: the database refuses this founder's next version.
    const fn = `refuse_deck_${user.user.id.replaceAll('-', '')}`;
    await db.execute(sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'deck refused'; end $$`));
    await db.execute(sql.raw(`create trigger ${fn} before insert on decks for each row when (new.user_id = '${user.user.id}') execute function ${fn}()`));
    try {
      expect((await upload(user.token, pdf, 'second.pdf')).status).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger ${fn} on decks`));
      await db.execute(sql.raw(`drop function ${fn}()`));
    }
    const status = await server.request('GET', '/founder/deck/status/', { token: user.token });
    expect(status.body.deckUploaded).toBe(true);
    expect(status.body.deck).toMatchObject({ filename: 'first.pdf', version: 1 });
    expect(status.body.versions).toHaveLength(1);
  });
});

describe('deck files left behind by a crash', () => {
  it('are removed when a server starts: old files with no row and half-written files; decks in use stay', async () => {
    const { mkdirSync, readdirSync, utimesSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const user = await founderWithProfile();
    expect((await upload(user.token, pdf, 'kept.pdf')).status).toBe(201);
    const folder = join(server.config.dataDir, 'blobs', 'decks');
    mkdirSync(folder, { recursive: true });
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    // A crash after the file was written and before its row was committed, and one mid-write.
    writeFileSync(join(folder, '0b6f2d0e-0000-4000-8000-000000000001.pdf'), pdf);
    writeFileSync(join(folder, '.tmp-0a1b2c3d4e5f'), 'half');
    // An upload happening right now: its file is new, its row not yet committed.
    writeFileSync(join(folder, '0b6f2d0e-0000-4000-8000-000000000002.pdf'), pdf);
    for (const name of readdirSync(folder)) {
      if (!name.endsWith('0002.pdf')) utimesSync(join(folder, name), hourAgo, hourAgo);
    }

    const restarted = await startTestServer({}, undefined, server.database);
    try {
      // The sweep runs after the server starts listening: half-written files first, then the orphans.
      const swept = ['.tmp-0a1b2c3d4e5f', '0b6f2d0e-0000-4000-8000-000000000001.pdf'];
      const deadline = Date.now() + 20_000;
      while (readdirSync(folder).some((name) => swept.includes(name)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const left = readdirSync(folder);
      expect(left).toContain('0b6f2d0e-0000-4000-8000-000000000002.pdf');
      expect(left).not.toContain('0b6f2d0e-0000-4000-8000-000000000001.pdf');
      expect(left).not.toContain('.tmp-0a1b2c3d4e5f');
      // Every deck a row names is still there (this suite's other decks included) and still readable.
      const status = await restarted.request('GET', '/founder/deck/status/', { token: user.token });
      expect(status.body.deck).toMatchObject({ filename: 'kept.pdf' });
      const rows = await server.database.handle.db.query.decks.findMany();
      for (const row of rows) expect(left).toContain(row.blobKey.replace('decks/', ''));
    } finally {
      await restarted.close();
    }
  }, 60_000);
});
