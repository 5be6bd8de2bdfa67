import { api, createUser, expect, shoot, test, useSession } from '../fixtures.ts';

// Issue 29 point 7: a member sees the admin-only settings screens read-only, with who can change them.
test('a member sees Investment Weights, Scoring Preferences, Fund Profile and Alerts read-only, naming the admins; the admin can edit', async ({ page }) => {
  const admin = await createUser('vc', 'Ada Admin');
  await api(admin, 'POST', '/vc/profile/step1/', { fund_name: 'Roles Ventures', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null });
  const { invite } = await api<{ invite: { url: string } }>(admin, 'POST', '/vc/team/invites/', { email: null, role: 'member' });
  const member = await createUser('vc', 'Max Member');
  await api(member, 'POST', '/vc/team/join/', { token: new URL(invite.url).searchParams.get('token') });

  await useSession(page, member);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/vc/settings/weights');
  const note = page.getByRole('note');
  await expect(note).toHaveText("Read-only: only your fund's admins can change your fund's weights (Ada Admin).");
  await expect(page.getByRole('slider').first()).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Weights' })).toHaveCount(0);
  await shoot(page, 'member-weights');

  await page.goto('/vc/settings?tab=scoring');
  await expect(page.getByRole('note')).toHaveText("Read-only: only your fund's admins can change your fund's scoring preferences (Ada Admin).");
  await expect(page.getByRole('button', { name: 'Save Scoring Preferences' })).toHaveCount(0);
  await shoot(page, 'member-scoring-preferences');

  await page.goto('/vc/settings?tab=fund');
  await expect(page.getByRole('note')).toHaveText("Read-only: only your fund's admins can change your fund's profile and thesis (Ada Admin).");
  await expect(page.getByRole('textbox', { name: /Fund name/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Europe' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save Fund Profile' })).toHaveCount(0);
  await shoot(page, 'member-fund-profile');

  await page.goto('/vc/settings?tab=alerts');
  await expect(page.getByRole('note')).toHaveText("Read-only: only your fund's admins can change your fund's Slack and Teams alerts (Ada Admin).");
  await expect(page.getByRole('textbox', { name: 'Slack webhook URL' })).toBeDisabled();
  for (const name of ['Save', 'Send test']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await shoot(page, 'member-alerts');

  await useSession(page, admin);
  await page.goto('/vc/settings/weights');
  await expect(page.getByRole('button', { name: 'Save Weights' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await page.goto('/vc/settings?tab=fund');
  await expect(page.getByRole('button', { name: 'Save Fund Profile' })).toBeVisible();
  await page.goto('/vc/settings?tab=alerts');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});

test('a member sees Rotate secret, intake sources and plan changes read-only, naming the admins (issue 29 point 7)', async ({ page }) => {
  const admin = await createUser('vc', 'Ada Admin');
  await api(admin, 'POST', '/vc/profile/step1/', { fund_name: 'Roles Ventures', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null });
  await api(admin, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: true });
  await api(admin, 'POST', '/vc/intake/webhook-secret/');
  const { invite } = await api<{ invite: { url: string } }>(admin, 'POST', '/vc/team/invites/', { email: null, role: 'member' });
  const member = await createUser('vc', 'Max Member');
  await api(member, 'POST', '/vc/team/join/', { token: new URL(invite.url).searchParams.get('token') });

  await useSession(page, member);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/vc/settings?tab=intake');
  const notes = page.getByRole('note');
  await expect(notes.filter({ hasText: "Read-only: only your fund's admins can change your fund's intake sources (Ada Admin)." })).toBeVisible();
  await expect(notes.filter({ hasText: "Read-only: only your fund's admins can change the webhook secret (Create secret, Rotate secret) (Ada Admin)." })).toBeVisible();
  await expect(notes.filter({ hasText: 'the inbound email endpoint (Rotate endpoint) (Ada Admin)' })).toBeVisible();
  for (const name of ['Save Changes', 'Rotate secret', 'Create secret', 'Rotate endpoint']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expect(page.getByRole('switch').first()).toBeDisabled();
  await shoot(page, 'member-intake');

  await page.goto('/vc/billing');
  await expect(page.getByRole('note')).toHaveText("Read-only: only your fund's admins can change the plan or manage billing (Ada Admin).");
  for (const name of ['Upgrade to Pro', 'Manage Billing']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await shoot(page, 'member-billing');

  await page.goto('/vc/settings?tab=billing');
  await expect(page.getByRole('note')).toHaveText("Read-only: only your fund's admins can change the plan or manage billing (Ada Admin).");

  // The admin keeps every control.
  await useSession(page, admin);
  await page.goto('/vc/settings?tab=intake');
  await expect(page.getByRole('button', { name: 'Rotate secret' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});
