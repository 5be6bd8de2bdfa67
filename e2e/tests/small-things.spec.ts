import type { Browser, Page } from '@playwright/test';
import { createTransport } from 'nodemailer';
import { api, apiUrl, buyPlan, createFund, createUser, expect, printedDeck, shoot, test, uniqueEmail, useSession, type TestUser } from '../fixtures.ts';

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

// Wording (issue 29 point 11): each string read where a user reads it, set up over the real API.

/**
 * A strong deck with no ask slide whose financials slide lacks only the use of funds: its Do-Next
 * asks for 'an ask slide', worth exactly one point (checked against the engine for this deck).
 */
const STRONG_DECK: string[][] = [
  ['Wording Robotics', 'Warehouse picking robots for mid-size retailers', 'Seed round 2026'],
  ['Problem', 'Target customers: mid-size retailers', 'Mid-size warehouses lose 30% of labour hours to manual picking.'],
  ['Solution', 'Our solution: autonomous picking arms that retrofit existing shelving in one week', 'Why now: robot arm costs fell 60% since 2020', 'Unlike existing tools, it works out of the box'],
  ['Product', 'Live in production: demo and screenshots', 'Proprietary data and patent-pending technology', 'Roadmap: next 12 months milestones', '2,000 monthly active users'],
  ['Market', 'TAM $45B (Source: Gartner 2025), SAM $6B, SOM $300M', 'Growing at 14% CAGR'],
  ['Competition', 'Competitors: Locus, 6 River Systems; unlike incumbents we are the only solution that retrofits'],
  ['Traction', 'MRR $85K growing 18% MoM', '42 paying customers, 3 pilots converting'],
  ['Business Model', 'Robots-as-a-service: $2,000 per robot per month', 'Gross margin 68%', 'LTV $120,000', 'CAC $9,000'],
  ['Go-to-market', 'Target customers: mid-size retailers', 'Channels: direct sales, channel partners with two 3PLs', 'CAC $9,000', '5 pilots and LOIs signed'],
  ['Team', 'CEO: ex-Amazon Robotics, prior exit to Zebra', 'CTO: PhD robotics, Stanford', 'Team of 12 people'],
  ['Risks & Mitigations', 'Key risks and how we mitigate them', 'Competition: how we stay ahead'],
  ['Financials', 'Burn $220K per month, runway 18 months', 'Revenue projections 2026 2027 2028'],
];
const COMPANY = 'Wording Robotics';

const strongDeck = (browser: Browser, slides: readonly (readonly string[])[] = STRONG_DECK) => printedDeck(browser, slides);

/** A premium founder raising $1.6M, with the strong deck scored (made once for the tests below that need one). */
let scored: Promise<TestUser> | undefined;
function scoredFounder(browser: Browser) {
  scored ??= (async () => {
    const founder = await createUser('founder', 'Wren Wording');
    await api(founder, 'POST', '/founder/profile/', {
      startup_name: COMPANY,
      one_liner: 'Warehouse picking robots for mid-size retailers',
      stage: 'Seed',
      business_model: 'B2B',
      hq_geo: 'Lisbon, Portugal',
      industry: 'AI/ML',
      round_target_amount: 1_600_000,
      mrr: 85_000,
      burn: 220_000,
      cash: 3_960_000,
      gross_margin: 68,
      founders: [{ name: 'Wren Wording', linkedin_url: 'https://www.linkedin.com/in/wren', commitment: 'Full-time' }],
    });
    await buyPlan(founder);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await strongDeck(browser))], { type: 'application/pdf' }), 'wording-deck.pdf');
    await api(founder, 'POST', '/founder/deck/upload/', form);
    const { run } = await api<{ run: { id: string } }>(founder, 'POST', '/founder/score/start/');
    await expect
      .poll(async () => (await api<{ run: { status: string } }>(founder, 'GET', `/founder/score/runs/${run.id}/`)).run.status, { timeout: 90_000, intervals: [500] })
      .toBe('done');
    return founder;
  })();
  return scored;
}

/** A fund whose thesis the founder above fits, its cheques $100K–$500K (they suit a $1.6M round). */
async function fundFor(name: string, fundName: string) {
  const vc = await createFund(name, { fundName });
  await api(vc, 'POST', '/vc/profile/step1/', {
    fund_name: fundName,
    website: '',
    sectors: ['AI/ML'],
    stages: ['Seed'],
    geography: ['EUROPE'],
    ticket_size_min: 100_000,
    ticket_size_max: 500_000,
  });
  return vc;
}

async function askForIntro(founder: TestUser, fundName: string) {
  const { matches } = await api<{ matches: { fundId: string; fundName: string }[] }>(founder, 'GET', '/founder/matches/');
  const fund = matches.find((m) => m.fundName === fundName);
  expect(fund, `${fundName} among the founder's matches`).toBeDefined();
  await api(founder, 'POST', `/founder/matches/${fund!.fundId}/intro/`, { note: 'Raising a $1.6M seed for picking robots.' });
}

test.describe('wording a paying user reads', () => {
  test.setTimeout(180_000);

  test('the founder’s Do-Next asks for "an ask slide" and counts a one-point gain as "+1 FitScore point"', async ({ page, browser }) => {
    const founder = await scoredFounder(browser);
    await useSession(page, founder);
    await page.goto('/founder/dashboard');
    await expect(page.getByRole('heading', { name: `${COMPANY}: your FitScore` })).toBeVisible();
    // The Top 3 Do-Next card (the innermost box holding its heading and its list), its financials advice.
    const card = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Top 3 Do-Next', exact: true }) })
      .filter({ has: page.getByRole('list') })
      .last();
    const item = card.getByRole('listitem').filter({ has: page.getByText('Put the numbers on one slide', { exact: true }) });
    await expect(item).toContainText('Your financials slide (page 12) lacks use of funds: add it there; add an ask slide.');
    await expect(item.getByText('+1 FitScore point', { exact: true })).toBeVisible();
    // The advice's own sentence counts the same way.
    await expect(item).toContainText('(+1 FitScore point).');
    await expect(item).not.toContainText('FitScore points');
    await shoot(page, 'do-next-wording');
  });

  test('a warm-intro notification tells the fund the ticket suits "their" round (the founder reads "your")', async ({ page, browser }) => {
    const founder = await scoredFounder(browser);
    const vc = await fundFor('Nia Northwind', 'Northwind Capital');
    await askForIntro(founder, 'Northwind Capital');

    await useSession(page, vc);
    await page.goto('/vc/dashboard');
    const intros = page.getByRole('region', { name: 'Warm Intros' });
    await expect(intros.getByText(`${COMPANY} asks for an intro`)).toBeVisible();
    await expect(intros.getByText('Ticket $100K–$500K suits their $1.6M round', { exact: true })).toBeVisible();
    await expect(intros.getByText(/suits your/)).toHaveCount(0);
    await shoot(page, 'intro-their-round');

    // The founder's own match card says it to the founder.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const them = await other.newPage();
    await useSession(them, founder);
    await them.goto(`${process.env.E2E_WEB_URL}/founder/dashboard`);
    const card = them.getByRole('region', { name: 'Investor Matches' }).getByRole('listitem').filter({ has: them.getByRole('heading', { name: 'Northwind Capital' }) });
    await expect(card.getByText('Ticket $100K–$500K suits your $1.6M round', { exact: true })).toBeVisible();
    await other.close();
  });

  test('an accepted intro tells the founder the company is in "Harbor Ventures’ pipeline", not "Ventures’s"', async ({ page, browser }) => {
    const founder = await scoredFounder(browser);
    const vc = await fundFor('Hal Harbor', 'Harbor Ventures');
    await askForIntro(founder, 'Harbor Ventures');

    const fund = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const them = await fund.newPage();
    await useSession(them, vc);
    await them.goto(`${process.env.E2E_WEB_URL}/vc/dashboard`);
    await them.getByRole('button', { name: `Approve Intro: ${COMPANY}` }).click();
    await expect(them.getByText('Approved: added to your pipeline')).toBeVisible();
    await fund.close();

    await useSession(page, founder);
    await page.goto('/founder/dashboard');
    const card = page.getByRole('region', { name: 'Investor Matches' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Harbor Ventures' }) });
    await expect(card.getByText('Intro accepted: your company is in Harbor Ventures’ pipeline.', { exact: true })).toBeVisible();
    await expect(page.getByText('Ventures’s')).toHaveCount(0);
    await shoot(page, 'intro-accepted-possessive');
  });

  test('a match alert for a deal that came by email says "An email deal scored …"', async ({ page, browser }) => {
    const vc = await createFund('Ed Email', { fundName: 'Inbox Ventures', sectors: ['Agnostic'], emailForwarding: true });
    const { emailAddress } = await api<{ emailAddress: string }>(vc, 'GET', '/vc/intake/');
    await useSession(page, vc);
    await page.goto('/vc/dashboard');
    await expect(page.getByText('No notifications yet. New matches and intro requests will appear here.')).toBeVisible();

    // A founder emails the deck, with no description of the company, to the fund's intake address.
    const smtp = createTransport({ host: '127.0.0.1', port: Number(process.env.E2E_SMTP_PORT), secure: false, ignoreTLS: true });
    await smtp.sendMail({
      from: 'Wren <wren@wording.example>',
      to: emailAddress,
      subject: `Pitch Deck – ${COMPANY}`,
      text: 'Deck attached.',
      attachments: [{ filename: 'wording-deck.pdf', content: await strongDeck(browser), contentType: 'application/pdf' }],
    });

    const alerts = page.getByRole('region', { name: 'Matching Alerts' });
    await expect(alerts.getByText(`${COMPANY} matches your thesis`)).toBeVisible({ timeout: 120_000 });
    await expect(alerts.getByText(/^An email deal scored \d+\.$/)).toBeVisible();
    await shoot(page, 'match-alert-email');
  });

  test('an import of one row says "1 row" and "Import 1 row"', async ({ page }) => {
    const vc = await createFund('Ona Onerow');
    await useSession(page, vc);
    await page.goto('/vc/pipeline');
    await page.getByRole('link', { name: 'Import deals' }).click();
    await page.getByLabel('CSV file').setInputFiles({ name: 'one-row.csv', mimeType: 'text/csv', buffer: Buffer.from('Company,Stage\nSolo Systems,Seed\n') });
    await page.getByRole('button', { name: 'Upload and map columns' }).click();
    await expect(page.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
    await expect(page.getByText('one-row.csv · 1 row', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Import 1 row', exact: true }).click();
    await expect(page.getByText(/of 1 row\b(?!s)/).first()).toBeVisible();
    await shoot(page, 'import-one-row');
  });

  test('a one-page deck is scored as "1 page", not "1 pages"', async ({ page, browser }) => {
    const founder = await createUser('founder', 'Olive Onepage');
    await api(founder, 'POST', '/founder/profile/', {
      startup_name: 'Onepage Labs',
      one_liner: 'Warehouse picking robots for mid-size retailers',
      stage: 'Seed',
      business_model: 'B2B',
      hq_geo: 'Lisbon, Portugal',
      industry: 'AI/ML',
      round_target_amount: 1_600_000,
      founders: [{ name: 'Olive Onepage', linkedin_url: 'https://www.linkedin.com/in/olive', commitment: 'Full-time' }],
    });
    const deck = await strongDeck(browser, [
      ['Traction', 'Onepage Labs: warehouse picking robots for mid-size retailers', 'MRR $85K growing 18% MoM', '42 paying customers, 3 pilots converting', 'Raising $1.6M seed round for sales and product'],
    ]);
    await useSession(page, founder);
    await page.goto('/founder/upload');
    await page.getByLabel('Pitch deck file').setInputFiles({ name: 'onepage.pdf', mimeType: 'application/pdf', buffer: deck });
    await expect(page.getByText('onepage.pdf')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Continue to Scoring' }).click();
    await page.getByRole('button', { name: 'Calculate My FitScore' }).click();
    await expect(page.getByRole('heading', { name: 'Scoring Complete!' })).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText(/^Scored .* · onepage\.pdf \(v1\) · 1 page$/)).toBeVisible({ timeout: 15_000 });
    await shoot(page, 'one-page-deck');
  });
});
