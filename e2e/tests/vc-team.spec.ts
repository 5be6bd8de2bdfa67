import { apiUrl, createUser, expect, test, useSession } from '../fixtures.ts';

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return res.json();
}

test('an admin invites by link, a colleague signs in through it and joins, then is removed', async ({
  page,
  browser,
}) => {
  const admin = await createUser('vc', 'Ada Admin');
  await api('POST', '/vc/profile/step1/', admin.token, {
    fund_name: 'Northwind Ventures',
    website: '',
    sectors: ['SaaS'],
    stages: ['Seed'],
    geography: ['US'],
    ticket_size_min: null,
    ticket_size_max: null,
  });
  await useSession(page, admin);
  await page.goto('/vc/settings?tab=team');
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('Ada Admin');
  await page.getByRole('button', { name: 'Create invite link' }).click();
  const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(link).toMatch(/\/join\?token=/);
  await expect(page.getByRole('list', { name: 'Pending invites' })).toContainText('Link invite');

  // The colleague is signed out: the link asks to sign in first and keeps the token through it.
  const colleague = await createUser('vc', 'Ben Colleague');
  const other = await browser.newContext();
  const them = await other.newPage();
  await them.goto(link);
  await them.getByRole('link', { name: 'Sign in to join' }).click();
  await expect(them).toHaveURL(/\/signin\?join=/);
  await them.getByLabel('Account type').selectOption('vc');
  await them.getByLabel('Email').fill(colleague.email);
  await them.getByLabel('Password').fill(colleague.password);
  await them.getByRole('button', { name: 'Sign In' }).click();
  await expect(them).toHaveURL(/\/vc\/dashboard$/);
  await expect(them.getByText('Welcome to the team')).toBeVisible();

  await page.reload();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members).toContainText('Ben Colleague');
  await expect(page.getByText('No pending invites.')).toBeVisible();
  // The last admin has no Remove button; the member has.
  await expect(page.getByRole('button', { name: 'Remove Ada Admin' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Ben Colleague' }).click();
  await page.getByRole('button', { name: 'Remove member' }).click();
  await expect(members).not.toContainText('Ben Colleague');

  // The used link is gone for good.
  const late = await createUser('vc', 'Late Comer');
  await useSession(them, late);
  await them.goto(link);
  await expect(them.getByRole('alert')).toContainText('expired, was already used or was revoked');
  await other.close();
});
