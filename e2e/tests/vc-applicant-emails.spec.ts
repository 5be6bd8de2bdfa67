import type { Page } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, createUser, expect, test, useSession } from '../fixtures.ts';
import { mailsTo } from '../outbox.ts';

const DECK = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/uber-2008-deck-redesign.pdf');
const haveDeck = existsSync(DECK);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${DECK} is missing`);
const SHOTS = process.env.SHOTS_DIR ?? resolve(import.meta.dirname, '../test-results/vc-applicant-emails');
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('founders hear back', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${DECK}`);

  test('an admin words the applicant emails; an applicant gets the receipt with the reference shown, then the reasons of the Cold, never the note', async ({ page, browser }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const vc = await createUser('vc', 'Lena Lantern');
    await api(vc, 'POST', '/vc/profile/step1/', {
      fund_name: 'Lantern Capital',
      website: 'lantern.vc',
      sectors: ['SaaS'],
      stages: ['Series A'],
      geography: ['US'],
      ticket_size_min: null,
      ticket_size_max: null,
    });
    await api(vc, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
    await api(vc, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: true });

    // The admin words the receipt in Settings → Intake Sources.
    await useSession(page, vc);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/vc/settings?tab=intake');
    const emails = page.getByRole('form', { name: 'Emails to applicants' });
    await expect(emails.getByRole('textbox', { name: 'Receipt subject' })).toHaveValue('{fund} received your application ({reference})');
    await expect(emails.getByText('Sent from Lantern Capital')).toBeVisible();
    await emails.getByRole('textbox', { name: 'Receipt subject' }).fill('Lantern has your deck, {company} ({reference})');
    // The decline must keep {reasons}: the form says so and saves nothing.
    const decline = emails.getByRole('textbox', { name: 'Decline text' });
    const declineText = await decline.inputValue();
    await decline.fill('Not for us.');
    await emails.getByRole('button', { name: 'Save Emails' }).click();
    await expect(emails.getByText('The decline email must include {reasons}: applicants are told why')).toBeVisible();
    await decline.fill(declineText);
    await emails.getByRole('button', { name: 'Save Emails' }).click();
    await expect(toasts(page)).toContainText('Applicant emails saved');
    await emails.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'applicant-emails-1280.png'), fullPage: true });
    await page.reload();
    await expect(page.getByRole('form', { name: 'Emails to applicants' }).getByRole('textbox', { name: 'Receipt subject' })).toHaveValue(
      'Lantern has your deck, {company} ({reference})',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'applicant-emails-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signed out, a founder applies on the fund's page and is shown a reference.
    const { applyUrl } = await api<{ applyUrl: string }>(vc, 'GET', '/vc/intake/');
    const founder = await browser.newContext({ baseURL: process.env.E2E_WEB_URL!, viewport: { width: 1280, height: 900 } });
    const apply = await founder.newPage();
    await apply.goto(applyUrl);
    await apply.getByRole('textbox', { name: 'Company name' }).fill('Curbside Cabs');
    await apply.getByRole('combobox', { name: 'Stage' }).selectOption('Seed');
    await apply.getByRole('combobox', { name: 'Sector' }).selectOption('Marketplace');
    await apply.getByRole('textbox', { name: 'Email' }).fill('garrett@curbside.example');
    await apply.getByLabel('Pitch deck file').setInputFiles(DECK);
    // A person takes more than three seconds to fill the form; the page sends how long it was open.
    await apply.waitForTimeout(3200);
    await apply.getByRole('button', { name: 'Submit Application' }).click();
    await expect(apply.getByRole('heading', { name: 'Thank you, your application is in' })).toBeVisible({ timeout: 30_000 });
    const reference = (await apply.getByText(/^FS-[0-9A-F]{10}$/).textContent())!;
    await founder.close();

    await expect.poll(async () => (await mailsTo('garrett@curbside.example')).map((m) => m.subject), { timeout: 60_000 }).toEqual([
      `Lantern has your deck, Curbside Cabs (${reference})`,
    ]);
    const [receipt] = await mailsTo('garrett@curbside.example');
    expect(receipt!.from).toMatch(/^Lantern Capital </);
    expect(receipt!.text).toContain(`its reference is ${reference}`);

    // The partner moves it to Cold with a reason and a note; the dialog says the founder is emailed.
    await expect
      .poll(async () => ((await api(vc, 'GET', '/api/vc/deals?q=Curbside')).deals as { scoring: { state: string } }[])[0]?.scoring.state, { timeout: 120_000 })
      .toBe('done');
    await page.goto('/vc/pipeline?tab=all');
    await page.getByRole('group', { name: 'Status of Curbside Cabs' }).first().getByRole('button', { name: 'Cold' }).click();
    const passing = page.getByRole('dialog', { name: 'Reason for passing' });
    await expect(passing).toContainText('The founder is emailed the reasons you pick, never the note.');
    // Only the partner's own reason: the suggested ones (once they have loaded) are unticked.
    await expect(passing.getByRole('status').filter({ hasText: 'Loading the suggested reasons' })).toHaveCount(0);
    const pressed = passing.getByRole('group', { name: 'Reasons' }).getByRole('button', { pressed: true });
    for (const name of await pressed.allTextContents()) await passing.getByRole('button', { name, exact: true }).click();
    await expect(pressed).toHaveCount(0);
    await passing.getByLabel('Add your own reason').fill('We only lead Series A rounds');
    await passing.getByRole('button', { name: 'Add', exact: true }).click();
    await passing.getByLabel('Internal note (optional)').fill('Founder seemed unprepared');
    await passing.getByRole('button', { name: 'Move to Cold' }).click();
    await expect(toasts(page)).toContainText('Deal moved to Cold');

    await expect.poll(async () => (await mailsTo('garrett@curbside.example')).length, { timeout: 60_000 }).toBe(2);
    const declined = (await mailsTo('garrett@curbside.example'))[1]!;
    expect(declined.subject).toBe(`Lantern Capital: your application for Curbside Cabs (${reference})`);
    expect(declined.text).toContain('- We only lead Series A rounds');
    expect(declined.text).not.toContain('unprepared');
  });
});
