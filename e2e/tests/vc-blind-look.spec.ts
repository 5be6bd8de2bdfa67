import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { api, createUser, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';

const DECK = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/airbnb-deck-powerpoint-reproduction.pdf');
const haveDeck = existsSync(DECK);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${DECK} is missing`);

/** A fund with its admin (onboarded over the API) and a colleague who joined through an invite. */
async function fundWithColleague() {
  const admin = await createUser('vc', 'Ada Admin');
  await api(admin, 'POST', '/vc/profile/step1/', {
    fund_name: 'Blind Capital',
    website: '',
    sectors: ['Marketplace', 'SaaS'],
    stages: ['Seed'],
    geography: ['US'],
    ticket_size_min: null,
    ticket_size_max: null,
  });
  const colleague = await createUser('vc', 'Cleo Colleague');
  const { invite } = await api(admin, 'POST', '/vc/team/invites/', { email: null, role: 'member' });
  await api(colleague, 'POST', '/vc/team/join/', { token: new URL(invite.url as string).searchParams.get('token') });
  return { admin, colleague };
}

/** A deal uploaded by the admin, once the engine has scored it. */
async function scoredDeal(user: TestUser, companyName: string) {
  const form = new FormData();
  form.append('companyName', companyName);
  form.append('file', new Blob([readFileSync(DECK)]), 'airbnb.pdf');
  const { deal } = await api(user, 'POST', '/api/vc/deals/upload', form);
  await expect
    .poll(async () => (await api(user, 'GET', `/api/vc/deals/${deal.id}`)).deal.scoring.state, { timeout: 150_000, intervals: [500] })
    .toBe('done');
  return deal.id as string;
}

test.describe('VC blind first look (issue 31 point 7)', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${DECK}`);
  test.setTimeout(240_000);

  test("the second member sees 'Record your own view first', votes Track, then sees the score, the comments and the first member's vote", async ({ page, browser }) => {
    const { admin, colleague } = await fundWithColleague();
    const dealId = await scoredDeal(admin, 'Airbnb');

    // The admin turns it on for New, Screening and Partner meeting in Settings → Stages.
    await useSession(page, admin);
    await page.goto('/vc/settings?tab=stages');
    const section = page.getByRole('form', { name: 'Blind first look' });
    await section.getByRole('checkbox', { name: 'Blind first look' }).check();
    for (const stage of ['New', 'Screening', 'Partner meeting']) await section.getByRole('checkbox', { name: stage, exact: true }).check();
    await section.getByRole('button', { name: 'Save blind first look' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Blind first look saved');
    await shoot(page, 'blind-look-settings');

    // The admin is blind too until their own Hot; then they comment.
    await page.goto(`/vc/deal/${dealId}`);
    await expect(page.getByText('Record your own view first').first()).toBeVisible();
    await page.getByRole('group', { name: 'Status of Airbnb' }).getByRole('button', { name: 'Hot' }).click();
    await expect(page.getByRole('img', { name: /^FitScore \d+ out of 100$/ })).toBeVisible();
    const score = (await page.getByRole('img', { name: /^FitScore \d+ out of 100$/ }).getAttribute('aria-label'))!;
    await api(admin, 'POST', `/api/vc/deals/${dealId}/comments`, { body: 'Huge market, strong host supply' });

    // The colleague has not voted: a lock in the pipeline, the notice instead of the score and comments.
    const second = await browser.newPage();
    await useSession(second, colleague);
    await second.goto('/vc/pipeline');
    await expect(second.getByRole('row', { name: /Airbnb/ }).getByText('Hidden until you vote')).toBeVisible();
    await second.goto(`/vc/deal/${dealId}`);
    await expect(second.getByRole('heading', { name: 'Airbnb' })).toBeVisible();
    await expect(second.getByText('Record your own view first')).toHaveCount(3);
    await expect(second.getByRole('img', { name: /^FitScore/ })).toHaveCount(0);
    await expect(second.getByText('Huge market, strong host supply')).toHaveCount(0);
    await expect(second.getByRole('list', { name: 'Team views' })).toHaveCount(0);
    await expect(second.getByRole('region', { name: 'Team views' })).toContainText('Record your own view first');
    await shoot(second, 'blind-look-before-vote');

    // Track: the score, the comments and the admin's Hot appear.
    await second.getByRole('group', { name: 'Status of Airbnb' }).getByRole('button', { name: 'Track' }).click();
    await expect(second.getByRole('img', { name: score })).toBeVisible();
    await expect(second.getByText('Huge market, strong host supply')).toBeVisible();
    const views = second.getByRole('list', { name: 'Team views' });
    await expect(views.getByRole('listitem')).toHaveCount(2);
    await expect(views.getByRole('listitem').filter({ hasText: 'Ada Admin' })).toContainText('Hot');
    await expect(views.getByRole('listitem').filter({ hasText: 'Cleo Colleague' })).toContainText('Track');
    await expect(second.getByText('Record your own view first')).toHaveCount(0);
    await shoot(second, 'blind-look-after-vote');
    await second.close();
  });
});
