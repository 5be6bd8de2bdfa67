import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { api, apiUrl, createUser, expect, shoot, test, uniqueEmail, useSession, type TestUser } from '../fixtures.ts';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });


/** A VC whose fund went through the three steps over the API (for journeys about settings). */
async function onboardedVc(): Promise<TestUser> {
  const user = await createUser('vc', 'Vera Capital');
  await api(user, 'POST', '/vc/profile/step1/', {
    fund_name: 'Harbor Seed Fund',
    website: '',
    sectors: ['SaaS'],
    stages: ['Seed'],
    geography: [],
    ticket_size_min: null,
    ticket_size_max: null,
  });
  await api(user, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
  await api(user, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: false });
  return user;
}

const chip = (page: Page, group: string, name: string) =>
  page.getByRole('group', { name: new RegExp(`^${group}`) }).getByText(name, { exact: true });

test.describe('VC onboarding', () => {
  test('sign up, step errors, three steps saved on the server, dashboard, and sign-in lands on the dashboard from server truth', async ({ page }) => {
    const email = uniqueEmail('vc-journey');
    await page.goto('/signup?role=vc');
    await page.getByLabel('Full name').fill('Victor Capital');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/vc\/onboarding$/);

    // Step 1: the rules of spec section 5, beside their fields.
    const steps = page.getByRole('navigation', { name: 'Onboarding steps' });
    await expect(steps.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fund & Investment Preferences' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Fund name is required')).toBeVisible();
    await expect(page.getByText('Select at least one sector')).toBeVisible();
    await expect(page.getByText('Select at least one investment stage')).toBeVisible();
    await expect(page.getByLabel('Fund name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Fund name').fill('Northwind Ventures');
    await page.getByLabel('Website').fill('https://northwind.vc');
    await chip(page, 'Sectors', 'SaaS').click();
    await chip(page, 'Sectors', 'Fintech').click();
    await chip(page, 'Investment stages', 'Seed').click();
    await chip(page, 'Investment stages', 'Series A').click();
    await chip(page, 'Geography', 'United States').click();
    await page.getByLabel('Minimum ticket size').fill('3000000');
    await page.getByLabel('Maximum ticket size').fill('2000000');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Maximum ticket size must be at least the minimum')).toBeVisible();
    await page.getByLabel('Minimum ticket size').fill('250000');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: six weights 1-10 with their percentages among the six (defaults reproduce the spec's
    // 20/15/15/20/15/15) and, as in Settings, each one's share of the overall under all nine weights.
    await expect(steps.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByTestId('share-traction')).toHaveText('20%');
    await expect(page.getByTestId('share-product')).toHaveText('15%');
    await expect(page.getByTestId('overall-traction')).toHaveText('14.5% of overall');
    const traction = page.getByRole('slider', { name: 'Traction' });
    await expect(traction).toHaveAttribute('aria-valuetext', '8 of 10, 20% of the six, 14.5% of overall');
    await traction.focus();
    await page.keyboard.press('End');
    await expect(traction).toHaveAttribute('aria-valuetext', '10 of 10, 24% of the six, 17.5% of overall');
    await expect(page.getByTestId('share-traction')).toHaveText('24%');
    await expect(page.getByTestId('overall-traction')).toHaveText('17.5% of overall');
    await expect(page.getByTestId('overall-product')).toHaveText('10.5% of overall');
    await shoot(page, 'onboarding-weights');

    // Previous keeps what was saved in step 1.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('Fund name')).toHaveValue('Northwind Ventures');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(traction).toHaveAttribute('aria-valuetext', /^10 of 10/);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: at least one intake source; the fund's real apply URL and forwarding address to hand out.
    await expect(steps.getByText('Step 3 of 3')).toBeVisible();
    await expect(page.getByText('Recommended')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Public apply URL' })).toHaveValue(/\/apply\/[a-z0-9-]+$/);
    await expect(page.getByRole('textbox', { name: 'Forwarding address' })).toHaveValue(/@/);
    const onlineForm = page.getByRole('switch', { name: 'Online Form' });
    const email1 = page.getByRole('switch', { name: 'Email Forwarding' });
    await expect(onlineForm).toBeChecked();
    await expect(email1).not.toBeChecked();
    await onlineForm.click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await expect(page.getByText('Enable at least one deal intake source')).toBeVisible();
    await expect(page).toHaveURL(/\/vc\/onboarding$/);
    await email1.click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();

    await expect(page).toHaveURL(/\/vc\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Overview of your latest activity')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Northwind Ventures' })).toBeVisible();
    await expect(page.getByText('$250K – $2M')).toBeVisible();
    await expect(page.getByText('No scored startups yet. Connect Email/Webhook or share your form link.')).toBeVisible();
    await expect(page.getByText('No notifications yet. New matches and intro requests will appear here.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Deck & Score' })).toBeVisible();
    await expect(page.getByText('Finish setting up your fund')).toHaveCount(0);

    // Sign out, forget everything the browser cached, sign in: the server says onboarding is done.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/signin');
    await page.getByLabel('Account type').selectOption('vc');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/vc\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Northwind Ventures' })).toBeVisible();

    // Returning to onboarding shows the saved answers.
    await page.goto('/vc/onboarding');
    await expect(page.getByLabel('Fund name')).toHaveValue('Northwind Ventures');
    await expect(page.getByRole('group', { name: /^Sectors/ }).getByRole('checkbox', { name: 'SaaS' })).toBeChecked();
  });

  test('a VC who has not finished onboarding signs in to onboarding, and the dashboard offers to continue', async ({ page }) => {
    const user = await createUser('vc');
    await page.goto('/signin');
    await page.getByLabel('Account type').selectOption('vc');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/vc\/onboarding$/);
    await page.goto('/vc/dashboard');
    await expect(page.getByText('Finish setting up your fund')).toBeVisible();
    await page.getByRole('link', { name: 'Continue setup' }).click();
    await expect(page).toHaveURL(/\/vc\/onboarding$/);
  });

  test('pipeline and Hot/Track/Cold show their true empty state', async ({ page }) => {
    await useSession(page, await onboardedVc());
    await page.goto('/vc/dashboard');
    // The dashboard's cards load one by one; the link is clicked once the pipeline card's counts and chart are in.
    await expect(page.getByTestId('pipeline-count-new')).toHaveText('0');
    await expect(page.getByRole('img', { name: /received in the last/ })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Pipeline' }).click();
    await expect(page).toHaveURL(/\/vc\/pipeline$/);
    await expect(page.getByRole('heading', { name: 'Deal Pipeline' })).toBeVisible();
    await expect(page.getByText('Review and triage incoming deals')).toBeVisible();
    await expect(page.getByText('No deals match your current filters.')).toBeVisible();
    await expect(page.getByRole('tab', { name: /All/ })).toContainText('0');
    for (const [path, text] of [['/vc/hot', 'No hot deals yet'], ['/vc/track', 'No tracked deals yet'], ['/vc/cold', 'No cold deals yet']] as const) {
      await page.goto(path);
      await expect(page.getByText(text)).toBeVisible();
    }
  });
});

test.describe('VC settings', () => {
  test('scoring preferences: a total other than 100 blocks saving; 100 saves and survives a reload', async ({ page }) => {
    await useSession(page, await onboardedVc());
    await page.goto('/vc/settings?tab=scoring');
    await expect(page.getByRole('tab', { name: 'Scoring Preferences' })).toHaveAttribute('aria-selected', 'true');
    const save = page.getByRole('button', { name: 'Save Scoring Preferences' });
    const field = (name: string) => page.getByRole('spinbutton', { name });
    await expect(field('Traction')).toHaveValue('20');
    await expect(page.getByText('Total: 100%')).toBeVisible();
    await expect(save).toBeEnabled();

    await field('Traction').fill('30');
    await expect(page.getByText('Total: 110%')).toBeVisible();
    await expect(page.getByText('Scoring weights must sum to 100%')).toBeVisible();
    await expect(save).toBeDisabled();

    await field('Traction').fill('25');
    await field('Financials').fill('25');
    await field('Go-to-Market').fill('10');
    await field('Risks').fill('10');
    await expect(page.getByText('Total: 100%')).toBeVisible();
    await expect(page.getByText('Scoring weights must sum to 100%')).toHaveCount(0);
    await expect(page.getByRole('slider', { name: 'Traction' })).toHaveAttribute('aria-valuetext', '25%');
    await save.click();
    await expect(toasts(page).getByText('Scoring preferences updated')).toBeVisible();

    await page.reload();
    await expect(field('Traction')).toHaveValue('25');
    await expect(field('Financials')).toHaveValue('25');
    await expect(field('Go-to-Market')).toHaveValue('10');
    await expect(field('Risks')).toHaveValue('10');
    await expect(field('Product')).toHaveValue('15');

    // The same model seen from the nine-weight page: 25/15/15/25/10/10 is 10:6:6:10:4:4.
    await page.getByRole('link', { name: 'Investment Weights' }).click();
    await expect(page).toHaveURL(/\/vc\/settings\/weights$/);
    await expect(page.getByRole('slider', { name: 'Traction' })).toHaveAttribute('aria-valuetext', '10 of 10');
    await expect(page.getByRole('slider', { name: 'Go-to-Market' })).toHaveAttribute('aria-valuetext', '4 of 10');
    await expect(page.getByRole('slider', { name: 'Team' })).toHaveAttribute('aria-valuetext', '5 of 10');
  });

  test('investment weights: cancel keeps nothing, reset restores defaults unsaved, save persists, a failure keeps the form', async ({ page }) => {
    await useSession(page, await onboardedVc());
    await page.goto('/vc/settings/weights');
    await expect(page.getByRole('heading', { name: 'Investment Weights' })).toBeVisible();
    const team = page.getByRole('slider', { name: 'Team' });
    await expect(team).toHaveAttribute('aria-valuetext', '5 of 10');
    await expect(page.getByText('Founders’ experience, completeness and commitment to the company.')).toBeVisible();

    await team.focus();
    await page.keyboard.press('End');
    await expect(team).toHaveAttribute('aria-valuetext', '10 of 10');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/vc\/settings/);
    await page.goto('/vc/settings/weights');
    await expect(team).toHaveAttribute('aria-valuetext', '5 of 10');

    await team.focus();
    await page.keyboard.press('Home');
    await expect(team).toHaveAttribute('aria-valuetext', '1 of 10');
    await page.getByRole('button', { name: 'Reset to Defaults' }).click();
    await expect(toasts(page).getByText('Weights reset to default values')).toBeVisible();
    await expect(team).toHaveAttribute('aria-valuetext', '5 of 10');
    await expect(page.getByRole('slider', { name: 'Traction' })).toHaveAttribute('aria-valuetext', '8 of 10');

    // The server refuses: the error is shown, nothing says saved, the form keeps the value.
    await page.route('**/vc/settings/weights/', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 422, contentType: 'text/plain', body: 'nope' }) : route.continue(),
    );
    await team.focus();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Save Weights' }).click();
    await expect(toasts(page).getByText('Failed to save weights')).toBeVisible();
    await expect(toasts(page).getByText('Investment weights updated successfully')).toHaveCount(0);
    await expect(page).toHaveURL(/\/vc\/settings\/weights$/);
    await expect(team).toHaveAttribute('aria-valuetext', '10 of 10');
    await page.unroute('**/vc/settings/weights/');

    await page.getByRole('button', { name: 'Save Weights' }).click();
    await expect(toasts(page).getByText('Investment weights updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/vc\/settings(\?tab=scoring)?$/);
    await page.goto('/vc/settings/weights');
    await expect(team).toHaveAttribute('aria-valuetext', '10 of 10');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/vc\/settings/);
  });

  test('intake sources: both off is refused; a change is saved and survives a reload; the apply URL is the fund’s real page', async ({ page }) => {
    await useSession(page, await onboardedVc());
    await page.goto('/vc/settings?tab=intake');
    const onlineForm = page.getByRole('switch', { name: 'Online Form' });
    const email = page.getByRole('switch', { name: 'Email Forwarding' });
    const applyUrl = page.getByRole('textbox', { name: 'Public apply URL' });
    await expect(applyUrl).toHaveValue(/\/apply\/[a-z0-9-]+$/);
    // The page it names answers for this fund.
    const slug = (await applyUrl.inputValue()).split('/apply/')[1]!;
    const fund = await fetch(`${apiUrl()}/api/apply/${slug}`);
    expect(fund.status).toBe(200);
    await onlineForm.click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enable at least one deal intake source')).toBeVisible();
    await email.click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Intake sources updated')).toBeVisible();
    await page.reload();
    await expect(email).toBeChecked();
    await expect(onlineForm).not.toBeChecked();
  });

  test('account: read-only email and a working password change', async ({ page }) => {
    const user = await onboardedVc();
    await useSession(page, user);
    await page.goto('/vc/settings');
    await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(user.email);
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByText('Contact support to change your email')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Payment & Billing' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(form.getByText('Current password is required')).toBeVisible();
    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('New password', { exact: true }).fill('new-secret-9');
    await form.getByLabel('Confirm new password').fill('new-secret-8');
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await form.getByLabel('New password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm new password').fill('abc');
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await form.getByLabel('New password', { exact: true }).fill('new-secret-9');
    await form.getByLabel('Confirm new password').fill('new-secret-9');
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect(toasts(page).getByText('Password updated successfully')).toBeVisible();

    const login = await fetch(`${apiUrl()}/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'new-secret-9', type: 'vc' }),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { onboarding_complete: boolean }).onboarding_complete).toBe(true);
  });

  test('account: the sessions list and two-factor sign-in, as founders have them', async ({ page }) => {
    const user = await onboardedVc();
    await useSession(page, user);
    await page.goto('/vc/settings');
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByText('This device')).toBeVisible();

    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    const secret = ((await dialog.getByLabel('Setup key', { exact: true }).textContent()) ?? '').replace(/\s+/g, '');
    await dialog.getByLabel(/Enter the 6-digit code/).fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('dialog', { name: 'Save your recovery codes' }).getByRole('button', { name: 'I’ve saved my codes' }).click();
    await expect(page.getByRole('heading', { name: /Two-factor authentication/ })).toContainText('Enabled');

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/signin');
    await page.getByLabel('Account type').selectOption('vc');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The password alone gives no session: the code does (the next period's, the setup code being used up).
    await page.getByLabel('Two-factor code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toasts(page).getByText('Signed in successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/vc\/dashboard$/);
  });

  test('fund profile tab edits the thesis shown on the dashboard', async ({ page }) => {
    await useSession(page, await onboardedVc());
    await page.goto('/vc/dashboard');
    await page.getByRole('link', { name: 'Edit in Settings' }).click();
    await expect(page).toHaveURL(/\/vc\/settings\?tab=fund$/);
    await expect(page.getByLabel('Fund name')).toHaveValue('Harbor Seed Fund');
    await page.getByLabel('Fund name').fill('Harbor Growth Fund');
    await chip(page, 'Sectors', 'Agnostic').click();
    await page.getByRole('button', { name: 'Save Fund Profile' }).click();
    await expect(toasts(page).getByText('Fund profile updated')).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Harbor Growth Fund' })).toBeVisible();
    await expect(page.getByText('Agnostic', { exact: true })).toBeVisible();
  });
});
