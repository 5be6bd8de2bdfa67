import type { Page } from '@playwright/test';
import { api, apiUrl, createFund, createUser, expect, shoot, test, uniqueEmail, useSession } from '../fixtures.ts';

// Issue 29 point 11: the small things a paying user notices.
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('an unknown deal says so and leads back to the pipeline', async ({ page }) => {
  await useSession(page, await createFund('Nora Notfound'));
  await page.goto('/vc/deal/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Deal not found' })).toBeVisible();
  await expect(page.getByText('We could not load this page.')).toHaveCount(0);
  await shoot(page, 'deal-not-found');
  await page.getByRole('link', { name: 'Back to the pipeline' }).click();
  await expect(page).toHaveURL(/\/vc\/pipeline$/);
});

test('sign-in says inline when the password is right for the other account type, and preselects the type last used here', async ({ page }) => {
  const vc = await createUser('vc', 'Tina Type');
  await page.goto('/signin');
  const type = page.getByLabel('Account type');
  await expect(type).toHaveValue('founder');
  await page.getByLabel('Email').fill(vc.email);
  await page.getByLabel('Password').fill(vc.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const message = 'This account is registered as Investor (VC). Choose Investor (VC) to sign in.';
  // Beside the select (the field's own error), not only in a toast.
  await expect(page.getByRole('form', { name: 'Sign in' }).getByText(message)).toBeVisible();
  await expect(type).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'signin-wrong-type');

  // A wrong password says nothing about the account's type.
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();

  await type.selectOption('vc');
  await page.getByLabel('Password').fill(vc.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/vc\//);
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.goto('/signin');
  await expect(page.getByLabel('Account type')).toHaveValue('vc');
});

test('a corrected sign-up leaves no stale "Passwords do not match" beside "Account created successfully!"', async ({ page }) => {
  await page.goto('/signup?role=vc');
  await page.getByLabel('Full name').fill('Sam Signup');
  await page.getByLabel('Email').fill(uniqueEmail('signup'));
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByLabel('Confirm password').fill('secret-124');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts(page).getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('secret-123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts(page).getByText('Account created successfully!')).toBeVisible();
  // Checked once, when the success shows (a retrying check would only wait for the toast's own timeout).
  expect(await toasts(page).getByText('Passwords do not match').count()).toBe(0);
});

test('Escape closes the phone menu and gives focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const toggle = page.getByRole('button', { name: 'Close menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('the join page names the fund; a mention notification shows the comment formatted, not raw Markdown', async ({ page, browser }) => {
  const admin = await createFund('Ada Admin', { fundName: 'Harbor Ventures' });
  const { invite } = await api<{ invite: { url: string } }>(admin, 'POST', '/vc/team/invites/', { email: null, role: 'member' });
  const token = new URL(invite.url).searchParams.get('token')!;

  await page.goto(`/join?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Join Harbor Ventures on FitScore' })).toBeVisible();
  await expect(page.getByText('You have been invited to Harbor Ventures.')).toBeVisible();
  await shoot(page, 'join-names-fund');

  const member = await createUser('vc', 'Max Member');
  await api(member, 'POST', '/vc/team/join/', { token });
  const form = new FormData();
  form.append('companyName', 'Acme Robotics');
  form.append('stage', 'Seed');
  form.append('sector', 'SaaS');
  const deck = await (await fetch(`${apiUrl()}/docs/sample-deck.pdf`)).arrayBuffer();
  form.append('file', new Blob([deck], { type: 'application/pdf' }), 'sample-deck.pdf');
  const { deal } = await api<{ deal: { id: string } }>(admin, 'POST', '/api/vc/deals/upload', form);
  await api(admin, 'POST', `/api/vc/deals/${deal.id}/comments`, { body: `**Strong** traction, @[Max Member](${member.id}) can you call them?` });

  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const them = await other.newPage();
  await useSession(them, member);
  await them.goto('/vc/dashboard');
  const group = them.getByRole('region', { name: 'Mentions & Assignments' });
  await expect(group.getByText('Ada Admin mentioned you on Acme Robotics')).toBeVisible();
  await expect(group.locator('strong', { hasText: 'Strong' })).toBeVisible();
  await expect(group.getByText('**', { exact: false })).toHaveCount(0);
  await other.close();
});
