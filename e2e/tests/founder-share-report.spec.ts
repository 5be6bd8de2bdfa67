import type { Browser, Page } from '@playwright/test';
import { apiUrl, buyPlan, createUser, expect, printedDeck, test, useSession, type TestUser } from '../fixtures.ts';

/** Slides of a small but complete deck, rendered to PDF by the browser itself. */
const SLIDES: string[][] = [
  ['Shareable Robotics', 'Warehouse picking robots for mid-size retailers', 'Seed round 2026'],
  ['Problem', 'Mid-size warehouses lose 30% of labour hours to manual picking.'],
  ['Solution', 'Autonomous picking arms that retrofit existing shelving in one week.'],
  ['Market', 'TAM $45B, SAM $6B, SOM $300M across US and EU mid-size retail.'],
  ['Traction', 'MRR $85K growing 18% MoM', '42 paying customers, 3 pilots converting'],
  ['Business Model', 'Robots-as-a-service: $2,000 per robot per month', 'Gross margin 68%'],
  ['Go-to-market', 'Direct sales to operations leaders; channel partnership with two 3PLs'],
  ['Team', 'CEO: ex-Amazon Robotics, prior exit to Zebra', 'CTO: PhD robotics, Stanford'],
  ['Financials', 'Burn $220K per month, runway 18 months', 'CAC $9,000, LTV $120,000'],
  ['The Ask', 'Raising $4M seed at $20M valuation'],
];

const makeDeck = (browser: Browser) => printedDeck(browser, SLIDES);

async function api<T = any>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = token ? { authorization: `Token ${token}` } : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${apiUrl()}${path}`, { method, headers, body: payload ?? null });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** profile → upload a generated deck → start → poll, all through the API. */
async function scoredFounder(browser: Browser): Promise<TestUser & { overall: number; label: string }> {
  const user = await createUser('founder', 'Share Founder');
  const profile = await api('POST', '/founder/profile/', user.token, {
    startup_name: 'Shareable Robotics',
    one_liner: 'Warehouse picking robots for mid-size retailers',
    stage: 'Seed',
    business_model: 'B2B',
    hq_geo: 'Lisbon, Portugal',
    industry: 'AI/ML',
    round_target_amount: 4_000_000,
    mrr: 85_000,
    burn: 220_000,
    cash: 3_960_000,
    gross_margin: 68,
    founders: [{ name: 'Ada Lovelace', linkedin_url: 'https://www.linkedin.com/in/ada', commitment: 'Full-time' }],
  });
  expect(profile.status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makeDeck(browser))], { type: 'application/pdf' }), 'shareable-deck.pdf');
  expect((await api('POST', '/founder/deck/upload/', user.token, form)).status).toBe(201);
  const start = await api<{ run: { id: string } }>('POST', '/founder/score/start/', user.token);
  expect(start.status).toBe(202);
  await expect
    .poll(async () => (await api<{ run: { status: string } }>('GET', `/founder/score/runs/${start.body.run.id}/`, user.token)).body.run.status, {
      timeout: 60_000,
      intervals: [300],
    })
    .toBe('done');
  const score = (await api<{ score: { overall: number; analysis: { label: string } } }>('GET', '/founder/score/', user.token)).body.score;
  return { ...user, overall: score.overall, label: score.analysis.label };
}

async function expectSharedScore(page: Page, founder: { overall: number; label: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Shareable Robotics' })).toBeVisible();
  await expect(page.getByText('Warehouse picking robots for mid-size retailers')).toBeVisible();
  await expect(page.getByRole('img', { name: `FitScore ${founder.overall} out of 100` })).toBeVisible();
  await expect(page.getByText(founder.label, { exact: true })).toBeVisible();
  await expect(page.getByText(/(High|Medium|Low) confidence/)).toBeVisible();
  for (const heading of ['Strengths', 'Top 3 Do-Next', 'Score breakdown', 'Key metrics']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  // Each sub-score opens to its evidence.
  await page.getByRole('button', { name: /^Traction/ }).click();
  await expect(page.getByText('Evidence', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get your own FitScore' })).toHaveAttribute('href', '/signup?role=founder');
  // Read-only: nothing to sign out of, nothing to edit.
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
}

test.describe('shared FitScore and PDF report', () => {
  test('a share link opens signed-out with the full score; once revoked it says the link is no longer available', async ({ page, browser }) => {
    const founder = await scoredFounder(browser);
    const created = await api<{ link: { id: string; url: string } }>('POST', '/founder/share-links/', founder.token);
    expect(created.status).toBe(201);
    const path = new URL(created.body.link.url).pathname;
    expect(path).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);

    await page.goto(path);
    await expectSharedScore(page, founder);

    const listed = await api<{ links: { id: string; views: number }[] }>('GET', '/founder/share-links/', founder.token);
    expect(listed.body.links[0]).toMatchObject({ id: created.body.link.id, views: 1 });

    expect((await api('DELETE', `/founder/share-links/${created.body.link.id}/`, founder.token)).status).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This link is no longer available.' })).toBeVisible();
    await expect(page.getByRole('img', { name: /FitScore \d+ out of 100/ })).toHaveCount(0);

    await page.goto('/share/not-a-real-token');
    await expect(page.getByRole('heading', { name: 'This link is no longer available.' })).toBeVisible();
  });

  test('from the dashboard: Share creates and copies a link, counts its views and revokes it; Download PDF saves the report', async ({ page, browser, context }) => {
    const founder = await scoredFounder(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await useSession(page, founder);
    await page.goto('/founder/dashboard');

    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your FitScore' });
    await expect(dialog.getByText('A link keeps showing the score it was created from')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(field).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
    await expect(field).toHaveAttribute('readonly', '');
    const url = await field.inputValue();
    await dialog.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('URL copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(dialog.getByText('0 views')).toBeVisible();

    // Someone opens it, signed out, in another browser context.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(new URL(url).pathname);
    await expectSharedScore(visitorPage, founder);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(dialog.getByText(/^1 view/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(dialog.getByText('Revoked', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();

    await visitorPage.reload();
    await expect(visitorPage.getByRole('heading', { name: 'This link is no longer available.' })).toBeVisible();
    await visitor.close();

    await page.keyboard.press('Escape');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('FitScore-Shareable-Robotics.pdf');
  });

  test('Similar Companies: an upgrade prompt on the free plan, an empty state before any data, and Report your raise', async ({ page, browser }) => {
    const founder = await scoredFounder(browser);
    await useSession(page, founder);
    // On the free plan the dashboard knows the list is not included: it never asks, so nothing is refused.
    const asked: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/founder/similar-companies/') asked.push(request.url());
    });
    page.on('response', (response) => {
      if (response.status() === 402) refused.push(response.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('402')) refused.push(message.text());
    });
    await page.goto('/founder/dashboard');
    const card = page.getByRole('region', { name: 'Similar Companies' });
    await expect(card.getByText('Similar companies is a Premium feature')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/founder/settings?tab=subscription');
    await expect(page.getByRole('heading', { name: 'Key Metrics' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(refused).toEqual([]);

    await buyPlan(founder);
    await page.reload();
    await expect(card.getByText(/^No funded companies to compare yet/)).toBeVisible();

    await card.getByRole('button', { name: 'Report your raise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report your raise' });
    await dialog.getByRole('button', { name: 'Save raise' }).click();
    await expect(dialog.getByText('Please confirm that other founders may see this raise')).toBeVisible();
    await dialog.getByLabel('Round').selectOption('Seed');
    await dialog.getByLabel('Date closed').fill('2025-03-01');
    await dialog.getByLabel('Amount raised').fill('2500000');
    await dialog.getByLabel('Investors').fill('Omega Fund, Jane Angel');
    await dialog.getByLabel('Show this raise to other founders on FitScore. You can remove it at any time.').check();
    await dialog.getByRole('button', { name: 'Save raise' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Your raise is saved. Other founders can now see it.')).toBeVisible();
    await expect(card.getByText('visible to other founders')).toBeVisible();

    // Another Premium founder in the same sector sees it as a platform company.
    const peer = await createUser('founder', 'Peer Founder');
    await api('POST', '/founder/profile/', peer.token, {
      startup_name: 'Peer Robotics',
      one_liner: 'Picking robots for warehouses',
      hq_geo: 'Porto, Portugal',
      industry: 'AI/ML',
      stage: 'Seed',
      round_target_amount: 1_000_000,
      founders: [{ name: 'Grace Hopper', linkedin_url: 'https://www.linkedin.com/in/grace', commitment: 'Full-time' }],
    });
    await buyPlan(peer);
    const seen = await api<{ companies: { name: string; source: string; investors: string[] }[] }>('GET', '/founder/similar-companies/', peer.token);
    expect(seen.body.companies.find((c) => c.name === 'Shareable Robotics')).toMatchObject({ source: 'platform', investors: ['Omega Fund', 'Jane Angel'] });

    await card.getByRole('button', { name: 'Remove' }).click();
    await expect(card.getByRole('button', { name: 'Report your raise' })).toBeVisible();
  });
});
