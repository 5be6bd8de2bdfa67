import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { api, apiUrl, createFund, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';

// Issue 31 point 6: a company that comes back through another channel with a new deck is marked
// 'Returning' in the pipeline, and its deal page shows what the fund saw and decided before.

const UBER = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real/uber-2008-deck-redesign.pdf');
const haveDeck = existsSync(UBER);
if (!haveDeck && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${UBER} is missing`);

const COMPANY = 'Boomerang Rides';

type Listed = { id: string; startupName: string; fitScore: number | null };

async function slugOf(vc: TestUser) {
  const { applyUrl } = await api<{ applyUrl: string }>(vc, 'GET', '/vc/intake/');
  return applyUrl.split('/').pop()!;
}

/** The same company again, by the fund's signed webhook (Standard Webhooks), with another deck. */
async function webhookDeal(vc: TestUser, deck: Buffer) {
  const { secret } = await api<{ secret: string }>(vc, 'POST', '/vc/intake/webhook-secret/');
  const body = JSON.stringify({ company_name: COMPANY, deck_filename: 'boomerang-2.pdf', deck_base64: deck.toString('base64') });
  const id = `msg_${Date.now()}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${ts}.${body}`).digest('base64');
  const res = await fetch(`${apiUrl()}/api/intake/webhook/${await slugOf(vc)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': ts, 'webhook-signature': `v1,${signature}` },
    body,
  });
  expect(res.status).toBe(200);
}

test.describe('seen before', () => {
  test.skip(!haveDeck, `shared deck fixture not found at ${UBER}`);
  test.setTimeout(300_000);

  test('a company passed on with reasons comes back by webhook with a new deck: Returning in the pipeline, and what the fund saw and decided before on its page', async ({ page }) => {
    const vc = await createFund('Sam Seen');
    // It applies by the public form with the app's sample deck, and is scored.
    const sample = Buffer.from(await (await fetch(`${apiUrl()}/docs/sample-deck.pdf`)).arrayBuffer());
    const form = new FormData();
    for (const [k, v] of Object.entries({ companyName: COMPANY, email: 'ana@boomerang.example', stage: 'Seed', sector: 'SaaS', fillMs: '8000' })) form.append(k, v);
    form.append('file', new Blob([sample], { type: 'application/pdf' }), 'boomerang.pdf');
    await api(null, 'POST', `/api/apply/${await slugOf(vc)}`, form);
    const deal = async () => (await api<{ deals: Listed[] }>(vc, 'GET', '/api/vc/deals')).deals.find((d) => d.startupName === COMPANY);
    await expect.poll(async () => (await deal())?.fitScore ?? null, { timeout: 120_000, intervals: [500] }).not.toBeNull();
    const { id, fitScore } = (await deal())!;

    // The team comments and passes, with a reason and an internal note.
    await api(vc, 'POST', `/api/vc/deals/${id}/comments`, { body: 'Too early: no riders yet.' });
    await api(vc, 'POST', `/api/vc/deals/${id}/decline`, { reasons: ['Too early for us'], note: 'Revisit with traction' });

    // It comes back by webhook with another deck, which is scored as version 2.
    await webhookDeal(vc, readFileSync(UBER));
    await expect
      .poll(async () => (await api<{ analysis: { deck: { version: number } } | null }>(vc, 'GET', `/api/vc/deals/${id}`)).analysis?.deck.version, {
        timeout: 180_000,
        intervals: [500],
      })
      .toBe(2);

    await useSession(page, vc);
    await page.goto('/vc/pipeline');
    const row = page.getByRole('row').filter({ hasText: COMPANY });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Returning');

    await page.goto(`/vc/deal/${id}`);
    const seen = page.getByRole('region', { name: 'Seen before' });
    await expect(seen).toContainText('came back by Webhook');
    await expect(seen.getByRole('list', { name: 'Earlier decks' })).toContainText(`v1 · boomerang.pdf`);
    await expect(seen.getByRole('list', { name: 'Earlier decks' })).toContainText(`FitScore ${fitScore}`);
    await expect(seen.getByRole('heading', { name: 'What changed (v1 → v2)' })).toBeVisible();
    await expect(seen).toContainText(`FitScore ${fitScore} →`);
    const decisions = seen.getByRole('list', { name: 'Decisions before it came back' });
    await expect(decisions).toContainText('New → Cold');
    await expect(decisions).toContainText('Reasons: Too early for us');
    await expect(seen.getByRole('list', { name: 'Comments before it came back' })).toContainText('Too early: no riders yet.');
    await shoot(page, 'vc-seen-before');
  });
});
