import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fundMembers } from '@fitscore/db';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { setPlan } from '../../../test/plans.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, newFund, type Fund } from '../intake/intake-test-kit.ts';
import { waitForMail } from '../mail/mail-test-helpers.ts';

// Issue 33 point 4: white-label intake for Enterprise funds.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => server.close());

/** A real 1×1 PNG, and the same bytes as other formats would start. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

function logoForm(bytes: Buffer, filename = 'logo.png') {
  const boundary = `----brand${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { raw: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const saveBranding = (fund: Pick<Fund, 'token'>, body: Record<string, unknown>) =>
  server.request('PUT', '/api/vc/branding', { token: fund.token, body: { displayName: '', primaryColor: '', hidePoweredBy: false, customHost: '', ...body } });
const uploadLogo = (token: string, bytes: Buffer, filename?: string) => server.request('POST', '/api/vc/branding/logo', { token, ...logoForm(bytes, filename) });
const applyPage = async (slug: string) => (await server.request('GET', `/api/apply/${slug}`)).body.fund;

async function enterpriseFund(name: string) {
  const fund = await newFund(server, { name });
  await setPlan(server, { fund: fund.fundId }, 'enterprise');
  return fund;
}

describe('white-label intake', () => {
  it('is the Enterprise plan’s: 402 on the trial and Pro, and a saved brand stops showing when the plan ends', async () => {
    const fund = await newFund(server, { name: 'Plain Capital' });
    const refused = await saveBranding(fund, { displayName: 'Plain' });
    expect([refused.status, refused.body.error]).toEqual([402, 'White-label intake is part of the Enterprise plan. Contact sales to add it to your fund.']);
    expect((await uploadLogo(fund.token, PNG)).status).toBe(402);
    expect((await server.request('GET', '/api/vc/branding', { token: fund.token })).body).toMatchObject({ allowed: false, applyPath: `/apply/${fund.slug}` });
    // The apply page shows the product's defaults.
    expect((await applyPage(fund.slug)).branding).toEqual({ displayName: 'Plain Capital', primaryColor: null, logoUrl: null, poweredBy: true });

    await setPlan(server, { fund: fund.fundId }, 'enterprise');
    expect((await saveBranding(fund, { displayName: 'Plain Partners', primaryColor: '#0E7490', hidePoweredBy: true })).status).toBe(200);
    expect((await applyPage(fund.slug)).branding).toEqual({ displayName: 'Plain Partners', primaryColor: '#0e7490', logoUrl: null, poweredBy: false });
    await setPlan(server, { fund: fund.fundId }, 'pro');
    expect((await applyPage(fund.slug)).branding).toEqual({ displayName: 'Plain Capital', primaryColor: null, logoUrl: null, poweredBy: true });
  });

  it('only admins change it; members read it; anonymous callers and founders are refused before the body is read', async () => {
    const fund = await enterpriseFund('Gate Ventures');
    const member = await signUp(server, 'vc', { name: 'Mia Member' });
    await server.database.handle.db.insert(fundMembers).values({ fundId: fund.fundId, userId: member.user.id, role: 'member' });
    expect((await server.request('GET', '/api/vc/branding', { token: member.token })).status).toBe(200);
    expect((await saveBranding(member, { displayName: 'Hijack' })).status).toBe(403);
    expect((await uploadLogo(member.token, PNG)).status).toBe(403);
    expect((await server.request('DELETE', '/api/vc/branding/logo', { token: member.token })).status).toBe(403);
    const founder = await signUp(server, 'founder');
    expect((await saveBranding(founder, { displayName: 'x' })).status).toBe(403);
    expect((await server.request('PUT', '/api/vc/branding', { body: 'not json at all', headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await server.request('POST', '/api/vc/branding/logo', logoForm(PNG))).status).toBe(401);
  });

  it('checks what it stores: a hex colour, a plain host name, a logo by its bytes (PNG, JPEG, WebP; no SVG) up to 256 KB', async () => {
    const fund = await enterpriseFund('Check Capital');
    const bad = async (body: Record<string, unknown>) => {
      const res = await saveBranding(fund, body);
      return [res.status, res.body.error];
    };
    expect(await bad({ primaryColor: 'red' })).toEqual([400, 'Colour must be a hex colour such as #1f6feb']);
    expect(await bad({ customHost: 'https://apply.check.vc/form' })).toEqual([400, 'Host name must be a plain host such as apply.yourfund.com (no https:// or path)']);
    const own = new URL(server.config.publicWebUrl).host;
    expect(await bad({ customHost: own })).toEqual([400, 'This host name is the product’s own: use a host name of your fund’s domain.']);

    const svg = await uploadLogo(fund.token, SVG, 'logo.png');
    expect([svg.status, svg.body.error]).toEqual([415, 'The logo must be a PNG, JPEG or WebP image.']);
    const huge = await uploadLogo(fund.token, Buffer.concat([PNG, Buffer.alloc(300 * 1024)]));
    expect([huge.status, huge.body.error]).toEqual([413, 'The logo must be at most 256 KB.']);
    expect((await server.request('GET', '/api/vc/branding', { token: fund.token })).body.branding.logoUrl).toBeNull();

    const ok = await uploadLogo(fund.token, PNG);
    expect(ok.status).toBe(200);
    const logoUrl = ok.body.branding.logoUrl as string;
    expect(logoUrl).toMatch(new RegExp(`/api/apply/${fund.slug}/logo\\?v=\\d+$`));
    // Served where the URL says (PUBLIC_API_URL), as the bytes uploaded.
    const path = (url: string) => new URL(url).pathname + new URL(url).search;
    const served = await fetch(server.url + path(logoUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await applyPage(fund.slug)).branding.logoUrl).toBe(logoUrl);

    // Removing it: the page and the address both stop showing it.
    expect((await server.request('DELETE', '/api/vc/branding/logo', { token: fund.token })).body.branding.logoUrl).toBeNull();
    expect((await fetch(server.url + path(logoUrl))).status).toBe(404);
  });

  it("serves the apply page under the fund's own host: one fund per host, looked up by host, and its page may call the apply endpoints", async () => {
    const fund = await enterpriseFund('Host Ventures');
    expect((await saveBranding(fund, { customHost: 'Apply.HostVentures.com' })).body.branding.customHost).toBe('apply.hostventures.com');
    expect((await server.request('GET', '/api/apply-host/apply.hostventures.com')).body).toEqual({ slug: fund.slug });
    expect((await server.request('GET', '/api/apply-host/apply.nobody.com')).status).toBe(404);

    const other = await enterpriseFund('Copycat Capital');
    const taken = await saveBranding(other, { customHost: 'apply.hostventures.com' });
    expect([taken.status, taken.body.error]).toEqual([409, 'Another fund already uses this host name.']);

    // The browser on https://apply.hostventures.com may call the apply endpoints, and nothing else.
    const origin = 'https://apply.hostventures.com';
    const pre = await server.request('OPTIONS', `/api/apply/${fund.slug}`, { headers: { origin, 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    const read = await server.request('GET', `/api/apply/${fund.slug}`, { headers: { origin } });
    expect(read.headers.get('access-control-allow-origin')).toBe(origin);
    const elsewhere = await server.request('GET', '/api/vc/branding', { token: fund.token, headers: { origin } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    const stranger = await server.request('GET', `/api/apply/${fund.slug}`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("emails founders under the brand: from its display name, with its colour and logo, without 'Powered by FitScore' when hidden", async () => {
    const fund = await enterpriseFund('Mail Ventures');
    expect((await uploadLogo(fund.token, PNG)).status).toBe(200);
    const saved = await saveBranding(fund, { displayName: 'Mailbrand Partners', primaryColor: '#fde047', hidePoweredBy: true });
    const logoUrl = saved.body.branding.logoUrl as string;

    const fields = { companyName: 'Brightline', email: 'ada@brightline.io', stage: 'Seed', fillMs: '5000' };
    const deck = await makePdfDeck([['Brightline', 'Brightline builds software for warehouses'], ['Traction', 'MRR $20K']]);
    expect((await server.request('POST', `/api/apply/${fund.slug}`, { raw: applyForm(fields, { bytes: deck, filename: 'deck.pdf' }) })).status).toBe(201);
    const receipt = await waitForMail(server.config.mail.outboxDir, 'ada@brightline.io', /received your application/);
    expect(receipt.from).toBe('Mailbrand Partners <no-reply@fitscore.local>');
    expect(receipt.subject).toMatch(/^Mailbrand Partners received your application/);

    const parsed = await PostalMime.parse(await readFile(join(server.config.mail.outboxDir, receipt.file)));
    expect(parsed.text).toContain('Thank you for sending Brightline to Mailbrand Partners.');
    expect(parsed.html).toContain('background:#fde047');
    // Yellow is light: the header's text is dark, not white.
    expect(parsed.html).toContain('color:#111827');
    expect(parsed.html).toContain(`src="${logoUrl.replace(/&/g, '&amp;')}"`);
    expect(parsed.html).toContain('Thank you for sending Brightline to Mailbrand Partners.');
    expect(parsed.html).not.toContain('Powered by FitScore');
  }, 60_000);
});
