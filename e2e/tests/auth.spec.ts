import { createUser, expect, test, uniqueEmail, useSession } from '../fixtures.ts';

test.describe('sign-up', () => {
  test('a founder signs up, lands on the profile step, stays signed in on reload, and signs out', async ({ page }) => {
    await page.goto('/signup?role=founder');
    await expect(page.getByText('Signing up as')).toContainText('Founder');
    await page.getByLabel('Full name').fill('Ada Founder');
    await page.getByLabel('Email').fill(uniqueEmail('ada'));
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/founder\/profile$/);
    await expect(page.getByText('Account created successfully!')).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/founder\/profile$/);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.localStorage.getItem('auth-token'))).toBeNull();
    await page.goto('/founder/dashboard');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('Sign Out leaves nothing of the founder in browser storage', async ({ page }) => {
    const user = await createUser('founder');
    await useSession(page, user);
    await page.goto('/founder/dashboard');
    await expect(page.getByRole('heading', { name: 'Your FitScore dashboard' })).toBeVisible();
    // The dashboard caches the founder's progress in the browser.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('founder-profile-complete'))).toBe('false');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const left = await page.evaluate(() => Object.keys(window.localStorage));
    expect(left.filter((key) => key === 'auth-token' || key === 'user' || key.startsWith('founder-') || key.startsWith('vc-'))).toEqual([]);
  });

  test('an investor signs up from the role chooser and lands on onboarding', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: /Investor \(VC\)/ }).click();
    await expect(page).toHaveURL(/role=vc/);
    await page.getByLabel('Full name').fill('Victor Capital');
    await page.getByLabel('Email').fill(uniqueEmail('victor'));
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/vc\/onboarding$/);
  });

  test('mismatched and short passwords are refused with the spec messages', async ({ page }) => {
    await page.goto('/signup?role=founder');
    await page.getByLabel('Full name').fill('Bo');
    await page.getByLabel('Email').fill(uniqueEmail('bo'));
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm password').fill('secret-124');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const form = page.getByRole('form', { name: 'Create account' });
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(toasts.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByRole('alert')).toHaveText('Password must be at least 6 characters');
    await expect(toasts.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/signup/);
  });
});

test.describe('sign-in', () => {
  test('a founder signs in with the right account type', async ({ page }) => {
    const user = await createUser('founder');
    await page.goto('/signin');
    await page.getByLabel('Account type').selectOption('founder');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/founder\/profile$/);
  });

  test('the wrong account type is refused with the server message', async ({ page }) => {
    const user = await createUser('founder');
    await page.goto('/signin');
    await page.getByLabel('Account type').selectOption('vc');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Said beside the Account type select (and toasted, as the spec's sign-in screen does).
    await expect(page.getByRole('form', { name: 'Sign in' }).getByText('This account is registered as Founder. Choose Founder to sign in.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('This account is registered as Founder. Choose Founder to sign in.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('a wrong password is refused', async ({ page }) => {
    const user = await createUser('vc');
    await page.goto('/signin');
    await page.getByLabel('Account type').selectOption('vc');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  });
});

test.describe('guards and redirects', () => {
  test('protected pages send signed-out visitors to sign-in', async ({ page }) => {
    for (const path of ['/founder/dashboard', '/vc/dashboard', '/founder/profile', '/vc/onboarding']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/signin$/);
    }
  });

  test('a founder opening an investor page goes to the founder dashboard, and vice versa', async ({ browser }) => {
    const founder = await createUser('founder');
    const ctx1 = await browser.newContext({ baseURL: process.env.E2E_WEB_URL });
    const p1 = await ctx1.newPage();
    await useSession(p1, founder);
    await p1.goto('/vc/dashboard');
    await expect(p1).toHaveURL(/\/founder\/dashboard$/);
    await ctx1.close();

    const vc = await createUser('vc');
    const ctx2 = await browser.newContext({ baseURL: process.env.E2E_WEB_URL });
    const p2 = await ctx2.newPage();
    await useSession(p2, vc);
    await p2.goto('/founder/upload');
    await expect(p2).toHaveURL(/\/vc\/dashboard$/);
    await ctx2.close();
  });

  test('signed-in users are sent from landing, sign-in and sign-up to where they belong', async ({ page }) => {
    const founder = await createUser('founder');
    await useSession(page, founder);
    await page.goto('/');
    await expect(page).toHaveURL(/\/founder\/dashboard$/);
    await page.goto('/signin');
    await expect(page).toHaveURL(/\/founder\/dashboard$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/founder\/profile$/);
  });

  test('/vc and /founder/submit redirect to sign-up with the role chosen', async ({ page }) => {
    await page.goto('/vc');
    await expect(page).toHaveURL(/\/signup\?role=vc$/);
    await page.goto('/founder/submit');
    await expect(page).toHaveURL(/\/signup\?role=founder$/);
    await expect(page.getByText('Signing up as')).toContainText('Founder');
  });

  test('a revoked or unknown token is dropped on load and the visitor must sign in', async ({ page }) => {
    const founder = await createUser('founder');
    await fetch(`${process.env.E2E_API_URL}/user/logout/`, { method: 'POST', headers: { Authorization: `Token ${founder.token}` } });
    await useSession(page, founder);
    await page.goto('/founder/dashboard');
    await expect(page).toHaveURL(/\/signin$/);
    expect(await page.evaluate(() => window.localStorage.getItem('auth-token'))).toBeNull();
  });
});
