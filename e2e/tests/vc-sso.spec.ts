import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestIdentityProvider, type TestIdentityProvider } from '../../apps/server/src/modules/sso/test-identity-provider.ts';
import { expect, shoot, test, useSession } from '../fixtures.ts';
import { pageOn } from '../other-server.ts';
import { startFitScore, type FitScoreProcess } from '../server-process.ts';

// Issue 33 point 3: an Enterprise fund's admin connects the fund's identity provider in Settings →
// Single sign-on; a colleague whose email is in the fund's domain signs in with "Continue with SSO"
// through a real OpenID Connect provider (oidc-provider, on a local port) and lands in the app as a
// member. Enterprise is set by an operator (`npm run plan:set`), so this spec runs a server of its own.
const ROOT = join(import.meta.dirname, '../..');
const DOMAIN = 'northwind-sso.test';
const FUND = { fund_name: 'Northwind Ventures', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null };

test.describe('Settings → Single sign-on', () => {
  let app: FitScoreProcess;
  let idp: TestIdentityProvider | undefined;
  test.afterAll(async () => {
    await idp?.close();
    await app?.stop();
  });

  test('an admin connects the identity provider; a colleague signs in with SSO and joins as a member', async ({ browser }) => {
    test.setTimeout(300_000);
    app = await startFitScore();
    const admin = { email: `nora@${DOMAIN}`, password: 'correct-horse-1', name: 'Nora Admin' };
    const signup = await fetch(`${app.apiUrl}/user/signup/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...admin, type: 'vc' }) });
    expect(signup.status).toBe(201);
    const made = (await signup.json()) as { user: { id: string }; token: string };
    const vc = { ...admin, id: made.user.id, token: made.token, type: 'vc' as const };
    const step1 = await fetch(`${app.apiUrl}/vc/profile/step1/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` }, body: JSON.stringify(FUND) });
    expect(step1.status).toBe(200);
    const fundId = ((await step1.json()) as { profile: { id: string } }).profile.id;

    let { context, page, errors } = await pageOn(browser, app.webUrl);
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=sso');
    const prompt = page.getByRole('region', { name: 'Enterprise plan for single sign-on' });
    await expect(prompt).toContainText('Single sign-on is an Enterprise feature');
    await shoot(page, 'sso-trial');
    await context.close();

    await app.stop({ keepData: true });
    await promisify(execFile)('npm', ['run', '-s', 'plan:set', '--', '--fund', fundId, '--plan', 'enterprise'], { cwd: ROOT, env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' } });
    app = await startFitScore({}, { dataDir: app.dataDir });
    idp = await startTestIdentityProvider({ redirectUri: `${app.apiUrl}/api/auth/sso/callback` });
    idp.addAccount({ sub: 'sam-1', email: `sam@${DOMAIN}`, given_name: 'Sam', family_name: 'Sato' });
    idp.signInAs('sam-1');

    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=sso');
    await expect(page.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(`${app.apiUrl}/api/auth/sso/callback`);
    const form = page.getByRole('form', { name: 'Identity provider' });
    await form.getByRole('textbox', { name: 'Issuer URL' }).fill(idp.issuer);
    await form.getByRole('textbox', { name: 'Client ID' }).fill(idp.clientId);
    await form.getByLabel('Client secret').fill(idp.clientSecret);
    await form.getByRole('textbox', { name: 'Email domains' }).fill(DOMAIN);
    await form.getByRole('button', { name: 'Turn on single sign-on' }).click();
    await expect(form.getByText('A secret is stored. Leave this empty to keep it.')).toBeVisible();
    await page.getByRole('button', { name: 'Create SCIM token' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'it is shown only this once' });
    expect(await shown.getByRole('textbox', { name: 'SCIM token' }).inputValue()).toMatch(/^fss_/);
    await shoot(page, 'sso-settings');
    expect(errors).toEqual([]);
    await context.close();

    // The colleague: a fresh browser, the sign-in page, their work email.
    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await page.goto('/signin');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByRole('combobox', { name: 'Account type' }).selectOption('vc');
    await signIn.getByRole('textbox', { name: 'Email' }).fill(`sam@${DOMAIN}`);
    const sso = signIn.getByRole('link', { name: 'Continue with SSO' });
    await expect(sso).toBeVisible();
    await shoot(page, 'sso-signin');
    await sso.click();
    await page.waitForURL(/\/vc\//);
    await page.goto('/vc/settings?tab=team');
    await expect(page.getByText(`sam@${DOMAIN}`)).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();

    // Require SSO: the password path says why it is refused.
    const required = await fetch(`${app.apiUrl}/api/vc/sso`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` },
      body: JSON.stringify({ issuerUrl: idp.issuer, clientId: idp.clientId, domains: [DOMAIN], requireSso: true }),
    });
    expect(required.status).toBe(200);
    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await page.goto('/signin?sso_error=state_invalid');
    await expect(page.getByRole('alert')).toContainText('This sign-in link has expired');
    const again = page.getByRole('form', { name: 'Sign in' });
    await expect(again.getByRole('combobox', { name: 'Account type' })).toHaveValue('vc');
    await again.getByRole('textbox', { name: 'Email' }).fill(admin.email);
    await expect(page.getByText('Your fund requires single sign-on')).toBeVisible();
    await shoot(page, 'sso-signin-required');
    await context.close();
  });
});
