import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, shoot, test, useSession } from '../fixtures.ts';
import { pageOn, signUpOn } from '../other-server.ts';
import { startFitScore, type FitScoreProcess } from '../server-process.ts';

// Issue 33 point 6: an Enterprise fund's admin exports everything in Settings → Data and schedules
// the fund's deletion (typed name, grace period, banner), then cancels it. Enterprise is set by an
// operator (`npm run plan:set`), so this spec runs a server of its own and stops it for the command.
const ROOT = join(import.meta.dirname, '../..');

const FUND = { fund_name: 'Harbor Capital', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null };

test.describe('Settings → Data', () => {
  let app: FitScoreProcess;
  test.afterAll(async () => {
    await app?.stop();
  });

  test('an admin on Enterprise exports all data, schedules the fund’s deletion by typing its name, and cancels it', async ({ browser }) => {
    test.setTimeout(300_000);
    app = await startFitScore();
    const vc = await signUpOn(app, 'vc', 'Dana Data');
    const step1 = await fetch(`${app.apiUrl}/vc/profile/step1/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` },
      body: JSON.stringify(FUND),
    });
    expect(step1.status).toBe(200);
    const fundId = ((await step1.json()) as { profile: { id: string } }).profile.id;

    let { context, page, errors } = await pageOn(browser, app.webUrl);
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=data');
    await expect(page.getByRole('region', { name: 'Enterprise plan for data export and deletion' })).toContainText('Data export and fund deletion are Enterprise features');
    await shoot(page, 'fund-data-trial');
    await context.close();

    await app.stop({ keepData: true });
    await promisify(execFile)('npm', ['run', '-s', 'plan:set', '--', '--fund', fundId, '--plan', 'enterprise'], { cwd: ROOT, env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' } });
    app = await startFitScore({}, { dataDir: app.dataDir });

    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=data');
    await expect(page.getByRole('heading', { name: 'Export all data' })).toBeVisible();
    await shoot(page, 'fund-data');

    // The archive: a ZIP named for the fund and the day.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export all data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^harbor-capital-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true);
    await expect(page.getByText('Your fund’s data is downloading')).toBeVisible();

    // Deleting: the button stays off until the fund's name is typed exactly.
    await page.getByRole('button', { name: 'Delete fund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Harbor Capital?' });
    await expect(dialog).toContainText('7 days after you confirm');
    const confirm = dialog.getByRole('button', { name: 'Delete fund' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type “Harbor Capital” to confirm' }).fill('harbor capital');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type “Harbor Capital” to confirm' }).fill('Harbor Capital');
    await shoot(page, 'fund-data-confirm');
    await confirm.click();
    await expect(dialog).toBeHidden();

    // Scheduled: the banner on every screen, the date in Settings, and a way back.
    const banner = page.getByRole('alert').filter({ hasText: 'This fund is scheduled for deletion on' });
    await expect(banner).toBeVisible();
    await expect(page.getByText(/Scheduled for deletion on .+ by Dana Data/)).toBeVisible();
    await shoot(page, 'fund-data-scheduled');
    await page.goto('/vc/dashboard');
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: 'Review or cancel' }).click();
    await page.getByRole('button', { name: 'Cancel deletion' }).click();
    await expect(page.getByText('The deletion was cancelled. Your fund stays.')).toBeVisible();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete fund' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
});
