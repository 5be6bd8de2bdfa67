import type { Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, createUser, expect, test, useSession, type TestUser } from '../fixtures.ts';

const UBER = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/uber-2008-deck-redesign.pdf');
// The uploaded deal needs another deck: the same bytes would merge the two deals into one (intake's duplicate rule).
const AIRBNB = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/airbnb-deck-powerpoint-reproduction.pdf');
const haveDeck = existsSync(UBER) && existsSync(AIRBNB);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${UBER} or ${AIRBNB} is missing`);
/** Screens of the dialog (issue 13: 1280 px and 390 px); SHOTS_DIR puts them elsewhere. */
const SHOTS = process.env.SHOTS_DIR ?? resolve(import.meta.dirname, '../test-results/vc-decline');

const FORM_DEAL = 'Curbside Cabs';
const UPLOAD_DEAL = 'Upload Only Co';
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });


async function dealNamed(user: TestUser, name: string) {
  for (let i = 0; i < 300; i++) {
    const { deals } = await api(user, 'GET', `/api/vc/deals?q=${encodeURIComponent(name)}`);
    const deal = deals.find((d: { startupName: string }) => d.startupName === name);
    if (deal?.scoring.state === 'done') return deal as { id: string };
    if (deal?.scoring.state === 'failed') throw new Error(`scoring failed: ${deal.scoring.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} was not scored`);
}

test.describe('a reason for every no', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${UBER}`);
  test.setTimeout(180_000);

  test('a Form deal going Cold asks for reasons (quick view: Cancel keeps it; phone: confirm); an uploaded deal stays one click', async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    // A Series A SaaS fund in the US; the founder applies through the public form as a Seed marketplace.
    const vc = await createUser('vc', 'Dana Decider');
    await api(vc, 'POST', '/vc/profile/step1/', {
      fund_name: 'Later Stage Partners',
      website: '',
      sectors: ['SaaS'],
      stages: ['Series A'],
      geography: ['US'],
      ticket_size_min: null,
      ticket_size_max: null,
    });
    await api(vc, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
    await api(vc, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: false });
    const { applyUrl } = await api<{ applyUrl: string }>(vc, 'GET', '/vc/intake/');
    const slug = applyUrl.split('/').pop()!;
    const form = new FormData();
    for (const [k, v] of Object.entries({ companyName: FORM_DEAL, email: 'founder@curbside.example', stage: 'Seed', sector: 'Marketplace', fillMs: '8000' })) form.append(k, v);
    form.append('file', new Blob([readFileSync(UBER)], { type: 'application/pdf' }), 'curbside.pdf');
    await api(null, 'POST', `/api/apply/${slug}`, form);
    const upload = new FormData();
    for (const [k, v] of Object.entries({ companyName: UPLOAD_DEAL, stage: 'Seed', sector: 'SaaS' })) upload.append(k, v);
    upload.append('file', new Blob([readFileSync(AIRBNB)]), 'upload.pdf');
    await api(vc, 'POST', '/api/vc/deals/upload', upload);
    const formDeal = await dealNamed(vc, FORM_DEAL);
    const { reasons: suggested } = await api<{ reasons: string[] }>(vc, 'GET', `/api/vc/deals/${formDeal.id}/decline-reasons`);
    // From the data: the stage and the sector are outside the thesis; the geography the form left blank is not.
    expect(suggested.slice(0, 2)).toEqual(['Outside our stage', 'Outside our sectors']);
    expect(suggested).not.toContain('Outside our geography');

    // Desktop: the quick view's Cold opens the dialog with the suggestions prefilled; Cancel keeps the status.
    await useSession(page, vc);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/vc/pipeline');
    await page.getByRole('button', { name: `Quick view ${FORM_DEAL}` }).first().click();
    const quick = page.getByRole('dialog', { name: FORM_DEAL });
    await quick.getByRole('button', { name: 'Cold' }).click();
    const passing = page.getByRole('dialog', { name: 'Reason for passing' });
    await expect(passing).toBeVisible();
    const chips = passing.getByRole('group', { name: 'Reasons' }).getByRole('button');
    await expect(chips).toHaveText(suggested);
    await expect(passing.getByRole('button', { pressed: true })).toHaveCount(suggested.length);
    await passing.getByRole('button', { name: 'Outside our sectors', exact: true }).click();
    await expect(passing.getByRole('button', { name: 'Outside our sectors', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await passing.getByLabel('Internal note (optional)').fill('Strong team, wrong fund for now.');
    await page.screenshot({ path: join(SHOTS, 'decline-dialog-1280.png') });
    await passing.getByRole('button', { name: 'Cancel' }).click();
    await expect(passing).toBeHidden();
    await expect(quick.getByRole('button', { name: 'Cold' })).toHaveAttribute('aria-pressed', 'false');
    expect((await api(vc, 'GET', `/api/vc/deals/${formDeal.id}`)).deal.status).toBe('new');
    await page.keyboard.press('Escape');
    await expect(quick).toBeHidden();

    // An uploaded deal has no founder to tell: Cold stays one click.
    await page.getByRole('group', { name: `Status of ${UPLOAD_DEAL}` }).first().getByRole('button', { name: 'Cold' }).click();
    await expect(toasts(page)).toContainText('Deal moved to Cold');
    await expect(passing).toHaveCount(0);

    // Phone: the card's Cold, a reason of their own besides one suggestion, Move to Cold.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/vc/pipeline?tab=all');
    await page.getByRole('group', { name: `Status of ${FORM_DEAL}` }).first().getByRole('button', { name: 'Cold' }).click();
    await expect(passing).toBeVisible();
    await expect(chips).toHaveText(suggested);
    for (const other of suggested.slice(1)) await passing.getByRole('button', { name: other, exact: true }).click();
    await passing.getByLabel('Add your own reason').fill('Too early for us');
    await passing.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(passing.getByRole('button', { name: 'Too early for us', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SHOTS, 'decline-dialog-390.png') });
    await passing.getByLabel('Internal note (optional)').fill('Partner call: revisit at Series A');
    await passing.getByRole('button', { name: 'Move to Cold' }).click();
    await expect(passing).toBeHidden();
    await expect(toasts(page)).toContainText('Deal moved to Cold');
    const detail = await api(vc, 'GET', `/api/vc/deals/${formDeal.id}`);
    expect(detail.deal.status).toBe('cold');
    expect(detail.history[0]).toMatchObject({ to: 'cold', note: 'Partner call: revisit at Series A' });
  });
});
