import type { Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, createUser, expect, test, useSession, type TestUser } from '../fixtures.ts';

const DECK = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/airbnb-deck-powerpoint-reproduction.pdf');
const haveDeck = existsSync(DECK);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${DECK} is missing`);
/** Where the deal page's comments and activity are photographed (SHOTS_DIR, or the ignored test-results). */
const SHOTS = process.env.SHOTS_DIR ?? resolve(import.meta.dirname, '../test-results/vc-comments');

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });


/** A fund with its admin (onboarded over the API) and a colleague who joined through an invite. */
async function fundWithColleague() {
  const admin = await createUser('vc', 'Ada Admin');
  await api(admin, 'POST', '/vc/profile/step1/', {
    fund_name: 'Comment Capital',
    website: '',
    sectors: ['Marketplace', 'SaaS'],
    stages: ['Seed'],
    geography: ['US'],
    ticket_size_min: null,
    ticket_size_max: null,
  });
  await api(admin, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
  await api(admin, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: false });
  const colleague = await createUser('vc', 'Cleo Colleague');
  const { invite } = await api(admin, 'POST', '/vc/team/invites/', { email: null, role: 'member' });
  const token = new URL(invite.url as string).searchParams.get('token');
  await api(colleague, 'POST', '/vc/team/join/', { token });
  return { admin, colleague };
}

async function uploadDeck(user: TestUser, companyName: string) {
  const form = new FormData();
  form.append('companyName', companyName);
  form.append('stage', 'Seed');
  form.append('sector', 'Marketplace');
  form.append('file', new Blob([readFileSync(DECK)]), 'airbnb.pdf');
  const { deal } = await api(user, 'POST', '/api/vc/deals/upload', form);
  return deal.id as string;
}

test.describe('VC deal comments', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${DECK}`);
  test.setTimeout(180_000);

  test('Add comment from the pipeline → @mention via the autocomplete → rendered → edited → in the activity; the colleague is notified', async ({ page, browser }) => {
    const { admin, colleague } = await fundWithColleague();
    const dealId = await uploadDeck(admin, 'Airbnb');
    await useSession(page, admin);

    // The pipeline row's 'Add comment' opens the deal page at its comments.
    await page.goto('/vc/pipeline');
    await page.getByRole('link', { name: 'Add comment on Airbnb' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/vc/deal/${dealId}#comments$`));
    const comments = page.locator('#comments');
    await expect(comments.getByText('No comments yet.')).toBeVisible();
    await expect(comments).toBeInViewport();

    const box = page.getByRole('combobox', { name: 'Add a comment' });
    await box.click();
    await box.pressSequentially('**Strong** host supply. Ask @cl');
    const listbox = page.getByRole('listbox', { name: 'Fund members' });
    await expect(listbox.getByRole('option')).toHaveText([/Cleo Colleague/]);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('#collaboration').screenshot({ path: join(SHOTS, 'mention-autocomplete-1280.png') });
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('**Strong** host supply. Ask @Cleo Colleague ');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.pressSequentially('to check [the deck](https://example.com/deck) <b>now</b>');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(toasts(page)).toContainText('Comment added');

    const list = page.getByRole('list', { name: 'Comments' });
    const item = list.getByRole('listitem').first();
    await expect(item.locator('strong')).toHaveText('Strong');
    await expect(item.locator('[data-member-id]')).toHaveText('@Cleo Colleague');
    await expect(item.getByRole('link', { name: 'the deck' })).toHaveAttribute('href', 'https://example.com/deck');
    // Typed HTML is text.
    await expect(item).toContainText('<b>now</b>');
    await expect(item.locator('b')).toHaveCount(0);
    await expect(box).toHaveValue('');

    // Edit: the mention is kept, the marker shows.
    await item.getByRole('button', { name: 'Edit comment' }).click();
    const editBox = page.getByRole('combobox', { name: 'Edit your comment' });
    await expect(editBox).toHaveValue('**Strong** host supply. Ask @Cleo Colleague to check [the deck](https://example.com/deck) <b>now</b>');
    await editBox.fill('Call booked with @Cleo Colleague for *Friday*');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Comment updated');
    await expect(item.locator('em')).toHaveText('Friday');
    await expect(item.locator('[data-member-id]')).toHaveText('@Cleo Colleague');
    await expect(item).toContainText('edited');

    // The activity log, newest first.
    const activity = page.getByRole('list', { name: 'Activity' });
    await expect(activity.getByRole('listitem').first()).toContainText('Edited a comment by Ada Admin');
    await expect(activity.getByRole('listitem').nth(1)).toContainText('Commented by Ada Admin');
    await expect(activity).toContainText('Received via Upload');

    // Photographed without the toasts over them.
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: /close|dismiss/i }).evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.locator('#collaboration').screenshot({ path: join(SHOTS, `deal-comments-activity-${width}.png`) });
      await page.screenshot({ path: join(SHOTS, `deal-page-${width}.png`), fullPage: true });
      const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(scrollWidth, 'the deal page scrolls sideways').toBeLessThanOrEqual(width);
    }

    // The colleague was told once (the edit did not add them again); View opens the comments.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const them = await other.newPage();
    await useSession(them, colleague);
    await them.goto('/vc/dashboard');
    const group = them.getByRole('region', { name: 'Mentions & Assignments' });
    await expect(group.getByText('Ada Admin mentioned you on Airbnb')).toHaveCount(1);
    await group.getByRole('button', { name: 'View: Airbnb' }).click();
    await expect(them).toHaveURL(new RegExp(`/vc/deal/${dealId}#comments$`));
    await expect(them.getByRole('list', { name: 'Comments' })).toContainText('Call booked with @Cleo Colleague');
    // Not the author: no Edit or Delete.
    await expect(them.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
    await other.close();
  });
});
