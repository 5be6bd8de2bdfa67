import type { Page } from '@playwright/test';
import { createUser, expect, test, useSession } from '../fixtures.ts';

// Runs in the 'mobile' project: 390 x 844, touch.
async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(390);
}

test('an investor onboards on a phone, and every VC page fits 390 px', async ({ page }) => {
  await useSession(page, await createUser('vc', 'Mo Bile'));
  await page.goto('/vc/onboarding');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByLabel('Fund name').fill('Pocket Ventures');
  await page.getByRole('group', { name: /^Sectors/ }).getByText('Fintech', { exact: true }).tap();
  await page.getByRole('group', { name: /^Investment stages/ }).getByText('Pre-seed', { exact: true }).tap();
  await page.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Next' }).tap();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Complete Setup' }).tap();
  await expect(page).toHaveURL(/\/vc\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Pocket Ventures' })).toBeVisible();

  // The phone menu carries the VC links.
  const toggle = page.getByRole('button', { name: /menu/i });
  await toggle.tap();
  const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  for (const name of ['Dashboard', 'Pipeline', 'Settings']) await expect(panel.getByRole('link', { name })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await toggle.tap();

  for (const [path, text] of [
    ['/vc/dashboard', 'Latest Scored Startup'],
    ['/vc/pipeline', 'No deals match your current filters.'],
    ['/vc/hot', 'No hot deals yet'],
    ['/vc/track', 'No tracked deals yet'],
    ['/vc/cold', 'No cold deals yet'],
    ['/vc/settings', 'Contact support to change your email'],
    ['/vc/settings', 'Two-factor authentication'],
    ['/vc/settings', 'Sign out all other sessions'],
    ['/vc/settings?tab=fund', 'Investment stages'],
    ['/vc/settings?tab=scoring', 'Total: 100%'],
    ['/vc/settings?tab=intake', 'Public apply URL'],
    ['/vc/settings/weights', 'Reset to Defaults'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await noSidewaysScroll(page);
  }
  // Every settings tab is on screen (none hidden off the side).
  await page.goto('/vc/settings');
  for (const name of ['Account', 'Fund Profile', 'Scoring Preferences', 'Intake Sources']) {
    await expect(page.getByRole('tab', { name })).toBeInViewport();
  }
});
