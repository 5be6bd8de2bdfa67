import { DECK_LINK_GONE, DECK_LINK_WRONG_PASSCODE } from '@fitscore/contracts';
import { deckLinks } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { PAGE_IMAGE, TesseractEngine } from '@fitscore/deck-analysis';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makePdfDeck, validProfile } from '../../../test/decks.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { mailsTo } from '../mail/mail-test-helpers.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

let server: TestServer;
let deck: Uint8Array;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_WEB_URL: 'https://app.fitscore.test' });
  deck = await makePdfDeck([
    ['Acme Robotics', 'Warehouse picking robots'],
    ['Problem', 'Pickers walk 12 miles a day.'],
    ['Traction', 'MRR $85K growing 18% MoM'],
  ]);
});
afterAll(() => server.close());

async function founderWithDeck(name = 'Acme Robotics') {
  const user = await signUp(server, 'founder');
  await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile({ startup_name: name }) });
  const up = await server.request('POST', '/founder/deck/upload/', { token: user.token, raw: fileForm(deck, 'acme-deck.pdf') });
  expect(up.status).toBe(201);
  return user;
}

const tokenOf = (url: string) => url.split('/d/')[1]!;
const pub = (token: string) => `/public/deck-links/${token}`;

async function openAs(token: string, body: Record<string, unknown>, userAgent = BROWSER) {
  return server.request('POST', `${pub(token)}/sessions/`, { body, headers: { 'user-agent': userAgent } });
}
async function pageImage(token: string, session: string | null, n: number) {
  const res = await fetch(`${server.url}${pub(token)}/pages/${n}.jpg`, { headers: session ? { 'x-deck-viewer': session } : {} });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes: new Uint8Array(await res.arrayBuffer()) };
}
const beacon = (token: string, session: string, page: number, visible_ms: number, userAgent = BROWSER) =>
  server.request('POST', `${pub(token)}/beacons/`, { body: { page, visible_ms }, headers: { 'x-deck-viewer': session, 'user-agent': userAgent } });

/** An image's pixels, decoded by Skia (PNG or JPEG). */
async function pixels(bytes: Uint8Array) {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** Share of pixels that differ by more than JPEG's faint rounding between two same-sized images. */
async function differingShare(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  expect([pa.width, pa.height]).toEqual([pb.width, pb.height]);
  let differ = 0;
  for (let i = 0; i < pa.data.length; i += 4) {
    const d = Math.abs(pa.data[i]! - pb.data[i]!) + Math.abs(pa.data[i + 1]! - pb.data[i + 1]!) + Math.abs(pa.data[i + 2]! - pb.data[i + 2]!);
    if (d > 48) differ++;
  }
  return differ / (pa.width * pa.height);
}

/**
 * What a person reads on the page's bottom edge, where the watermark's plain line stands: the strip
 * is cut out, drawn twice as large and read by the engine's own OCR.
 */
async function bottomLineText(jpeg: Uint8Array): Promise<string> {
  const image = await loadImage(Buffer.from(jpeg));
  const strip = Math.round(image.height * 0.08);
  const canvas = createCanvas(image.width * 2, strip * 2);
  canvas.getContext('2d').drawImage(image, 0, image.height - strip, image.width, strip, 0, 0, image.width * 2, strip * 2);
  const engine = await TesseractEngine.create();
  return (await engine.recognize(new Uint8Array(await canvas.encode('png')))).text;
}

describe('deck links', () => {
  it('needs a deck, and only the founder signed in reaches the founder routes', async () => {
    const bare = await signUp(server, 'founder');
    const none = await server.request('POST', '/founder/deck-links/', { token: bare.token, body: {} });
    expect(none.status).toBe(409);
    expect((await server.request('GET', '/founder/deck-links/')).status).toBe(401);
    const vc = await signUp(server, 'vc');
    expect((await server.request('GET', '/founder/deck-links/', { token: vc.token })).status).toBe(403);
  });

  it('a gated link: wrong passcode refused, email asked, two viewers’ page times recorded, a Slack preview not counted', async () => {
    const founder = await founderWithDeck();
    const created = await server.request('POST', '/founder/deck-links/', {
      token: founder.token,
      body: { recipient_name: 'Northwind Ventures', recipient_email: 'partner@northwind.vc', email_required: true, passcode: 'seed-2026', expires_in_days: 7 },
    });
    expect(created.status).toBe(201);
    const link = created.body.link;
    expect(link.url).toMatch(/^https:\/\/app\.fitscore\.test\/d\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      recipient_name: 'Northwind Ventures',
      email_required: true,
      has_passcode: true,
      allow_download: false,
      views: 0,
      first_opened_at: null,
      deck: { version: 1, filename: 'acme-deck.pdf', pages: 3 },
    });
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBeCloseTo(7 * 86_400_000, -4);
    const token = tokenOf(link.url);
    // Only the token's hash and the passcode's argon2 hash are stored.
    const [stored] = await server.database.handle.db.select().from(deckLinks).where(eq(deckLinks.id, link.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.passcodeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain('seed-2026');

    // A link preview: the unfurler fetches the link's gate (and the web page, HEAD and GET) and opens nothing.
    const gate = await server.request('GET', `${pub(token)}/`, { headers: { 'user-agent': SLACKBOT } });
    expect(gate.status).toBe(200);
    expect(gate.body).toEqual({ company: 'Acme Robotics', pages: 3, email_required: true, passcode_required: true, allow_download: false, expires_at: link.expires_at });
    expect((await server.request('HEAD', `${pub(token)}/`, { headers: { 'user-agent': SLACKBOT } })).status).toBe(200);

    expect((await openAs(token, { email: 'a@fund.vc', passcode: 'wrong-one' })).body).toMatchObject({ error: DECK_LINK_WRONG_PASSCODE });
    expect((await openAs(token, { email: 'a@fund.vc' })).status).toBe(403);
    expect((await openAs(token, { passcode: 'seed-2026' })).status).toBe(400);
    const alice = await openAs(token, { email: 'Alice@Fund.vc', passcode: 'seed-2026' });
    expect(alice.status).toBe(201);
    const bob = await openAs(token, { email: 'bob@other.vc', passcode: 'seed-2026' });
    // A bot that even runs the page's script does not count either.
    const bot = await openAs(token, { email: 'scanner@mail.example', passcode: 'seed-2026' }, SLACKBOT);

    expect((await beacon(token, alice.body.session, 1, 4_000)).status).toBe(200);
    await beacon(token, alice.body.session, 2, 2_500);
    await beacon(token, alice.body.session, 3, 400);
    await beacon(token, bob.body.session, 1, 6_000);
    await beacon(token, bob.body.session, 3, 3_000);
    expect((await beacon(token, bot.body.session, 1, 9_000, SLACKBOT)).status).toBe(200);

    const detail = await server.request('GET', `/founder/deck-links/${link.id}/`, { token: founder.token });
    expect(detail.status).toBe(200);
    expect(detail.body.link.views).toBe(2);
    expect(detail.body.link.first_opened_at).not.toBeNull();
    expect(detail.body.viewers.map((v: { email: string }) => v.email)).toEqual(['alice@fund.vc', 'bob@other.vc']);
    const [a, b] = detail.body.viewers;
    expect(a.pages).toEqual([
      { page: 1, ms: 4_000 },
      { page: 2, ms: 2_500 },
      { page: 3, ms: 400 },
    ]);
    expect(a.skipped).toEqual([3]);
    expect(a.total_ms).toBe(6_900);
    expect(b.pages.map((p: { ms: number }) => p.ms)).toEqual([6_000, 0, 3_000]);
    expect(b.skipped).toEqual([2]);

    // Told once, in the app and by email, on the first open.
    const alerts = await server.request('GET', '/founder/deck-links/alerts/', { token: founder.token });
    expect(alerts.body.unread).toBe(1);
    expect(alerts.body.alerts).toEqual([
      expect.objectContaining({ link_id: link.id, recipient_name: 'Northwind Ventures', viewer_email: 'alice@fund.vc', read: false }),
    ]);
    const mails = await pollUntil(async () => {
      const m = await mailsTo(server.config.mail.outboxDir, founder.email, /opened your deck/);
      return m.length ? m : null;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('alice@fund.vc opened your deck');
    expect(mails[0]!.text).toContain(`https://app.fitscore.test/founder/deck-links/${link.id}`);
    await server.request('POST', '/founder/deck-links/alerts/read/', { token: founder.token });
    expect((await server.request('GET', '/founder/deck-links/alerts/', { token: founder.token })).body.unread).toBe(0);
  });

  it('every page image carries the viewer’s own email, drawn over the page; no session, no image', async () => {
    const founder = await founderWithDeck();
    const { link } = (await server.request('POST', '/founder/deck-links/', { token: founder.token, body: { email_required: true } })).body;
    const token = tokenOf(link.url);
    expect((await pageImage(token, null, 1)).status).toBe(401);
    expect((await pageImage(token, 'x'.repeat(43), 1)).status).toBe(401);

    const one = (await openAs(token, { email: 'reader.one@fund.vc' })).body.session;
    const two = (await openAs(token, { email: 'reader.two@fund.vc' })).body.session;
    const first = await pageImage(token, one, 2);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/jpeg');
    expect(first.cache).toBe('no-store');
    const second = await pageImage(token, two, 2);
    // The plain page, as the engine draws it (the deal page's viewer shows this one).
    const [row] = await server.database.handle.db.select({ deckId: deckLinks.deckId }).from(deckLinks).where(eq(deckLinks.id, link.id));
    const plain = new Uint8Array(await readFile(join(server.config.dataDir, 'blobs', 'page-images', row!.deckId, `v${PAGE_IMAGE.version}`, '2.png')));
    // The watermark covers a visible share of the page, and each reader's differs from the other's.
    expect(await differingShare(first.bytes, plain)).toBeGreaterThan(0.01);
    expect(await differingShare(first.bytes, second.bytes)).toBeGreaterThan(0.005);
    // And it can be read back: each page names its own reader, and only them.
    const firstLine = await bottomLineText(first.bytes);
    expect(firstLine).toContain('reader.one@fund.vc');
    expect(firstLine).not.toContain('reader.two');
    expect(await bottomLineText(second.bytes)).toContain('reader.two@fund.vc');
    expect(await bottomLineText(plain)).not.toContain('@fund.vc');
    // The same reader gets the same image again (kept, not drawn anew).
    expect(Buffer.from((await pageImage(token, one, 2)).bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect((await pageImage(token, one, 4)).status).toBe(404);
    expect((await pageImage(token, one, 0)).status).toBe(404);
  });

  it('downloads only when allowed; revoked and expired links refuse at once, open sessions included', async () => {
    const founder = await founderWithDeck();
    const closed = (await server.request('POST', '/founder/deck-links/', { token: founder.token, body: {} })).body.link;
    const open = (await server.request('POST', '/founder/deck-links/', { token: founder.token, body: { allow_download: true } })).body.link;
    const closedSession = (await openAs(tokenOf(closed.url), {})).body.session;
    const openSession = (await openAs(tokenOf(open.url), {})).body.session;
    const refused = await fetch(`${server.url}${pub(tokenOf(closed.url))}/download/`, { headers: { 'x-deck-viewer': closedSession } });
    expect(refused.status).toBe(403);
    const file = await fetch(`${server.url}${pub(tokenOf(open.url))}/download/`, { headers: { 'x-deck-viewer': openSession } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="acme-deck.pdf"');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(deck))).toBe(true);
    // A session of one link does not open another.
    expect((await pageImage(tokenOf(open.url), closedSession, 1)).status).toBe(401);

    // Revoked: the gate, the pages and the beacons of a reader already in answer 404 from now on.
    const another = await founderWithDeck();
    expect((await server.request('DELETE', `/founder/deck-links/${closed.id}/`, { token: another.token })).status).toBe(404);
    const revoked = await server.request('DELETE', `/founder/deck-links/${closed.id}/`, { token: founder.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.link.revoked_at).not.toBeNull();
    const t = tokenOf(closed.url);
    expect((await server.request('GET', `${pub(t)}/`)).body).toMatchObject({ error: DECK_LINK_GONE });
    expect((await pageImage(t, closedSession, 1)).status).toBe(404);
    expect((await beacon(t, closedSession, 1, 1000)).status).toBe(404);
    expect((await openAs(t, {})).status).toBe(404);

    // Expired (its time passed): the same.
    await server.database.handle.db.update(deckLinks).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(deckLinks.id, open.id));
    expect((await pageImage(tokenOf(open.url), openSession, 1)).status).toBe(404);
    expect((await server.request('GET', `${pub(tokenOf(open.url))}/`)).status).toBe(404);
    const listed = (await server.request('GET', '/founder/deck-links/', { token: founder.token })).body.links;
    expect(listed.map((l: { id: string; url: string | null }) => [l.id, l.url])).toEqual([
      [open.id, null],
      [closed.id, null],
    ]);
  });

  it('beacons: the session is checked before the body, the body is bounded, and time is capped by the session’s age', async () => {
    const founder = await founderWithDeck();
    const { link } = (await server.request('POST', '/founder/deck-links/', { token: founder.token, body: {} })).body;
    const token = tokenOf(link.url);
    // No session: 401 even for a body that is not valid.
    const anonymous = await server.request('POST', `${pub(token)}/beacons/`, { body: { page: 'x' } });
    expect(anonymous.status).toBe(401);
    const session = (await openAs(token, {})).body.session;
    expect((await beacon(token, session, 1, 999_999)).status).toBe(400);
    expect((await beacon(token, session, 0, 1_000)).status).toBe(400);
    const huge = await server.request('POST', `${pub(token)}/beacons/`, {
      raw: JSON.stringify({ page: 1, visible_ms: 10, pad: 'x'.repeat(4096) }),
      headers: { 'x-deck-viewer': session, 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    // Two full beacons at once: a session a moment old cannot have been read for a minute.
    await beacon(token, session, 1, 30_000);
    await beacon(token, session, 2, 30_000);
    const viewer = (await server.request('GET', `/founder/deck-links/${link.id}/`, { token: founder.token })).body.viewers[0];
    expect(viewer.total_ms).toBeGreaterThanOrEqual(30_000);
    expect(viewer.total_ms).toBeLessThan(45_000);
    // The founder checking their own link is not a viewer.
    const own = (await openAs(token, {})).body.session;
    await server.request('POST', `${pub(token)}/beacons/`, {
      body: { page: 1, visible_ms: 5_000 },
      token: founder.token,
      headers: { 'x-deck-viewer': own, 'user-agent': BROWSER },
    });
    expect((await server.request('GET', `/founder/deck-links/${link.id}/`, { token: founder.token })).body.link.views).toBe(1);
  });

  it('a passcode cannot be guessed: ten wrong ones close the gate for a while, the right one included', async () => {
    const founder = await founderWithDeck();
    const { link } = (await server.request('POST', '/founder/deck-links/', { token: founder.token, body: { passcode: 'right-code' } })).body;
    const token = tokenOf(link.url);
    for (let i = 0; i < 10; i++) expect((await openAs(token, { passcode: `guess-${i}` })).status).toBe(403);
    const locked = await openAs(token, { passcode: 'right-code' });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/Too many wrong passcodes/);
  });

  it('checks the input it is given', async () => {
    const founder = await founderWithDeck();
    const bad = async (body: unknown) => (await server.request('POST', '/founder/deck-links/', { token: founder.token, body })).status;
    expect(await bad({ passcode: '12' })).toBe(400);
    expect(await bad({ expires_in_days: 3 })).toBe(400);
    expect(await bad({ recipient_email: 'not-an-email' })).toBe(400);
    expect(await bad({ recipient_name: 'x'.repeat(121) })).toBe(400);
    expect((await server.request('GET', '/founder/deck-links/not-a-uuid/', { token: founder.token })).status).toBe(404);
    expect((await server.request('GET', `${pub('short')}/`)).status).toBe(404);
  });
});
