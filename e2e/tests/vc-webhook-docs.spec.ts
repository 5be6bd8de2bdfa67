import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { api, createFund, expect, shoot, test, useSession } from '../fixtures.ts';

// Issue 29 point 11: the webhook 'Try it' snippet works as copied (it sends the app's sample deck)
// and links the public docs page /docs/webhooks, which the app serves.
const run = promisify(execFile);

test('the Try it request, run as copied, sends the sample deck and makes a scored deal; its docs link opens /docs/webhooks', async ({ page }) => {
  const vc = await createFund('Wanda Webhook', { fundName: 'Hook Ventures' });
  await useSession(page, vc);
  await page.goto('/vc/settings?tab=intake');
  await page.getByRole('button', { name: 'Create secret' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Try it: a signed request from your shell' }).inputValue();
  expect(snippet).toContain('/docs/sample-deck.pdf');

  const { stdout } = await run('bash', ['-c', snippet], { timeout: 30_000 });
  const answer = JSON.parse(stdout) as { ok: boolean; reference: string };
  expect(answer.ok).toBe(true);
  expect(answer.reference).toMatch(/^FS-/);

  // The deck it sent is a real pitch deck: the deal is made and scored.
  await expect
    .poll(async () => {
      const { deals } = await api<{ deals: { startupName: string; scoring: { state: string }; fitScore: number | null }[] }>(vc, 'GET', '/api/vc/deals');
      const deal = deals.find((d) => d.startupName === 'Acme Robotics');
      return deal ? `${deal.scoring.state} ${deal.fitScore === null ? 'unscored' : 'scored'}` : 'none';
    }, { timeout: 60_000 })
    .toBe('done scored');

  await page.getByRole('link', { name: 'the webhook docs' }).click();
  await expect(page).toHaveURL(/\/docs\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Send deals by webhook' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '3. Sign it' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'sample pitch deck' })).toHaveAttribute('href', /\/docs\/sample-deck\.pdf$/);
  await shoot(page, 'docs-webhooks');
});

test('/docs/webhooks is public, and its example names the sample deck the app serves as a PDF', async ({ page, request }) => {
  await page.goto('/docs/webhooks');
  await expect(page.getByRole('heading', { name: 'Send deals by webhook' })).toBeVisible();
  const example = await page.getByRole('textbox', { name: 'Example request' }).inputValue();
  expect(example.split('\n').slice(0, 2)).toEqual(["SECRET='whsec_your-secret'", expect.stringMatching(/^URL='http.+\/api\/intake\/webhook\/your-fund-slug'$/)]);
  expect(example).toContain('/docs/sample-deck.pdf');
  const deckUrl = (await page.getByRole('link', { name: 'sample pitch deck' }).getAttribute('href'))!;
  const deck = await request.get(deckUrl);
  expect(deck.status()).toBe(200);
  expect(deck.headers()['content-type']).toBe('application/pdf');
  expect((await deck.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
