import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck, makePptxDeck } from '../../../test/decks.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, dealsOf, newFund, settledLog } from './intake-test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

const fill = { fillMs: '5000' };

describe('intake limits and formats', () => {
  it('per fund: the 4th item in a minute is refused with 429 and Retry-After, whatever the channel', async () => {
    const limited = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      await rateLimited(limited);
    } finally {
      await limited.close();
    }
  });

  async function rateLimited(server: TestServer) {
    const fund = await newFund(server);
    const deck = { bytes: await makePdfDeck([['Rate Co', 'x']]), filename: 'r.pdf' };
    for (let i = 0; i < 2; i++) {
      const res = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm({ companyName: `Rate ${i}`, email: 'r@rate.co', ...fill }, deck) });
      expect(res.status).toBe(201);
    }
    const mime = await composeMime({ to: fund.address, subject: 'Pitch Deck - Rate Mail', deck });
    expect((await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } })).status).toBe(200);
    const over = await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('Too many submissions. Please try again in a minute.');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('oversize: a deck of 10 MB or more is 413 on the form and on the webhook', async () => {
    const fund = await newFund(server);
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const form = await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm({ companyName: 'Big Co', email: 'b@big.co', ...fill }, { bytes: big, filename: 'big.pdf' }) });
    expect(form.status).toBe(413);
    expect(form.body.error).toEqual(expect.any(String));

    const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
    const body = JSON.stringify({ company_name: 'Big Co', deck_base64: Buffer.from(big).toString('base64'), deck_filename: 'big.pdf' });
    const at = new Date();
    const hook = await server.request('POST', `/api/intake/webhook/${fund.slug}`, {
      raw: body,
      headers: { 'content-type': 'application/json', 'webhook-id': 'big', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign('big', at, body) },
    });
    expect([hook.status, hook.body.error]).toEqual([413, 'File size must be less than 10MB']);
  });

  it('a multipart webhook with a .pptx file; an email named by its title slide; one named by its sender domain', async () => {
    const fund = await newFund(server);
    const { secret } = (await server.request('POST', '/vc/intake/webhook-secret/', { token: fund.token })).body;
    const form = new FormData();
    form.append('company_name', 'Slate Works');
    form.append('website', 'slate.works');
    form.append('file', new Blob([await makePptxDeck(['Slate Works', 'Traction: 40 customers'])]), 'slate.pptx');
    // The signature covers the exact bytes sent, so the multipart body is built once, then signed byte for byte.
    const request = new Request('http://x', { method: 'POST', body: form });
    const bytes = Buffer.from(await request.arrayBuffer());
    const type = request.headers.get('content-type')!;
    const at = new Date();
    const key = Buffer.from(String(secret).slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(`mp-1.${Math.floor(at.getTime() / 1000)}.`).update(bytes).digest('base64');
    const signature = `v1,${mac}`;
    // A body that is not UTF-8 (the .pptx) signed by the library's text reading would differ: the bytes are what count.
    expect(signature).not.toBe(new Webhook(secret).sign('mp-1', at, bytes));
    const res = await server.request('POST', `/api/intake/webhook/${fund.slug}`, {
      raw: bytes,
      headers: { 'content-type': type, 'webhook-id': 'mp-1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    });
    expect(res.status).toBe(200);
    const titled = await composeMime({ to: fund.address, subject: 'Pitch Deck', deck: { bytes: await makePdfDeck([['Zephyr Motors', 'Electric boats'], ['Team', 'x']]), filename: 'deck.pdf' } });
    await server.request('POST', fund.emailPath, { raw: titled, headers: { 'content-type': 'message/rfc822' } });
    const linked = await composeMime({ from: 'Ada <ada@acme-robotics.com>', to: fund.address, subject: 'Pitch Deck', text: 'https://www.dropbox.com/s/abc/deck.pdf' });
    await server.request('POST', fund.emailPath, { raw: linked, headers: { 'content-type': 'message/rfc822' } });
    await settledLog(server, fund, 3);
    const names = (await dealsOf(server, fund)).map((d) => [d.startupName, d.source]).sort();
    expect(names).toEqual([
      ['Acme Robotics', 'email'],
      ['Slate Works', 'webhook'],
      ['Zephyr Motors', 'email'],
    ]);
  }, 60_000);
});
