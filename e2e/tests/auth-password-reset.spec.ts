import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createUser, expect, test } from '../fixtures.ts';

/** The reset link in the newest outbox mail to `to` (the server writes .eml files without SMTP_URL). */
async function resetLinkFromOutbox(to: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR!, 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
      for (const name of names.reverse()) {
        // Quoted-printable: soft line breaks and '=' escapes.
        const text = (await readFile(join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!new RegExp(`^To: ${to}$`, 'm').test(text)) continue;
        link = /https?:\/\/\S+\/reset-password#token=[\w-]+/.exec(text)?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link!;
}

test('Forgot password: the link from the mail sets a new password, and it signs in', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createUser('founder', 'Rita Reset');
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the lazily loaded page replaces the sign-in form, whose own Email
  // field a quick fill could reach (seen in CI: 'Email is required' on the reset form): wait for the
  // page, and type and send again until the server has taken the request.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(async () => {
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 60_000 });

  const link = await resetLinkFromOutbox(user.email);
  await page.goto(link);
  // The token is dropped from the address bar once read.
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm new password').fill('123456');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/most commonly used/).first()).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('brand-new-harbor-7');
  await expect(page.getByTestId('password-strength')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('brand-new-harbor-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('brand-new-harbor-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/founder\/profile$/);
});
