import { readFileSync } from 'node:fs';
import { messyDealsCsv } from '../../apps/server/test/messy-deals-csv.ts';
import { api, createFund, expect, shoot, test, useSession } from '../fixtures.ts';

test.describe('importing the deal flow from a CSV (issue 31 point 5)', () => {
  // A 2,000-row import on a machine busy with other suites: minutes, not seconds.
  test.setTimeout(900_000);

  test('a messy 2,000-row export: map, preview, import (surviving a reload), the report, the deals in the pipeline', async ({ page }) => {
    const vc = await createFund('Ivy Importer');
    const { stages } = await api<{ stages: { name: string }[] }>(vc, 'GET', '/api/vc/stages');
    const messy = messyDealsCsv({ rows: 2000, memberEmails: [vc.email], stageNames: stages.map((s) => s.name) });

    await useSession(page, vc);
    await page.goto('/vc/pipeline');
    await page.getByRole('link', { name: 'Import deals' }).click();
    await expect(page.getByRole('heading', { name: 'Import deals' })).toBeVisible();
    await page.getByLabel('CSV file').setInputFiles({ name: 'affinity-export.csv', mimeType: 'text/csv', buffer: Buffer.from(messy.csv) });
    await page.getByRole('button', { name: 'Upload and map columns' }).click();

    // The columns, suggested from the header names.
    await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
    await expect(page.getByText('affinity-export.csv · 2,000 rows')).toBeVisible();
    const selected = (label: string) => page.getByLabel(label, { exact: true }).locator('option:checked');
    await expect(selected('Company')).toHaveText('Organization Name');
    await expect(selected('Stage')).toHaveText('Status');
    await expect(selected('Owner')).toHaveText('Deal Lead');
    await expect(selected('Date added')).toHaveText('Date Added');
    await expect(selected('Tags')).toHaveText('Labels');
    await expect(selected('Deck URL')).toHaveText('Pitch deck URL');

    // The preview: rows as they will be imported (the fund's stage, the member, the date read, what is said).
    const preview = page.getByRole('table', { name: 'Preview' });
    const first = preview.getByRole('row').filter({ hasText: messy.companyOf(1) });
    await expect(first).toContainText('Screening');
    await expect(first).toContainText('Feb 2, 2024');
    await expect(first).toContainText('climate, hardware');
    await expect(preview.getByRole('row').filter({ hasText: messy.companyOf(2) })).toContainText('is not a member of your fund: left unassigned');
    await expect(preview.getByRole('row').filter({ hasText: messy.companyOf(4) })).toContainText('Ivy Importer');
    await shoot(page, 'vc-import-mapping');

    // Another choice is previewed again: no owner column, nobody is assigned.
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Not imported' });
    await expect(preview.getByRole('row').filter({ hasText: messy.companyOf(4) })).toContainText('Unassigned');
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Deal Lead' });
    await expect(preview.getByRole('row').filter({ hasText: messy.companyOf(4) })).toContainText('Ivy Importer');

    await page.getByRole('button', { name: 'Import 2,000 rows' }).click();
    // A reload while it runs comes back to the same import.
    await page.reload({ timeout: 300_000 });
    await expect(page.getByRole('heading', { name: /^(Importing affinity-export\.csv|Import finished)$/ })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 600_000 });
    const count = (label: string) => page.locator('dl div').filter({ hasText: label }).locator('dd');
    await expect(count('Imported')).toHaveText(messy.expected.imported.toLocaleString('en-US'));
    await expect(count('Merged')).toHaveText(String(messy.expected.merged));
    await expect(count('Refused')).toHaveText(String(messy.expected.refused));
    const refused = page.getByRole('table', { name: 'Refused rows' });
    await expect(refused.getByRole('row').filter({ hasText: 'No company name' }).first()).toContainText('50');
    await shoot(page, 'vc-import-report');

    // The report: every row with its outcome and reason.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report' }).click()]);
    expect(download.suggestedFilename()).toBe('affinity-export-report.csv');
    const report = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(report.filter((l) => /^\d+,/.test(l))).toHaveLength(2000);
    expect(report.find((l) => l.startsWith('9,'))).toContain('Legacy Pipeline');
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Report downloaded');

    // The deals are in the pipeline, from the import, with their owner.
    await page.getByRole('link', { name: 'Go to Pipeline' }).click();
    await page.getByPlaceholder('Search deals...').fill(messy.companyOf(4));
    // 'Lumen Labs 4' also finds 'Lumen Labs 404': the row is the one with row 4's date.
    const row = page.getByRole('row').filter({ hasText: messy.companyOf(4) }).filter({ hasText: 'May 5, 2023' });
    await expect(row).toContainText('Import');
    await expect(row).toContainText('No deck yet');
  });
});
