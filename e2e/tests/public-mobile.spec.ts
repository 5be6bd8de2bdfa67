import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

// Runs in the 'mobile' project: 390 x 844, touch.
const PUBLIC_PATHS = [
  '/',
  '/pricing',
  '/features',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/contact',
  '/signin',
  '/signup',
  '/signup?role=founder',
];

async function scrollWidth(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth);
}

/** The phone menu's toggle and the panel it controls. */
async function phoneMenu(page: Page): Promise<{ toggle: Locator; panel: Locator }> {
  const toggle = page.getByRole('button', { name: /menu/i });
  const panelId = await toggle.getAttribute('aria-controls');
  return { toggle, panel: page.locator(`[id="${panelId}"]`) };
}

/**
 * Buttons and links in the page body smaller than 40 px in either direction. Links inside a
 * sentence are exempt (WCAG 2.5.8 inline exception); the footer belongs to the shared layout.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main a, main button, main summary')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const sentence = el.closest('p');
        const inline =
          sentence !== null && (sentence.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 2;
        return !inline && (box.width < 40 || box.height < 40);
      })
      .map((el) => `${el.tagName} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim()}"`),
  );
}

test.describe('public site on a phone', () => {
  test('the menu starts collapsed, opens with the menu button, lists the links, and closes when one is followed', async ({
    page,
  }) => {
    await page.goto('/');
    const { toggle, panel } = await phoneMenu(page);
    await expect(toggle).toHaveAccessibleName('Open menu');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Close menu');
    await expect(panel.getByRole('link')).toHaveText(['How it Works', 'Features', 'Pricing', 'Sign In']);

    await panel.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plans for founders and funds' })).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // The current page is marked in the phone menu too.
    await toggle.click();
    await expect(panel.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    await expect(panel.getByRole('link', { name: 'Features' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('no public page scrolls sideways at 390 px', async ({ page }) => {
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await scrollWidth(page), `${path} is wider than the phone`).toBeLessThanOrEqual(390);
    }
  });

  test('controls on the marketing pages are at least 40 px tap targets', async ({ page }) => {
    for (const path of ['/', '/pricing', '/features', '/how-it-works', '/contact']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await smallTargets(page), path).toEqual([]);
    }
  });

  test('the sample dashboard becomes cards whose buttons fit the screen and still toast', async ({ page }) => {
    await page.goto('/');
    const deals = page.getByRole('list', { name: 'Example deals' });
    const acme = deals.getByRole('listitem').filter({ hasText: 'Acme AI' });
    await acme.scrollIntoViewIfNeeded();
    for (const action of ['Yes', 'Pass', 'Save']) {
      const button = acme.getByRole('button', { name: action, exact: true });
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await acme.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByRole('region', { name: 'Notifications' }).getByText('Save action taken for Acme AI'),
    ).toBeVisible();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  });

  test('the demo and Contact Sales modals fit the phone and keep working', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch demo' }).click();
    const demo = page.getByRole('dialog', { name: 'See FitScore in five steps' });
    let box = (await demo.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (let step = 1; step <= 5; step++) {
      const dot = (await demo.getByRole('button', { name: new RegExp(`^Step ${step}:`) }).boundingBox())!;
      expect(Math.min(dot.width, dot.height)).toBeGreaterThanOrEqual(40);
    }
    await demo.getByRole('button', { name: 'Next' }).click();
    await expect(demo.getByRole('group', { name: 'Step 2 of 5: Upload your deck' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(demo).toBeHidden();

    await page.getByRole('button', { name: 'Talk to sales' }).click();
    const sales = page.getByRole('dialog', { name: 'Contact Sales' });
    box = (await sales.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await sales.getByRole('button', { name: 'Submit' }).click();
    await expect(sales.getByText('Name is required')).toBeVisible();
    await sales.getByRole('button', { name: 'Cancel' }).click();
    await expect(sales).toBeHidden();
  });
});
