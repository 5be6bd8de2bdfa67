import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import { api, createUser, expect, test, useSession } from '../fixtures.ts';

const DECK = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/uber-2008-deck-redesign.pdf');
const haveDeck = existsSync(DECK);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${DECK} is missing`);

test.describe('deals that arrive live', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${DECK}`);

  test('a deal emailed over SMTP appears, scored, on a partner’s open pipeline and a teammate’s open dashboard, and a status change reaches the other browser, with no reload', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const admin = await createUser('vc', 'Ada Admin');
    await api(admin, 'POST', '/vc/profile/step1/', {
      fund_name: 'Live Oak Ventures',
      website: 'liveoak.vc',
      sectors: ['Marketplace'],
      stages: ['Seed'],
      geography: ['US'],
      ticket_size_min: null,
      ticket_size_max: null,
    });
    await api(admin, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
    await api(admin, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: true });
    const { emailAddress } = await api<{ emailAddress: string }>(admin, 'GET', '/vc/intake/');
    // A teammate joins by the admin's invite link.
    const { invite } = await api<{ invite: { url: string } }>(admin, 'POST', '/vc/team/invites/', { email: null, role: 'member' });
    const mate = await createUser('vc', 'Theo Teammate');
    await api(mate, 'POST', '/vc/team/join/', { token: new URL(invite.url).searchParams.get('token') });

    // The admin has the pipeline open; the teammate the dashboard, in a browser of their own.
    await useSession(page, admin);
    await page.goto('/vc/pipeline');
    await expect(page.getByRole('tab', { name: /All/ })).toContainText('0');
    const other = await browser.newContext({ baseURL: process.env.E2E_WEB_URL!, viewport: { width: 1280, height: 900 } });
    const matePage = await other.newPage();
    await useSession(matePage, mate);
    await matePage.goto('/vc/dashboard');
    const latest = matePage.locator('[aria-labelledby="latest-deal-title"]');
    await expect(latest).toContainText('Latest Scored Startup');
    await expect(latest).not.toContainText('Orbit Rides');

    // A founder forwards the deck to the fund's address over SMTP.
    const smtp = createTransport({ host: '127.0.0.1', port: Number(process.env.E2E_SMTP_PORT), secure: false, ignoreTLS: true });
    await smtp.sendMail({
      from: 'Garrett <garrett@orbitrides.example>',
      to: emailAddress,
      subject: 'Pitch Deck – Orbit Rides',
      text: 'We are raising our seed round.',
      attachments: [{ filename: 'orbit-rides.pdf', content: readFileSync(DECK), contentType: 'application/pdf' }],
    });

    // Without a reload: the row on the admin's pipeline, then its score; the teammate's dashboard card.
    const row = page.getByRole('row').filter({ hasText: 'Orbit Rides' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('tab', { name: /All/ })).toContainText('1');
    await expect(row.getByLabel(/^FitScore \d+$/)).toBeVisible({ timeout: 120_000 });
    await expect(latest).toContainText('Orbit Rides', { timeout: 30_000 });

    // The teammate moves it to Hot by the API (another client); the admin's screen follows.
    const { deals } = await api<{ deals: { id: string; startupName: string }[] }>(mate, 'GET', '/api/vc/deals?q=Orbit');
    await api(mate, 'POST', `/api/vc/deals/${deals[0]!.id}/status`, { status: 'hot', note: '' });
    await expect(page.getByRole('group', { name: 'Status of Orbit Rides' }).first().getByRole('button', { name: 'Hot' })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 10_000,
    });
    await expect(page.getByRole('tab', { name: /Hot/ })).toContainText('1');
    await other.close();
  });
});
