import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, shoot, test, useSession } from '../fixtures.ts';
import { pageOn, signUpOn } from '../other-server.ts';
import { startFitScore, type FitScoreProcess } from '../server-process.ts';

// Issue 33 point 1: an Enterprise fund's admin makes an API key in Settings → API, another system
// uses it on /api/v1/, and revoking it ends that at once. Enterprise is set by an operator
// (`npm run plan:set`), so this spec runs a server of its own and stops it for the command.
const ROOT = join(import.meta.dirname, '../..');

const FUND = { fund_name: 'Keystone Ventures', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null };

test.describe('Settings → API', () => {
  let app: FitScoreProcess;
  test.afterAll(async () => {
    await app?.stop();
  });

  test('an admin sees API access as Enterprise, then creates a key, uses it once, and revokes it', async ({ browser }) => {
    test.setTimeout(300_000);
    app = await startFitScore();
    const vc = await signUpOn(app, 'vc', 'Kim Keys');
    const step1 = await fetch(`${app.apiUrl}/vc/profile/step1/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` }, body: JSON.stringify(FUND) });
    expect(step1.status).toBe(200);
    const fundId = ((await step1.json()) as { profile: { id: string } }).profile.id;

    let { context, page, errors } = await pageOn(browser, app.webUrl);
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=api');
    const prompt = page.getByRole('region', { name: 'Enterprise plan for API access' });
    await expect(prompt).toContainText('API access is an Enterprise feature');
    await expect(prompt.getByRole('link', { name: 'Contact Sales' })).toBeVisible();
    await shoot(page, 'api-keys-trial');
    await context.close();

    // The operator puts the fund on Enterprise (no payment), as the billing page says they do.
    await app.stop({ keepData: true });
    await promisify(execFile)('npm', ['run', '-s', 'plan:set', '--', '--fund', fundId, '--plan', 'enterprise'], { cwd: ROOT, env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' } });
    app = await startFitScore({}, { dataDir: app.dataDir });
    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=api');

    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByRole('textbox', { name: 'Key name' }).fill('Warehouse sync');
    await form.getByRole('checkbox', { name: 'team:read' }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'it is shown only this once' });
    await expect(shown).toContainText('Copy the key for Warehouse sync now');
    const key = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(key).toMatch(/^fsk_/);
    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'Warehouse sync' });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('deals:read');
    await expect(row).toContainText('team:read');
    await expect(row).toContainText('Last used never');
    await shoot(page, 'api-keys-created');

    const call = () => fetch(`${app.apiUrl}/api/v1/members`, { headers: { authorization: `Bearer ${key}` } });
    const used = await call();
    expect(used.status).toBe(200);
    expect(((await used.json()) as { members: { name: string }[] }).members.map((m) => m.name)).toEqual(['Kim Keys']);
    await page.reload();
    await expect(page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'Warehouse sync' })).not.toContainText('Last used never');

    await page.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Warehouse sync?' });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'Warehouse sync' })).toContainText('Revoked');
    expect((await call()).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});
