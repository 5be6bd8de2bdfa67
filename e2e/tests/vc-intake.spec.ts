import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiUrl, createUser, expect, test, useSession, type TestUser } from '../fixtures.ts';

const DECK = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/uber-2008-deck-redesign.pdf');
const haveDeck = existsSync(DECK);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${DECK} is missing`);

async function api<T = any>(user: TestUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { authorization: `Token ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

interface ListedDeal {
  id: string;
  startupName: string;
  source: string;
  fitScore: number | null;
  scoring: { state: string };
  sources: { channel: string }[];
}

async function dealsOf(user: TestUser): Promise<ListedDeal[]> {
  return (await api<{ deals: ListedDeal[] }>(user, 'GET', '/api/vc/deals?limit=100')).deals;
}

/** A forwarded pitch email as a mail service posts it: raw MIME with the deck attached. */
function pitchEmail(from: string, company: string, deck: Buffer): string {
  const boundary = 'fitscore-e2e-boundary';
  const base64 = deck.toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `From: Travis <${from}>`,
    'To: deals@intake.localhost',
    `Subject: Pitch Deck - ${company}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hi, sending our deck again by email. ${company} makes car hire one tap.`,
    `--${boundary}`,
    'Content-Type: application/pdf; name="uber-deck.pdf"',
    'Content-Disposition: attachment; filename="uber-deck.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    base64,
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

test.describe('deal intake', () => {
  test.skip(!haveDeck, `the shared fixtures are missing (${DECK}); they live beside the repository in ../shared`);

  test('a founder applies on the fund’s page; the same company by email is one deal with two sources', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const vc = await createUser('vc', 'Ines Partner');
    await api(vc, 'POST', '/vc/profile/step1/', {
      fund_name: 'Lighthouse Ventures',
      website: 'lighthouse.vc',
      sectors: ['Marketplace', 'Consumer'],
      stages: ['Seed'],
      geography: ['US'],
      ticket_size_min: null,
      ticket_size_max: null,
    });
    await api(vc, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
    await api(vc, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: true });

    // The VC finds the apply URL in Settings → Intake Sources.
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=intake');
    const applyField = page.getByRole('textbox', { name: 'Public apply URL' }).first();
    await expect(applyField).toHaveValue(/\/apply\/[a-z0-9-]+$/);
    const applyUrl = await applyField.inputValue();
    const emailEndpoint = await page.getByRole('textbox', { name: 'Inbound email endpoint' }).inputValue();
    expect(emailEndpoint).toContain('/api/intake/email/');

    // Signed out, a founder applies with a real deck.
    const founder = await browser.newContext({ baseURL: process.env.E2E_WEB_URL!, viewport: { width: 1280, height: 900 } });
    const apply = await founder.newPage();
    await apply.goto(applyUrl);
    await expect(apply.getByRole('heading', { name: 'Lighthouse Ventures', level: 1 })).toBeVisible();
    await apply.getByRole('textbox', { name: 'Company name' }).fill('Uber');
    await apply.getByRole('textbox', { name: 'Website' }).fill('https://uber.com');
    await apply.getByRole('combobox', { name: 'Stage' }).selectOption('Seed');
    await apply.getByRole('combobox', { name: 'Sector' }).selectOption('Marketplace');
    await apply.getByRole('textbox', { name: 'One-liner' }).fill('Tap a button, get a car.');
    await apply.getByRole('textbox', { name: 'Founder name' }).fill('Travis');
    await apply.getByRole('textbox', { name: 'Email' }).fill('travis@uber.com');
    await apply.getByLabel('Pitch deck file').setInputFiles(DECK);
    await expect(apply.getByText('uber-2008-deck-redesign.pdf')).toBeVisible();
    // A person takes more than three seconds to fill the form; the page sends how long it was open.
    await apply.waitForTimeout(3200);
    await apply.getByRole('button', { name: 'Submit Application' }).click();
    await expect(apply.getByRole('heading', { name: 'Thank you, your application is in' })).toBeVisible({ timeout: 30_000 });
    await expect(apply.getByText(/^FS-[0-9A-F]{10}$/)).toBeVisible();
    await founder.close();

    // The VC's pipeline has it, scored, with source Form.
    await expect
      .poll(async () => (await dealsOf(vc)).find((d) => d.startupName === 'Uber')?.scoring.state, { timeout: 120_000 })
      .toBe('done');
    await page.goto('/vc/pipeline');
    const row = page.getByRole('row').filter({ hasText: 'Uber' });
    await expect(row).toContainText('Form');

    // The same company forwarded by email: merged into the same deal, now with two sources.
    const sent = await fetch(emailEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: pitchEmail('travis@uber.com', 'Uber', readFileSync(DECK)),
    });
    expect(sent.status).toBe(200);
    await expect.poll(async () => (await dealsOf(vc)).filter((d) => d.startupName === 'Uber').map((d) => d.sources.length), { timeout: 60_000 }).toEqual([2]);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: 'Uber' })).toContainText('Form +1');
    expect((await dealsOf(vc)).filter((d) => d.startupName === 'Uber')).toHaveLength(1);

    // The intake log says what became of each.
    await page.goto('/vc/settings?tab=intake');
    const log = page.getByRole('list', { name: 'Intake log' });
    await expect(log.getByText('New deal')).toBeVisible();
    await expect(log.getByText('Merged')).toBeVisible();
  });
});
