import type { Browser, Page } from '@playwright/test';
import { api, apiUrl, createUser, expect, printedDeck, test, useSession, type TestUser } from '../fixtures.ts';

/** Three slides, rendered to PDF by the browser itself. */
const makeDeck = (browser: Browser) =>
  printedDeck(browser, [
    ['Linkable Robotics', 'Warehouse picking robots'],
    ['Traction', 'MRR $85K growing 18% MoM'],
    ['The Ask', 'Raising $4M seed'],
  ]);

async function founderWithDeck(browser: Browser): Promise<TestUser> {
  const user = await createUser('founder', 'Deck Founder');
  await api(user, 'POST', '/founder/profile/', {
    startup_name: 'Linkable Robotics',
    one_liner: 'Warehouse picking robots for mid-size retailers',
    stage: 'Seed',
    business_model: 'B2B',
    hq_geo: 'Lisbon, Portugal',
    industry: 'AI/ML',
    round_target_amount: 4_000_000,
    founders: [{ name: 'Ada Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada', commitment: 'Full-time' }],
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makeDeck(browser))], { type: 'application/pdf' }), 'linkable-deck.pdf');
  await api(user, 'POST', '/founder/deck/upload/', form);
  return user;
}

/** A reader in their own browser: passes the gate and waits for page 1. */
async function openAsReader(browser: Browser, path: string, email: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_WEB_URL!, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Linkable Robotics shared a deck with you' })).toBeVisible();
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Passcode').fill('seed-2026');
  await page.getByRole('button', { name: 'View deck' }).click();
  const shown = page.getByRole('img', { name: 'Page 1 of 3' });
  await expect(shown).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The page image as the reader's browser decoded it, at its own size.
  const image = await shown.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    canvas.getContext('2d')!.drawImage(img, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return { context, page, image };
}

/** Share of pixels that differ between two same-sized images, measured by the browser's own canvas. */
async function differingShare(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    async ([x, y]) => {
      const pixels = async (b64: string) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        return ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      };
      const [p, q] = await Promise.all([pixels(x), pixels(y)]);
      if (p.length !== q.length) return 1;
      let differ = 0;
      for (let i = 0; i < p.length; i += 4) {
        if (Math.abs(p[i]! - q[i]!) + Math.abs(p[i + 1]! - q[i + 1]!) + Math.abs(p[i + 2]! - q[i + 2]!) > 24) differ++;
      }
      return differ / (p.length / 4);
    },
    [a, b] as const,
  );
}

const viewerOf = async (founder: TestUser, linkId: string, email: string) =>
  (await api(founder, 'GET', `/founder/deck-links/${linkId}/`)).viewers.find((v: { email: string }) => v.email === email);

test.describe('Deck links', () => {
  test('a protected deck link: gate, watermark per reader, page times of two readers, a preview bot not counted, revoked at once', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const founder = await founderWithDeck(browser);
    await useSession(page, founder);
    await page.goto('/founder/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Deck links' }).first().click();
    await expect(page.getByRole('heading', { name: 'Deck links', level: 1 })).toBeVisible();
    await expect(page.getByText('No deck links yet.')).toBeVisible();

    const form = page.getByRole('form', { name: 'Create a deck link' });
    await form.getByLabel('Recipient name').fill('Northwind Ventures');
    await form.getByLabel('Passcode').fill('seed-2026');
    await form.getByLabel('Link expires after').selectOption('7');
    await expect(form.getByLabel('Ask for the viewer’s email')).toBeChecked();
    await expect(form.getByLabel('Allow downloads')).not.toBeChecked();
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/deck-links-empty-1280.png`, fullPage: true });
    await form.getByRole('button', { name: 'Create link' }).click();
    const url = await page.getByLabel('Deck link', { exact: true }).inputValue();
    expect(url).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
    const path = new URL(url).pathname;
    const token = path.split('/d/')[1]!;
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('list', { name: 'Deck links' }).getByRole('listitem').filter({ hasText: 'Northwind Ventures' });
    await expect(row.getByText('Passcode')).toBeVisible();
    await expect(row.getByTestId('deck-link-views')).toHaveText('0 viewers');
    const { links } = await api(founder, 'GET', '/founder/deck-links/');
    const linkId: string = links[0].id;

    // A link preview (Slack's unfurler) fetches the page and the gate: no view.
    const slackbot = { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' };
    expect((await fetch(url, { headers: slackbot })).status).toBe(200);
    expect((await fetch(`${apiUrl()}/public/deck-links/${token}/`, { headers: slackbot })).status).toBe(200);
    expect((await fetch(`${apiUrl()}/public/deck-links/${token}/`, { method: 'HEAD', headers: slackbot })).status).toBe(200);

    // A wrong passcode is refused.
    const stranger = await browser.newContext({ baseURL: process.env.E2E_WEB_URL!, viewport: { width: 390, height: 844 } });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(path);
    await strangerPage.getByLabel('Your email').fill('guess@nowhere.vc');
    await strangerPage.getByLabel('Passcode').fill('open-sesame');
    await strangerPage.getByRole('button', { name: 'View deck' }).click();
    await expect(strangerPage.getByText('That passcode is not right.')).toBeVisible();
    if (process.env.E2E_SHOTS) await strangerPage.screenshot({ path: `${process.env.E2E_SHOTS}/deck-gate-390.png`, fullPage: true });
    await stranger.close();

    // Two readers; each page image carries the reader's own email.
    const alice = await openAsReader(browser, path, 'alice@fund.vc');
    const bob = await openAsReader(browser, path, 'bob@other.vc');
    await expect(alice.page.getByRole('button', { name: 'Download deck' })).toHaveCount(0);
    expect(await differingShare(page, alice.image, bob.image)).toBeGreaterThan(0.005);
    if (process.env.E2E_SHOTS) await alice.page.screenshot({ path: `${process.env.E2E_SHOTS}/deck-viewer-1280.png` });

    // Page 1 stays on screen until the page has reported its time; then Alice turns to page 2.
    await expect.poll(async () => (await viewerOf(founder, linkId, 'alice@fund.vc'))?.pages[0].ms ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(1_000);
    await alice.page.getByRole('button', { name: 'Next page' }).click();
    await expect(alice.page.getByRole('img', { name: 'Page 2 of 3' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await viewerOf(founder, linkId, 'alice@fund.vc'))?.pages[1].ms ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(1_000);
    await expect.poll(async () => (await viewerOf(founder, linkId, 'bob@other.vc'))?.pages[0].ms ?? 0, { timeout: 30_000 }).toBeGreaterThanOrEqual(1_000);

    // The founder was told of the first open, and sees each reader's page-by-page time.
    await page.reload();
    await expect(page.getByRole('region', { name: 'A deck link was opened' })).toContainText('alice@fund.vc opened the link for Northwind Ventures');
    await expect(row.getByTestId('deck-link-views')).toContainText('2 viewers');
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/deck-links-1280.png`, fullPage: true });
    await row.getByRole('link', { name: 'Views of Northwind Ventures' }).click();
    await expect(page.getByRole('heading', { name: 'Northwind Ventures', level: 1 })).toBeVisible();
    const viewers = page.getByRole('region', { name: 'Viewers' });
    await expect(viewers.getByText('2 viewers')).toBeVisible();
    await expect(viewers.getByRole('heading', { name: 'alice@fund.vc' })).toBeVisible();
    await expect(viewers.getByRole('heading', { name: 'bob@other.vc' })).toBeVisible();
    await expect(viewers.getByRole('img', { name: /Time on each page: page 1 \d+ s, page 2 \d+ s, page 3/ })).toHaveCount(2);
    // Bob never left page 1: pages 2 and 3 are skipped.
    await expect(viewers.getByRole('article', { name: 'Viewer bob@other.vc' }).getByTestId('skipped-pages')).toHaveText('2, 3');
    if (process.env.E2E_SHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/deck-link-detail-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/deck-link-detail-390.png`, fullPage: true });
      await page.goto('/founder/deck-links');
      await expect(row).toBeVisible();
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/deck-links-390.png`, fullPage: true });
      await bob.page.setViewportSize({ width: 390, height: 844 });
      await bob.page.screenshot({ path: `${process.env.E2E_SHOTS}/deck-viewer-390.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/founder/deck-links/${linkId}`);
    }
    // The preview bot never counted.
    expect((await api(founder, 'GET', '/founder/deck-links/')).links[0].views).toBe(2);

    // Revoked: a reader already in is refused at her next call, the next page or the page-time
    // report her viewer sends every 5 s, whichever comes first; so the page may be gone before she turns it.
    await page.getByRole('button', { name: 'Revoke Northwind Ventures' }).click();
    await expect(page.getByText('Link revoked. It no longer opens.')).toBeVisible();
    const aliceGone = alice.page.getByRole('heading', { name: 'This link is no longer available.' });
    await expect(async () => {
      if (!(await aliceGone.isVisible())) await alice.page.getByRole('button', { name: 'Next page' }).click({ timeout: 2_000 });
      await expect(aliceGone).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await bob.page.goto(path);
    await expect(bob.page.getByRole('heading', { name: 'This link is no longer available.' })).toBeVisible();
    await alice.context.close();
    await bob.context.close();
  });
});
