import type { Page } from '@playwright/test';
import { api, createFund, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';

test.describe('saved pipeline views (issue 31 point 2)', () => {
  test.setTimeout(120_000);

  test('saves the pipeline under a name, shares it with the fund, makes it the default and applies it', async ({ page }) => {
    const vc = await createFund('Val Views');
    await useSession(page, vc);
    await page.goto('/vc/pipeline?tab=hot&sector=Fintech&sort=-fitScore');
    await expect(page.getByRole('combobox', { name: 'Saved views' })).toBeVisible();
    // 'My deals' is built in.
    await expect(page.getByRole('combobox', { name: 'Saved views' }).locator('option', { hasText: 'My deals' })).toHaveCount(1);

    // The Date column off, then saved, shared and made the default.
    await page.getByText('Columns', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Date' }).uncheck();
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill('Hot fintech');
    await dialog.getByLabel('Share with the fund').check();
    await dialog.getByLabel('Open the pipeline with this view').check();
    await shoot(page, 'save-view');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByText('View Hot fintech saved')).toBeVisible();
    await expect.poll(async () => (await api<{ defaultViewId: string | null }>(vc, 'GET', '/api/vc/views')).defaultViewId).not.toBeNull();
    const { views } = await api<{ views: { name: string; shared: boolean; state: Record<string, unknown> }[] }>(vc, 'GET', '/api/vc/views');
    expect(views.find((v) => v.name === 'Hot fintech')).toMatchObject({
      shared: true,
      state: { tab: 'hot', sector: 'Fintech', sort: '-fitScore', columns: ['sector', 'stage', 'geography', 'fitScore', 'source'], layout: 'table' },
    });

    // The plain pipeline opens with the default: its address, filters and columns.
    await page.goto('/vc/pipeline');
    await expect(page).toHaveURL(/tab=hot/);
    await expect(page).toHaveURL(/sector=Fintech/);
    await expect(page.getByRole('combobox', { name: 'Saved views' })).toHaveValue(/[0-9a-f-]{36}/);
    await shoot(page, 'saved-view-applied');

    // 'My deals' applies the member as owner.
    await page.getByRole('combobox', { name: 'Saved views' }).selectOption({ label: 'My deals' });
    await expect(page).toHaveURL(new RegExp(`owner=${vc.id}`));
  });
});

/** Deals brought in by the CSV import (a fund's deal flow), each `[company, sector]`; waited for until imported. */
async function importDeals(vc: TestUser, rows: [string, string][]) {
  const day = new Date().toISOString().slice(0, 10);
  const form = new FormData();
  const csv = `Company,Sector,Location,Date added\n${rows.map(([name, sector]) => `${name},${sector},US,${day}`).join('\n')}\n`;
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'deals.csv');
  const upload = await api<{ id: string; mapping: Record<string, number> }>(vc, 'POST', '/api/vc/deal-imports', form);
  await api(vc, 'POST', `/api/vc/deal-imports/${upload.id}/start`, { mapping: upload.mapping });
  await expect
    .poll(async () => (await api<{ imported: number }>(vc, 'GET', `/api/vc/deal-imports/${upload.id}`)).imported, { timeout: 60_000 })
    .toBe(rows.length);
}

const column = (page: Page, name: string) => page.locator(`section[data-stage-column="${name}"]`);

test.describe('a saved view of the board (issue 31 points 1 and 2)', () => {
  test.setTimeout(120_000);

  test('a view saved on the board with a filter brings back the board and the filter after a reload', async ({ page }) => {
    const vc = await createFund('Bo Board Views');
    await importDeals(vc, [
      ['Falcon Pay', 'Fintech'],
      ['Sparrow Desk', 'SaaS'],
    ]);
    await useSession(page, vc);
    await page.goto('/vc/pipeline');
    const layout = page.getByRole('radiogroup', { name: 'Pipeline view' });
    await layout.getByRole('radio', { name: 'Board' }).click();
    await expect(column(page, 'New').getByRole('button', { name: 'Falcon Pay, New' })).toBeVisible();
    await expect(column(page, 'New').getByRole('button', { name: 'Sparrow Desk, New' })).toBeVisible();

    // The board narrowed to Fintech, then saved under a name.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('combobox', { name: 'Sector' }).selectOption('Fintech');
    await expect(page).toHaveURL(/sector=Fintech/);
    await expect(column(page, 'New').getByRole('button', { name: 'Sparrow Desk, New' })).toHaveCount(0);
    await expect(column(page, 'New').getByRole('button', { name: 'Falcon Pay, New' })).toBeVisible();
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill('Fintech board');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('View Fintech board saved');
    const { views } = await api<{ views: { name: string; state: Record<string, unknown> }[] }>(vc, 'GET', '/api/vc/views');
    expect(views.find((v) => v.name === 'Fintech board')?.state).toMatchObject({ sector: 'Fintech', layout: 'board' });

    // Elsewhere: back to the table (remembered by this browser), the filter cleared, the page reloaded.
    await layout.getByRole('radio', { name: 'Table' }).click();
    await page.goto('/vc/dashboard');
    await page.goto('/vc/pipeline');
    await page.reload();
    await expect(layout.getByRole('radio', { name: 'Table' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('row', { name: /Sparrow Desk/ })).toBeVisible();
    await expect(page).not.toHaveURL(/sector=/);

    // Applying the view: the board again, narrowed to Fintech.
    await page.getByRole('combobox', { name: 'Saved views' }).selectOption({ label: 'Fintech board' });
    await expect(layout.getByRole('radio', { name: 'Board' })).toHaveAttribute('aria-checked', 'true');
    await expect(page).toHaveURL(/sector=Fintech/);
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveText('Filters (1)');
    if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
    await expect(page.getByRole('combobox', { name: 'Sector' })).toHaveValue('Fintech');
    await expect(column(page, 'New').getByRole('button', { name: 'Falcon Pay, New' })).toBeVisible();
    await expect(column(page, 'New').getByRole('button', { name: 'Sparrow Desk, New' })).toHaveCount(0);
    await expect(column(page, 'New').getByLabel('1 deal', { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await shoot(page, 'board-saved-view');
  });
});
