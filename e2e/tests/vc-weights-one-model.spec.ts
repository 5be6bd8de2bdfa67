import type { Page } from '@playwright/test';
import { api, createFund, expect, shoot, test, useSession } from '../fixtures.ts';

// Issue 29 point 5: Scoring Preferences (six percentages) and Investment Weights (nine 1-10
// weights) are two views of one model; both show each dimension's share of the overall, and a
// round trip through both screens changes nothing.

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const KEYS = ['team', 'market', 'problemSolution', 'traction', 'product', 'businessModel', 'financials', 'gtm', 'risks'];

async function sharesOnScreen(page: Page) {
  const shares: Record<string, string> = {};
  for (const key of KEYS) shares[key] = (await page.getByTestId(`overall-${key}`).textContent())!;
  return shares;
}

test('both weight screens show the same share of the overall; save on one, read on the other, save again: nothing drifts', async ({ page }) => {
  const vc = await createFund('Paula Partner');
  await useSession(page, vc);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto('/vc/settings?tab=scoring');
  const field = (name: string) => page.getByRole('spinbutton', { name });
  await expect(field('Traction')).toHaveValue('20');
  // Defaults: the six at 8:6:6:8:6:6, team/market/problem at 5 (sum 55): traction is 14.5% of the overall.
  await expect(page.getByTestId('overall-traction')).toHaveText('14.5% of overall');
  await expect(page.getByTestId('overall-team')).toHaveText('9.1% of overall');

  // 40/12/12/12/12/12: traction's 40% is of the six; the preview says what it is of the overall.
  await field('Traction').fill('40');
  for (const name of ['Product', 'Business Model', 'Financials', 'Go-to-Market', 'Risks']) await field(name).fill('12');
  await expect(page.getByText('Total: 100%')).toBeVisible();
  // 10:3:3:3:3:3 plus 5+5+5 → sum 40: traction 25%, each of the others 7.5%, team 12.5%.
  await expect(page.getByTestId('overall-traction')).toHaveText('25% of overall');
  await expect(page.getByTestId('overall-product')).toHaveText('7.5% of overall');
  await expect(page.getByTestId('overall-team')).toHaveText('12.5% of overall');
  await page.getByRole('button', { name: 'Save Scoring Preferences' }).click();
  await expect(toasts(page).getByText('Scoring preferences updated')).toBeVisible();
  const fromPreferences = await sharesOnScreen(page);
  await shoot(page, 'scoring-preferences-shares');

  // The other screen shows the very same shares, and its sliders the weights behind them.
  await page.getByRole('link', { name: 'Investment Weights' }).click();
  await expect(page).toHaveURL(/\/vc\/settings\/weights$/);
  await expect(page.getByRole('slider', { name: 'Traction' })).toHaveAttribute('aria-valuetext', '10 of 10');
  expect(await sharesOnScreen(page)).toEqual(fromPreferences);
  await shoot(page, 'investment-weights-shares');
  // A slider moves the share live.
  await page.getByRole('slider', { name: 'Team' }).fill('10');
  await expect(page.getByTestId('overall-team')).toHaveText('22.2% of overall');
  await page.getByRole('slider', { name: 'Team' }).fill('5');
  await expect(page.getByTestId('overall-team')).toHaveText('12.5% of overall');
  await page.getByRole('button', { name: 'Save Weights' }).click();
  await expect(toasts(page).getByText('Investment weights updated successfully')).toBeVisible();

  // Back on Scoring Preferences: the same percentages and shares; saving again stores the same model.
  await expect(page).toHaveURL(/\/vc\/settings/);
  await expect(field('Traction')).toHaveValue('40');
  await expect(field('Risks')).toHaveValue('12');
  expect(await sharesOnScreen(page)).toEqual(fromPreferences);
  const before = (await api(vc, 'GET', '/vc/profile/')).profile;
  await page.getByRole('button', { name: 'Save Scoring Preferences' }).click();
  await expect(toasts(page).getByText('Scoring preferences updated').first()).toBeVisible();
  const after = (await api(vc, 'GET', '/vc/profile/')).profile;
  expect(after.investmentWeights).toEqual(before.investmentWeights);
  expect(after.overallShares).toEqual(before.overallShares);
});
