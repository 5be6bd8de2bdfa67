import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, shoot, test, useSession } from '../fixtures.ts';
import { pageOn, signUpOn } from '../other-server.ts';
import { startFitScore, type FitScoreProcess } from '../server-process.ts';

// Issue 33 point 5: an Enterprise fund's admin reads the audit log in Settings → Audit log, filters
// it and exports it. Enterprise is set by an operator (`npm run plan:set`), so this spec runs a
// server of its own and stops it for the command.
const ROOT = join(import.meta.dirname, '../..');

const FUND = { fund_name: 'Ledger Ventures', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null };

test.describe('Settings → Audit log', () => {
  let app: FitScoreProcess;
  test.afterAll(async () => {
    await app?.stop();
  });

  test('an admin sees the audit log as Enterprise, then reads, filters and exports it', async ({ browser }) => {
    test.setTimeout(300_000);
    app = await startFitScore();
    const vc = await signUpOn(app, 'vc', 'Avery Audit');
    const post = (path: string, body: unknown) =>
      fetch(`${app.apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` }, body: JSON.stringify(body) });
    const step1 = await post('/vc/profile/step1/', FUND);
    expect(step1.status).toBe(200);
    const fundId = ((await step1.json()) as { profile: { id: string } }).profile.id;

    let { context, page, errors } = await pageOn(browser, app.webUrl);
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=audit');
    const prompt = page.getByRole('region', { name: 'Enterprise plan for the audit log' });
    await expect(prompt).toContainText('The audit log is an Enterprise feature');
    await shoot(page, 'audit-log-trial');
    await context.close();

    await app.stop({ keepData: true });
    await promisify(execFile)('npm', ['run', '-s', 'plan:set', '--', '--fund', fundId, '--plan', 'enterprise'], { cwd: ROOT, env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' } });
    app = await startFitScore({}, { dataDir: app.dataDir });

    // A wrong password, a sign-in and an invite: each is an entry.
    const login = (password: string) =>
      fetch(`${app.apiUrl}/user/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: vc.email, password, type: 'vc' }) });
    expect((await login('not-the-password-1')).status).toBe(401);
    expect((await login(vc.password)).status).toBe(200);
    expect((await post('/vc/team/invites/', { email: 'new.partner@example.com', role: 'member' })).status).toBeLessThan(300);

    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=audit');
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    await expect(table).toContainText('Invited a member');
    await expect(table).toContainText('new.partner@example.com');
    await expect(table).toContainText('Signed in with password');
    await expect(table).toContainText('Failed sign-in');
    await expect(table).toContainText('Changed settings: fund profile');
    await shoot(page, 'audit-log');

    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Sign-ins' });
    await expect(table).not.toContainText('Invited a member');
    await expect(table).toContainText('Failed sign-in');
    await shoot(page, 'audit-log-sign-ins');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
