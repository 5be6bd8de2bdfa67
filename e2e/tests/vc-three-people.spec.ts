import type { Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { api, buyPlan, createUser, expect, test, useSession } from '../fixtures.ts';

const DECK = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/airbnb-deck-powerpoint-reproduction.pdf');
const haveDeck = existsSync(DECK);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${DECK} is missing`);

const COMPANY = 'Triad Robotics';
const REASON = 'Traction below our bar for Seed';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });


/** A premium founder on the platform with a profile and a scored deck (as founder-share-report sets one up). */
async function scoredFounder() {
  const founder = await createUser('founder', 'Fay Founder');
  await api(founder, 'POST', '/founder/profile/', {
    startup_name: COMPANY,
    one_liner: 'Warehouse picking robots for mid-size retailers',
    stage: 'Seed',
    business_model: 'B2B',
    hq_geo: 'Berlin, Germany',
    industry: 'AI/ML',
    round_target_amount: 4_000_000,
    mrr: 85_000,
    burn: 220_000,
    cash: 3_960_000,
    gross_margin: 68,
    founders: [{ name: 'Fay Founder', linkedin_url: 'https://www.linkedin.com/in/fay', commitment: 'Full-time' }],
  });
  await buyPlan(founder);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(DECK)], { type: 'application/pdf' }), 'triad.pdf');
  await api(founder, 'POST', '/founder/deck/upload/', form);
  const { run } = await api<{ run: { id: string } }>(founder, 'POST', '/founder/score/start/');
  await expect
    .poll(async () => (await api<{ run: { status: string } }>(founder, 'GET', `/founder/score/runs/${run.id}/`)).run.status, { timeout: 90_000, intervals: [500] })
    .toBe('done');
  return founder;
}

test.describe('a fund team and a founder', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${DECK}`);
  test.setTimeout(240_000);

  test('admin invites a partner; founder requests an intro; the bell counts live; approve; assign + mention; Cold with a reason; the founder sees it', async ({ page, browser }) => {
    // Three people, three browser contexts: the admin (this page), the partner, the founder.
    const admin = await createUser('vc', 'Ada Admin');
    await api(admin, 'POST', '/vc/profile/step1/', {
      fund_name: 'Triad Ventures',
      website: 'https://triad.example',
      sectors: ['AI/ML'],
      stages: ['Seed'],
      geography: ['EUROPE'],
      ticket_size_min: null,
      ticket_size_max: null,
    });
    await api(admin, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
    await api(admin, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: false });
    const partner = await createUser('vc', 'Pat Partner');
    const founder = await scoredFounder();

    // 1. The admin invites the partner by link; the signed-in partner opens it and joins.
    await useSession(page, admin);
    await page.goto('/vc/settings?tab=team');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
    const partnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const them = await partnerContext.newPage();
    await useSession(them, partner);
    await them.goto(link);
    await expect(them).toHaveURL(/\/vc\/dashboard$/);
    await expect(toasts(them)).toContainText('Welcome to the team');
    await expect(bell(them)).toHaveAccessibleName('Notifications');

    // 2. The founder asks the fund for an intro from their Investor Matches.
    const founderContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const fay = await founderContext.newPage();
    await useSession(fay, founder);
    await fay.goto('/founder/dashboard');
    const matches = fay.getByRole('region', { name: 'Investor Matches' });
    const fund = matches.getByRole('listitem').filter({ has: fay.getByRole('heading', { name: 'Triad Ventures' }) });
    await fund.getByRole('button', { name: 'Request intro' }).click();
    const dialog = fay.getByRole('dialog', { name: 'Request an intro to Triad Ventures' });
    await dialog.getByLabel('Note to the fund').fill('Raising a 4M seed for picking robots.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();

    // 3. The partner's bell counts up without a reload (server push).
    await expect(bell(them)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 10_000 });

    // 4. The partner approves: the company is a deal in the pipeline.
    await them.getByRole('button', { name: `Approve Intro: ${COMPANY}` }).click();
    await expect(toasts(them)).toContainText(`Approve Intro action taken for ${COMPANY}`);
    // The acted-on notification says what was done (issue 29 point 3).
    await expect(them.getByText('Approved: added to your pipeline')).toBeVisible();
    await them.goto('/vc/pipeline');
    await expect(them.getByRole('link', { name: COMPANY }).first()).toBeVisible();

    // 5. The admin assigns it to the partner and mentions them in a comment.
    await page.goto('/vc/pipeline');
    await page.getByRole('combobox', { name: `Assign ${COMPANY}` }).first().selectOption({ label: 'Pat Partner' });
    await expect(toasts(page)).toContainText('Deal assigned to Pat Partner');
    await page.getByRole('link', { name: `Add comment on ${COMPANY}` }).first().click();
    await expect(page).toHaveURL(/\/vc\/deal\/[0-9a-f-]+#comments$/);
    const dealId = /\/vc\/deal\/([0-9a-f-]+)#/.exec(page.url())![1]!;
    const box = page.getByRole('combobox', { name: 'Add a comment' });
    await box.click();
    await box.pressSequentially('Can you own this? @pa');
    await page.getByRole('listbox', { name: 'Fund members' }).getByRole('option', { name: /Pat Partner/ }).click();
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Comments' })).toContainText('Can you own this? @Pat Partner');

    // The partner hears of both, live: the assignment and the mention.
    await them.goto('/vc/dashboard');
    const team = them.getByRole('region', { name: 'Mentions & Assignments' });
    await expect(team.getByText(`Ada Admin assigned ${COMPANY} to you`)).toBeVisible();
    await expect(team.getByText(`Ada Admin mentioned you on ${COMPANY}`)).toBeVisible();

    // 6. The partner moves it to Cold with a reason, in the browser. A platform deal asks why first,
    //    with the reasons the server suggests from the thesis fit and the analysis, prefilled.
    const { reasons: suggested } = await api<{ reasons: string[] }>(partner, 'GET', `/api/vc/deals/${dealId}/decline-reasons`);
    await them.goto('/vc/pipeline');
    const rowStatus = them.getByRole('group', { name: `Status of ${COMPANY}` }).first();
    await expect(rowStatus.getByRole('button', { name: 'Cold' })).toHaveAttribute('aria-pressed', 'false');
    // Key 3 on the selected row opens the dialog; Cancel leaves the deal where it was.
    await them.keyboard.press('3');
    const passing = them.getByRole('dialog', { name: 'Reason for passing' });
    await expect(passing).toBeVisible();
    const chips = passing.getByRole('group', { name: 'Reasons' }).getByRole('button');
    await expect(chips).toHaveText(suggested);
    for (const chip of await chips.all()) await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await passing.getByRole('button', { name: 'Cancel' }).click();
    await expect(passing).toBeHidden();
    await expect(rowStatus.getByRole('button', { name: 'Cold' })).toHaveAttribute('aria-pressed', 'false');
    await expect(toasts(them)).not.toContainText('Deal moved to Cold');

    // On the deal page the partner keeps one reason: a suggested one when there is any, else their own.
    await them.goto(`/vc/deal/${dealId}`);
    const pageStatus = them.getByRole('group', { name: `Status of ${COMPANY}` });
    await pageStatus.getByRole('button', { name: 'Cold' }).click();
    await expect(passing).toBeVisible();
    await expect(chips).toHaveText(suggested);
    const reason = suggested.find((r) => r.startsWith('Traction')) ?? suggested[0] ?? REASON;
    if (!suggested.includes(reason)) {
      await passing.getByLabel('Add your own reason').fill(reason);
      await passing.getByRole('button', { name: 'Add', exact: true }).click();
    }
    for (const other of suggested.filter((r) => r !== reason)) await passing.getByRole('button', { name: other, exact: true }).click();
    await expect(passing.getByRole('button', { name: reason, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(passing.getByRole('button', { pressed: true })).toHaveCount(1);
    await passing.getByLabel('Internal note (optional)').fill('Internal: revisit at Series A');
    await passing.getByRole('button', { name: 'Move to Cold' }).click();
    await expect(passing).toBeHidden();
    await expect(toasts(them)).toContainText('Deal moved to Cold');
    await expect(pageStatus.getByRole('button', { name: 'Cold' })).toHaveAttribute('aria-pressed', 'true');
    await them.reload();
    await expect(them.getByRole('list', { name: 'Activity' })).toContainText('Moved from New to Cold by Pat Partner');

    // 7. The founder sees the reason, never the internal note or the comments.
    await fay.reload();
    const why = fay.getByRole('list', { name: 'Why Triad Ventures passed' });
    await expect(why).toContainText(reason);
    await expect(fay.getByText('Internal: revisit at Series A')).toHaveCount(0);
    await expect(fay.getByText('Can you own this?')).toHaveCount(0);

    await partnerContext.close();
    await founderContext.close();
  });
});

test.describe('one company, once', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${DECK}`);
  test.setTimeout(240_000);

  test('a warm intro for a company that already applied by the form joins its deal: one row, both sources, the deck and its score', async ({ page }) => {
    const admin = await createUser('vc', 'Ada Admin');
    await api(admin, 'POST', '/vc/profile/step1/', {
      fund_name: 'Single Row Capital',
      website: 'https://singlerow.example',
      sectors: ['AI/ML'],
      stages: ['Seed'],
      geography: ['EUROPE'],
      ticket_size_min: null,
      ticket_size_max: null,
    });
    await api(admin, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
    await api(admin, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: false });

    // The company applies through the fund's public form first, and its deal is scored.
    const { applyUrl } = await api<{ applyUrl: string }>(admin, 'GET', '/vc/intake/');
    const form = new FormData();
    for (const [k, v] of Object.entries({ companyName: COMPANY, email: 'fay@triad.example', stage: 'Seed', sector: 'AI/ML', fillMs: '8000' })) form.append(k, v);
    form.append('file', new Blob([readFileSync(DECK)], { type: 'application/pdf' }), 'triad.pdf');
    await api(null, 'POST', `/api/apply/${applyUrl.split('/').pop()}`, form);
    type Listed = { id: string; startupName: string; fitScore: number | null };
    const formDeal = async () => (await api<{ deals: Listed[] }>(admin, 'GET', '/api/vc/deals')).deals.find((d) => d.startupName === COMPANY);
    await expect.poll(async () => (await formDeal())?.fitScore ?? null, { timeout: 120_000, intervals: [500] }).not.toBeNull();
    const dealId = (await formDeal())!.id;

    // Then its founder, on the platform, asks the same fund for a warm intro.
    const founder = await scoredFounder();
    const { matches } = await api<{ matches: { fundId: string; fundName: string }[] }>(founder, 'GET', '/founder/matches/');
    const fund = matches.find((m) => m.fundName === 'Single Row Capital');
    expect(fund).toBeDefined();
    await api(founder, 'POST', `/founder/matches/${fund!.fundId}/intro/`, { note: 'We applied by your form last week.' });

    // The admin approves it from the bell: the notification says the company was already there.
    await useSession(page, admin);
    await page.goto('/vc/dashboard');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
    await page.getByRole('button', { name: `Approve Intro: ${COMPANY}` }).click();
    await expect(page.getByText('Approved: already in your pipeline, added as another source')).toBeVisible();

    // One row in the pipeline, its sources counted; the deal page has both arrivals, the deck and the score.
    await page.goto('/vc/pipeline');
    const rows = page.getByRole('row').filter({ hasText: COMPANY });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('Form +1');
    await page.goto(`/vc/deal/${dealId}`);
    await expect(page.getByText(/^Also received by Platform on /)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Deck viewer' })).toContainText(/Page 1 of \d+/);
    await expect(page.getByText('This deal has no deck')).toHaveCount(0);
    await expect((await api<{ deals: Listed[] }>(admin, 'GET', '/api/vc/deals')).deals.filter((d) => d.startupName === COMPANY)).toHaveLength(1);
  });
});
