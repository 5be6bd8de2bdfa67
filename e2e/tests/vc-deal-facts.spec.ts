import { createHmac } from 'node:crypto';
import { api, apiUrl, createFund, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';

// Issue 29 point 9: facts the intake read from the deck are marked so on the deal page, and editable there.

/** Sends a deal to the fund's signed webhook (Standard Webhooks), its deck the app's sample deck. */
async function webhookDeal(vc: TestUser, fields: Record<string, string>) {
  const { secret } = await api<{ secret: string }>(vc, 'POST', '/vc/intake/webhook-secret/');
  const { applyUrl } = await api<{ applyUrl: string }>(vc, 'GET', '/vc/intake/');
  const slug = applyUrl.split('/').pop()!;
  const deck = Buffer.from(await (await fetch(`${apiUrl()}/docs/sample-deck.pdf`)).arrayBuffer());
  const body = JSON.stringify({ ...fields, deck_filename: 'sample-deck.pdf', deck_base64: deck.toString('base64') });
  const id = `msg_${Date.now()}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${ts}.${body}`).digest('base64');
  const res = await fetch(`${apiUrl()}/api/intake/webhook/${slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': ts, 'webhook-signature': `v1,${signature}` },
    body,
  });
  expect(res.status).toBe(200);
}

test('stage, sector and geography read from the deck are marked on the deal page; editing one takes its mark off', async ({ page }) => {
  const vc = await createFund('Fiona Facts');
  await webhookDeal(vc, { company_name: 'Acme Robotics' });
  let dealId = '';
  await expect
    .poll(async () => {
      const { deals } = await api<{ deals: { id: string; startupName: string }[] }>(vc, 'GET', '/api/vc/deals');
      dealId = deals.find((d) => d.startupName === 'Acme Robotics')?.id ?? '';
      return dealId;
    })
    .not.toBe('');

  await useSession(page, vc);
  await page.goto(`/vc/deal/${dealId}`);
  const facts = page.getByRole('region', { name: 'Deal facts' });
  await expect(facts).toContainText('Seed');
  await expect(facts).toContainText('Logistics');
  await expect(facts).toContainText('Berlin, Germany');
  for (const fact of ['stage', 'sector', 'geography']) await expect(page.getByTestId(`from-deck-${fact}`)).toHaveText('read from the deck');
  await expect(page.getByTestId('from-deck-startupName')).toHaveCount(0);
  await shoot(page, 'deal-facts');

  await facts.getByRole('button', { name: 'Edit facts' }).click();
  const form = page.getByRole('form', { name: 'Edit deal facts' });
  await form.getByLabel('Sector').fill('AI/ML');
  await form.getByRole('button', { name: 'Save facts' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Deal facts updated')).toBeVisible();
  await expect(facts).toContainText('AI/ML');
  await expect(page.getByTestId('from-deck-sector')).toHaveCount(0);
  await expect(page.getByTestId('from-deck-stage')).toHaveText('read from the deck');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Deal facts' })).toContainText('AI/ML');
});
