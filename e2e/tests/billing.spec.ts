import { pageOn, signUpOn } from '../other-server.ts';
import { startFitScore, type FitScoreProcess } from '../server-process.ts';
import { api, createUser, expect, shoot, test, useSession } from '../fixtures.ts';

/**
 * Billing never fakes a payment (issue 29, point 8). Without Stripe (the embedded default) there is
 * no payment at all: the screens say how an operator sets a plan, and nothing is ever 'Paid'. With
 * Stripe (the e2e server's local stand-in) 'Upgrade' leads to Stripe Checkout, and the plan changes
 * only when Stripe's signed webhook arrives.
 */

const FUND = { fund_name: 'Ledger Ventures', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null };

test.describe('billing on the embedded default: no payment exists', () => {
  let plain: FitScoreProcess;
  test.beforeAll(async () => {
    // A second server starts beside the running journeys: allow for a busy machine.
    test.setTimeout(180_000);
    plain = await startFitScore();
  });
  test.afterAll(async () => {
    await plain?.stop();
  });

  test('a fund admin sees how the operator sets Pro, no upgrade button, no invoice and nothing Paid; team and alerts are not shown locked', async ({ browser }) => {
    const vc = await signUpOn(plain, 'vc', 'Olga Operator');
    const step1 = await fetch(`${plain.apiUrl}/vc/profile/step1/`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` }, body: JSON.stringify(FUND) });
    expect(step1.status).toBe(200);
    const billing = (await (await fetch(`${plain.apiUrl}/api/vc/billing`, { headers: { authorization: `Token ${vc.token}` } })).json()) as { operatorCommand: string };
    expect(billing.operatorCommand).toMatch(/^npm run plan:set -- --fund [a-f0-9]+ --plan pro$/);

    const { context, page, errors } = await pageOn(browser, plain.webUrl);
    await useSession(page, vc);
    await page.goto('/vc/billing');
    const note = page.getByRole('note', { name: 'How plans are set on this server' });
    await expect(note).toContainText('This FitScore server takes no payments.');
    await expect(note.getByRole('textbox', { name: 'Operator command' })).toHaveValue(billing.operatorCommand);
    await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0);
    await expect(page.getByText('No invoices: this server takes no payments, so nothing is ever invoiced.')).toBeVisible();
    await expect(page.getByText('Paid', { exact: true })).toHaveCount(0);

    // What the trial allows is what the server allows: team and Slack/Teams work, so neither is locked.
    const features = page.getByRole('list', { name: 'Plan features' });
    for (const label of ['Team collaboration (3 seats)', 'Slack/Teams alerts while trial scores remain', '200 deal scores']) {
      const item = features.getByRole('listitem').filter({ hasText: label });
      await expect(item).toHaveCount(1);
      await expect(item.getByLabel('Locked: with Pro')).toHaveCount(0);
    }
    await shoot(page, 'vc-billing-no-stripe');

    await page.goto('/vc/settings?tab=billing');
    await expect(page.getByText('This server takes no payments: its operator sets plans, and there are no invoices.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage Billing' })).toHaveAttribute('href', '/vc/billing');
    await shoot(page, 'vc-settings-billing-no-stripe');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a founder sees the operator’s command for Premium instead of an upgrade that invoices', async ({ browser }) => {
    const founder = await signUpOn(plain, 'founder', 'Fern Founder');
    const { context, page, errors } = await pageOn(browser, plain.webUrl);
    await useSession(page, founder);
    await page.goto('/founder/settings?tab=subscription');
    const panel = page.getByRole('tabpanel', { name: 'Subscription' });
    await expect(panel.getByRole('heading', { name: /^Free/ })).toBeVisible();
    const note = panel.getByRole('note', { name: 'How plans are set on this server' });
    await expect(note.getByRole('textbox', { name: 'Operator command' })).toHaveValue(`npm run plan:set -- --founder ${founder.email} --plan premium`);
    await expect(panel.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
    await expect(panel.getByText('No invoices: this server takes no payments, so nothing is ever invoiced.')).toBeVisible();
    await expect(panel.getByText('Paid', { exact: true })).toHaveCount(0);
    await shoot(page, 'founder-subscription-no-stripe');
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe('billing with Stripe (a local stand-in of its API)', () => {
  const stripe = () => process.env.E2E_STRIPE_URL!;

  test('Upgrade to Pro opens Stripe Checkout; after paying the plan waits for the webhook, then is Pro with Stripe’s invoice', async ({ page }) => {
    const vc = await createUser('vc', 'Petra Partner');
    await api(vc, 'POST', '/vc/profile/step1/', FUND);
    await useSession(page, vc);
    await page.goto('/vc/billing');
    await expect(page.getByTestId('trial-banner')).toHaveText(/Trial: 200\/200 scores remaining/);
    await expect(page.getByText('No invoices yet. Stripe issues one when your fund pays for Pro.')).toBeVisible();
    await shoot(page, 'vc-billing-stripe-trial');

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe()}/pay/cs_[a-f0-9]+$`));
    await expect(page.getByRole('heading', { name: 'Stripe Checkout (stand-in)' })).toBeVisible();
    // Nothing is paid yet: the plan is still the trial.
    expect((await api<{ plan: string }>(vc, 'GET', '/api/vc/billing')).plan).toBe('trial');

    // Stripe takes the payment, but its webhook is late.
    const session = new URL(page.url()).pathname.split('/').pop()!;
    expect((await fetch(`${stripe()}/_standin/sessions/${session}/hold`, { method: 'POST' })).status).toBe(200);
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();
    await expect(page).toHaveURL(/\/vc\/billing\?checkout=success$/);
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for Stripe to confirm your payment. Pro starts as soon as it does.' })).toBeVisible();
    await expect(page.getByTestId('trial-banner')).toBeVisible();
    expect((await api<{ plan: string }>(vc, 'GET', '/api/vc/billing')).plan).toBe('trial');
    // No second checkout while Stripe's answer is on its way.
    await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0);
    await shoot(page, 'vc-billing-stripe-waiting');

    // The signed webhook arrives: the page sees Pro without a reload.
    expect((await fetch(`${stripe()}/_standin/sessions/${session}/release`, { method: 'POST' })).status).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: 'Stripe confirmed your payment: you are on Pro now.' })).toBeVisible();
    await expect(page.getByTestId('trial-banner')).toHaveCount(0);
    const invoices = page.getByRole('list', { name: 'Invoices' });
    await expect(invoices.getByRole('listitem')).toHaveCount(1);
    await expect(invoices).toContainText('$299.00');
    await expect(invoices).toContainText('Paid');
    await expect(invoices.getByRole('link', { name: /Download invoice STANDIN-\d{4} \(PDF, from Stripe\)/ })).toHaveAttribute('href', new RegExp(`^${stripe()}/invoices/\\d+\\.pdf$`));
    await shoot(page, 'vc-billing-stripe-pro');

    // 'Manage Billing' in Settings opens Stripe's billing portal.
    await page.goto('/vc/settings?tab=billing');
    await expect(page.getByText(/1 invoice from Stripe/)).toBeVisible();
    await shoot(page, 'vc-settings-billing-stripe-pro');
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe()}/portal/cus_[a-f0-9]+$`));
  });

  test('a founder’s Upgrade to Premium goes through Checkout and the webhook, then lists Stripe’s paid invoice', async ({ page }) => {
    const founder = await createUser('founder', 'Paula Premium');
    await useSession(page, founder);
    await page.goto('/founder/settings?tab=subscription');
    const panel = page.getByRole('tabpanel', { name: 'Subscription' });
    await expect(panel.getByRole('list', { name: 'With Premium' })).toContainText('Investor matches');
    await shoot(page, 'founder-subscription-stripe-free');
    await panel.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe()}/pay/cs_`));
    await page.getByRole('button', { name: 'Pay and subscribe' }).click();
    await expect(page).toHaveURL(/\/founder\/settings\?tab=subscription&checkout=success$/);
    await expect(panel.getByRole('heading', { name: /Premium/ })).toBeVisible();
    await expect(panel.getByText(/Renews on .* through Stripe/)).toBeVisible();
    await expect(panel.getByRole('meter', { name: 'Scans this month' })).toHaveAttribute('aria-valuetext', '0 used, unlimited');
    const row = panel.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: /STANDIN-\d{4}/ });
    await expect(row).toContainText('$29.00');
    await expect(row).toContainText('Paid');
    await expect(panel.getByRole('button', { name: 'Manage Billing' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
    await shoot(page, 'founder-subscription-stripe-premium');
  });
});
