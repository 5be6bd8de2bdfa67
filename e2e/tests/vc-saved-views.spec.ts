import { api, createFund, expect, shoot, test, useSession } from '../fixtures.ts';

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
