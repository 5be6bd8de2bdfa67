import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { apiUrl, createUser, expect, test, useSession, type TestUser } from '../fixtures.ts';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Account type').selectOption('founder');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A second sign-in of the same account from another device, straight through the API. */
async function loginFromAnotherDevice(user: TestUser, userAgent: string): Promise<string> {
  const res = await fetch(`${apiUrl()}/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: user.email, password: user.password, type: 'founder' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test.describe('founder settings: security', () => {
  test('changing the password refuses mistakes, then the old password stops working and the new one signs in', async ({ page }) => {
    const user = await createUser('founder');
    await useSession(page, user);
    await page.goto('/founder/settings');
    const form = page.getByRole('form', { name: 'Change password' });

    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('new-secret-9');
    await form.getByLabel('Confirm new password').fill('new-secret-8');
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(toasts(page).getByText('Passwords do not match')).toBeVisible();

    await form.getByLabel('New password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm new password').fill('abc');
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Password must be at least 6 characters');

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('new-secret-9');
    await form.getByLabel('Confirm new password').fill('new-secret-9');
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(toasts(page).getByText('Current password is incorrect')).toBeVisible();

    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(toasts(page).getByText('Password updated successfully')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');

    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);

    await signIn(page, user.email, 'new-secret-9');
    await expect(toasts(page).getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/founder\/(profile|dashboard)$/);
  });

  test('turning on two-factor with an authenticator code, then signing in asks for a code', async ({ page }) => {
    const user = await createUser('founder');
    await useSession(page, user);
    await page.goto('/founder/settings');
    const card = page.getByRole('heading', { name: /Two-factor authentication/ });
    await expect(card).toContainText('Disabled');

    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = ((await dialog.getByLabel('Setup key', { exact: true }).textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await dialog.getByLabel(/Enter the 6-digit code/).fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const recoveryCodes = codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(recoveryCodes).toHaveCount(10);
    const firstRecoveryCode = (await recoveryCodes.first().textContent())!.trim();
    await codesDialog.getByRole('button', { name: 'I’ve saved my codes' }).click();
    await expect(card).toContainText('Enabled');
    await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();

    await signOut(page);
    await signIn(page, user.email, user.password);
    const codeField = page.getByLabel('Two-factor code');
    await expect(codeField).toBeVisible();
    // The password alone gave no session.
    expect(await page.evaluate(() => window.localStorage.getItem('auth-token'))).toBeNull();

    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await codeField.fill(next === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toasts(page).getByText('Invalid authentication code')).toBeVisible();

    // The next period's code (within the allowed drift; the setup code's period is used up).
    await codeField.fill(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toasts(page).getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/founder\/(profile|dashboard)$/);

    // A recovery code signs in too, once.
    await signOut(page);
    await signIn(page, user.email, user.password);
    await page.getByLabel('Two-factor code').fill(firstRecoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toasts(page).getByText('Signed in successfully!')).toBeVisible();
    // In-app navigation: a reload would replay useSession's init script with the signed-out token.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible();
  });

  test('another session is listed readably and can be revoked', async ({ page }) => {
    const user = await createUser('founder');
    const otherToken = await loginFromAnotherDevice(
      user,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    );
    await useSession(page, user);
    await page.goto('/founder/settings');
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    // This browser (the sign-up session) and the other device.
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toHaveCount(1);
    await expect(sessions.getByText('Firefox on Windows')).toBeVisible();

    await sessions.getByRole('button', { name: /^Revoke Firefox on Windows/ }).click();
    await expect(toasts(page).getByText('Session revoked')).toBeVisible();
    await expect(sessions.getByText('Firefox on Windows')).toHaveCount(0);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    const me = await fetch(`${apiUrl()}/user/me/`, { headers: { Authorization: `Token ${otherToken}` } });
    expect(me.status).toBe(401);
    // This device is still signed in.
    await loginFromAnotherDevice(
      user,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    );
    await page.reload();
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByText('Safari on iOS')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(toasts(page).getByText('Signed out 1 other session')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
  });
});
