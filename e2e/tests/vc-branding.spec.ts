import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, shoot, test, useSession } from '../fixtures.ts';
import { pageOn, signUpOn } from '../other-server.ts';
import { startFitScore, type FitScoreProcess } from '../server-process.ts';

// Issue 33 point 4: an Enterprise fund puts its brand on its apply page (name, colour, logo, no
// 'Powered by FitScore') and serves it under its own host name. Enterprise is set by an operator
// (`npm run plan:set`), so this spec runs a server of its own and stops it for the command.
const ROOT = join(import.meta.dirname, '../..');
const FUND = { fund_name: 'Beacon Ventures', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null };
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.describe('Settings → Branding', () => {
  let app: FitScoreProcess;
  test.afterAll(async () => {
    await app?.stop();
  });

  test("an Enterprise admin brands the apply page and serves it under the fund's own host", async ({ browser }) => {
    test.setTimeout(300_000);
    app = await startFitScore();
    const vc = await signUpOn(app, 'vc', 'Bea Brand');
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${app.apiUrl}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const step1 = await call('POST', '/vc/profile/step1/', FUND);
    expect(step1.status).toBe(200);
    const fundId = ((await step1.json()) as { profile: { id: string } }).profile.id;
    expect((await call('PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: false })).status).toBe(200);

    // On the trial, the tab says what the plan is for.
    let { context, page, errors } = await pageOn(browser, app.webUrl);
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=branding');
    await expect(page.getByRole('region', { name: 'Enterprise plan for white-label intake' })).toContainText('White-label intake is an Enterprise feature');
    await context.close();

    await app.stop({ keepData: true });
    await promisify(execFile)('npm', ['run', '-s', 'plan:set', '--', '--fund', fundId, '--plan', 'enterprise'], { cwd: ROOT, env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' } });
    app = await startFitScore({}, { dataDir: app.dataDir });
    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=branding');

    const form = page.getByRole('form', { name: 'Branding' });
    await form.getByRole('textbox', { name: 'Display name' }).fill('Beacon Partners');
    await form.getByRole('textbox', { name: 'Brand colour' }).fill('#0f766e');
    await form.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible();
    await form.getByRole('switch', { name: 'Hide ‘Powered by FitScore’' }).click();
    // The apply page under this browser's other name for the same server: the fund's own host.
    const ownHost = `localhost:${new URL(app.webUrl).port}`;
    await form.getByRole('textbox', { name: 'Your own host name' }).fill(ownHost);
    await form.getByRole('button', { name: 'Save Branding' }).click();
    await expect(page.getByText('Branding saved')).toBeVisible();
    await shoot(page, 'branding-settings');

    // The fund's own host shows its apply page, in its brand.
    const apply = await context.newPage();
    await apply.goto(`http://${ownHost}/`);
    await expect(apply).toHaveURL(/\/apply\/[a-z0-9-]+$/);
    await expect(apply.getByRole('heading', { level: 1, name: 'Beacon Partners' })).toBeVisible();
    await expect(apply.getByRole('img', { name: 'Beacon Partners logo' })).toBeVisible();
    await expect(apply.getByText('Applications are read and scored with')).toHaveCount(0);
    const submit = apply.getByRole('button', { name: /Submit/ });
    await expect(submit).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await shoot(apply, 'branding-apply-page');

    // The product's own root is still the product.
    await page.goto('/');
    await expect(page).not.toHaveURL(/\/apply\//);
    expect(errors).toEqual([]);
    await context.close();
  });
});
