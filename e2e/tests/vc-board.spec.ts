import type { Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { api, createFund, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';

const DECKS = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real');
const FIRST = resolve(DECKS, 'airbnb-2008-seed-deck.pdf');
const SECOND = resolve(DECKS, 'cognitii-investor-deck.pdf');
const haveDecks = existsSync(FIRST) && existsSync(SECOND);
if (!haveDecks && process.env.CI === 'true')
  throw new Error(`CI=true requires the shared fixtures: ${FIRST} or ${SECOND} is missing`);

async function upload(user: TestUser, companyName: string, deck: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ companyName, stage: 'Seed', sector: 'SaaS' })) form.append(k, v);
  form.append('file', new Blob([readFileSync(deck)], { type: 'application/pdf' }), `${companyName}.pdf`);
  const { deal } = await api<{ deal: { id: string } }>(user, 'POST', '/api/vc/deals/upload', form);
  return deal.id;
}

const column = (page: Page, name: string) => page.locator(`section[data-stage-column="${name}"]`);
const card = (page: Page, stage: string, deal: string) =>
  column(page, stage).getByRole('button', { name: `${deal}, ${stage}` });

test.describe("the fund's own stages on a board (issue 31 point 1)", () => {
  test.skip(!haveDecks, `shared deck fixtures not found in ${DECKS}`);
  test.setTimeout(120_000);

  test('a card dragged with the keyboard stays in its new stage after a reload; Passed asks for the reasons', async ({
    page,
  }) => {
    const vc = await createFund('Kim Board');
    await upload(vc, 'Keyboard Kite', FIRST);
    await upload(vc, 'Passing Pine', SECOND);
    await useSession(page, vc);
    await page.goto('/vc/pipeline');
    await page.getByRole('radio', { name: 'Board' }).click();
    await expect(column(page, 'New')).toContainText('Keyboard Kite');
    await expect(column(page, 'New').getByLabel('2 deals')).toBeVisible();

    // Space picks the card up, the right arrow goes one stage on, space drops it.
    const kite = card(page, 'New', 'Keyboard Kite');
    await kite.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'Screening')).toHaveClass(/ring-brand-400/);
    await page.keyboard.press('Space');
    await expect(card(page, 'Screening', 'Keyboard Kite')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Deal moved to Screening');

    // The server has it: the stage and the triage it maps to (Track), after a reload too (the Board choice is remembered).
    await page.reload();
    await expect(card(page, 'Screening', 'Keyboard Kite')).toBeVisible();
    await expect(card(page, 'Screening', 'Keyboard Kite')).toContainText('Track');
    const { deals } = await api<{ deals: { startupName: string; status: string }[] }>(
      vc,
      'GET',
      '/api/vc/deals?status=track',
    );
    expect(deals.map((d) => d.startupName)).toEqual(['Keyboard Kite']);

    // Passed is mapped to Cold: the drop asks for the reasons first.
    await card(page, 'New', 'Passing Pine').focus();
    await page.keyboard.press('Space');
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowRight');
    await expect(column(page, 'Passed')).toHaveClass(/ring-brand-400/);
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Reason for passing' });
    await expect(dialog).toContainText('Passing Pine moves to Passed.');
    await dialog.getByLabel('Add your own reason').fill('Too early for us');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await shoot(page, 'board-passed-reasons');
    await dialog.getByRole('button', { name: 'Move to Passed' }).click();
    await expect(card(page, 'Passed', 'Passing Pine')).toBeVisible();
    await expect(card(page, 'Passed', 'Passing Pine')).toContainText('Cold');
    await page.reload();
    await expect(card(page, 'Passed', 'Passing Pine')).toBeVisible();
    await shoot(page, 'board');

    // The admin's Settings → Stages.
    await page.goto('/vc/settings?tab=stages');
    await expect(page.getByRole('list', { name: 'Stages in order' }).getByRole('textbox')).toHaveCount(9);
    await shoot(page, 'settings-stages');
  });

  test('a card dragged with the mouse lands in the column it is dropped on, and stays there after a reload', async ({ page }) => {
    const vc = await createFund('Mo Board');
    await upload(vc, 'Mouse Maple', FIRST);
    await useSession(page, vc);
    await page.goto('/vc/pipeline');
    await page.getByRole('radio', { name: 'Board' }).click();
    const maple = card(page, 'New', 'Mouse Maple');
    await expect(maple).toBeVisible();

    // Press, move past the 6 px that starts a drag, carry it over First call, release.
    const target = column(page, 'First call');
    await target.scrollIntoViewIfNeeded();
    const from = (await maple.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + Math.min(120, to.height / 2), { steps: 25 });
    await expect(page.getByText('Mouse Maple is over First call.')).toBeAttached();
    await page.mouse.up();
    await expect(card(page, 'First call', 'Mouse Maple')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Deal moved to First call');

    await page.reload();
    await expect(card(page, 'First call', 'Mouse Maple')).toBeVisible();
    await expect(column(page, 'New').getByRole('button', { name: /Mouse Maple/ })).toHaveCount(0);
  });
});
