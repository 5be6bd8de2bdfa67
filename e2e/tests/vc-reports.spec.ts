import type { Download, Locator, Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { api, apiUrl, createFund, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';

// Issue 31 point 8: the fund's Reports screen, from deals that arrived through the real intake.

/** The app's sample deck, made this company's own by a trailing PDF comment (the same deck bytes are the same company). */
const sampleDeck = async (company: string) =>
  Buffer.concat([
    Buffer.from(await (await fetch(`${apiUrl()}/docs/sample-deck.pdf`)).arrayBuffer()),
    Buffer.from(`\n% ${company}\n`),
  ]);

async function upload(vc: TestUser, companyName: string, sector: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ companyName, stage: 'Seed', sector })) form.append(k, v);
  form.append('file', new Blob([await sampleDeck(companyName)], { type: 'application/pdf' }), `${companyName}.pdf`);
  return (await api<{ deal: { id: string } }>(vc, 'POST', '/api/vc/deals/upload', form)).deal.id;
}

/** A deal sent to the fund's signed webhook (Standard Webhooks). */
async function webhookDeal(vc: TestUser, fields: Record<string, string>) {
  const { secret } = await api<{ secret: string }>(vc, 'POST', '/vc/intake/webhook-secret/');
  const { applyUrl } = await api<{ applyUrl: string }>(vc, 'GET', '/vc/intake/');
  const body = JSON.stringify({
    ...fields,
    deck_filename: 'sample-deck.pdf',
    deck_base64: (await sampleDeck(fields.company_name ?? '')).toString('base64'),
  });
  const id = `msg_${Date.now()}`;
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${ts}.${body}`)
    .digest('base64');
  const res = await fetch(`${apiUrl()}/api/intake/webhook/${applyUrl.split('/').pop()!}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': ts,
      'webhook-signature': `v1,${signature}`,
    },
    body,
  });
  expect(res.status).toBe(200);
}

interface Listed {
  id: string;
  startupName: string;
  fitScore: number | null;
  scoring: { state: string };
}

/** Clicks an export and reads the file the browser saved. */
async function exported(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer; download: Download }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!), download };
}
const csvLines = (bytes: Buffer) => bytes.toString('utf8').trim().split(/\r\n/);

test('the Reports screen draws each chart from the fund’s deals, follows the filters, and exports PNG and CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const vc = await createFund('Rita Reports');
  const alpha = await upload(vc, 'Alpha Analytics', 'SaaS');
  const beta = await upload(vc, 'Beta Bank', 'Fintech');
  await webhookDeal(vc, { company_name: 'Gamma Grid', sector: 'SaaS' });
  let deals: Listed[] = [];
  await expect
    .poll(
      async () => {
        deals = (await api<{ deals: Listed[] }>(vc, 'GET', '/api/vc/deals')).deals;
        return deals.map((d) => `${d.startupName}:${d.scoring.state}`).sort();
      },
      { timeout: 90_000 },
    )
    .toEqual(['Alpha Analytics:done', 'Beta Bank:done', 'Gamma Grid:done']);
  const { stages } = await api<{ stages: { id: string; name: string }[] }>(vc, 'GET', '/api/vc/stages');
  const stage = (name: string) => stages.find((s) => s.name === name)!.id;
  await api(vc, 'POST', `/api/vc/deals/${alpha}/stage`, { stageId: stage('Partner meeting'), note: '' });
  await api(vc, 'POST', `/api/vc/deals/${beta}/status`, { status: 'track', note: '' });
  await api(vc, 'POST', `/api/vc/deals/${alpha}/mark-reviewed`);
  await api(vc, 'POST', `/api/vc/deals/${alpha}/assign`, { memberId: vc.id });

  await useSession(page, vc);
  await page.goto('/vc/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/vc\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  const received = page.getByText(/^Deals received from .+: \d+$/);
  await expect(received).toHaveText(/: 3$/);

  const charts = [
    'Deals received per week',
    'Funnel by stage',
    'Deals past screening by channel',
    'Time to first review and to a decision',
    'FitScore distribution',
  ];
  for (const title of charts) {
    const region = page.getByRole('region', { name: title });
    await expect(region.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
    await expect(region.getByRole('button', { name: `Download ${title} as PNG` })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Funnel by stage' }).getByRole('img')).toHaveAccessibleName(
    /New 3, Screening 2, First call 1, Partner meeting 1/,
  );

  // CSV: the chart's own figures.
  const funnel = page.getByRole('region', { name: 'Funnel by stage' });
  const funnelCsv = await exported(page, funnel.getByRole('button', { name: 'Download Funnel by stage data as CSV' }));
  expect(funnelCsv.name).toMatch(/^funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csvLines(funnelCsv.bytes).slice(0, 5)).toEqual([
    'Stage,Deals reached,Conversion from previous stage',
    'New,3,',
    'Screening,2,0.6667',
    'First call,1,0.5',
    'Partner meeting,1,1',
  ]);
  const channels = page.getByRole('region', { name: 'Deals past screening by channel' });
  const channelCsv = csvLines((await exported(page, channels.getByRole('button', { name: /as CSV$/ }))).bytes);
  expect(channelCsv).toEqual([
    'Channel,Deals received,Deals past Screening,Share past Screening',
    'Upload,2,1,0.5',
    'Form,0,0,',
    'Email,0,0,',
    'Webhook,1,0,0',
    'Platform,0,0,',
    'Import,0,0,',
  ]);
  const weekly = page.getByRole('region', { name: 'Deals received per week' });
  const weeklyCsv = csvLines((await exported(page, weekly.getByRole('button', { name: /as CSV$/ }))).bytes);
  expect(weeklyCsv[0]).toBe('Week starting,Upload,Form,Email,Webhook,Platform,Import,Total');
  expect(weeklyCsv.length).toBeGreaterThanOrEqual(13); // every week of the last 12 weeks
  expect(weeklyCsv.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},2,0,0,1,0,0,3$/);
  const timingCsv = csvLines(
    (
      await exported(
        page,
        page
          .getByRole('region', { name: 'Time to first review and to a decision' })
          .getByRole('button', { name: /as CSV$/ }),
      )
    ).bytes,
  );
  expect(timingCsv.at(-1)).toMatch(/^Whole period,0,1,0,2$/);
  const scores = (await api<{ deals: Listed[] }>(vc, 'GET', '/api/vc/deals')).deals;
  const scoreCsv = csvLines(
    (
      await exported(
        page,
        page.getByRole('region', { name: 'FitScore distribution' }).getByRole('button', { name: /as CSV$/ }),
      )
    ).bytes,
  );
  expect(scoreCsv[0]).toBe('FitScore,Arrived,Reached Partner meeting');
  expect(scoreCsv.slice(1).reduce((n, line) => n + Number(line.split(',')[1]), 0)).toBe(
    scores.filter((d) => d.fitScore !== null).length,
  );
  expect(scoreCsv.slice(1).reduce((n, line) => n + Number(line.split(',')[2]), 0)).toBe(1);

  // PNG: the drawing, as an image file.
  const png = await exported(page, funnel.getByRole('button', { name: 'Download Funnel by stage as PNG' }));
  expect(png.name).toMatch(/^funnel-.+\.png$/);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.bytes.length).toBeGreaterThan(2000);
  if (process.env.E2E_SHOTS) writeFileSync(`${process.env.E2E_SHOTS}/vc-reports-export-${png.name}`, png.bytes);

  // Filters change the figures (and the address, so a report can be shared).
  await page.getByLabel('Sector').selectOption('Fintech');
  await expect(received).toHaveText(/: 1$/);
  await expect(page).toHaveURL(/sector=Fintech/);
  expect(csvLines((await exported(page, funnel.getByRole('button', { name: /as CSV$/ }))).bytes).slice(1, 3)).toEqual([
    'New,1,',
    'Screening,1,1',
  ]);
  await page.getByLabel('Sector').selectOption('');
  await page.getByLabel('Owner').selectOption({ label: 'Rita Reports' });
  await expect(received).toHaveText(/: 1$/);
  await page.getByLabel('Owner').selectOption('');
  await expect(received).toHaveText(/: 3$/);
  // Two filters changed at once (before the screen has redrawn) both hold: Beta Bank is Fintech but nobody's.
  const [sectorSelect, ownerSelect] = [
    await page.getByLabel('Sector').elementHandle(),
    await page.getByLabel('Owner').elementHandle(),
  ];
  await page.evaluate(
    ([sector, owner, ownerId]) => {
      for (const [select, value] of [
        [sector, 'Fintech'],
        [owner, ownerId],
      ] as [HTMLSelectElement, string][]) {
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    },
    [sectorSelect, ownerSelect, vc.id] as const,
  );
  await expect(page).toHaveURL(/sector=Fintech.*owner=|owner=.*sector=Fintech/);
  await expect(received).toHaveText(/: 0$/);
  await expect(page.getByLabel('Sector')).toHaveValue('Fintech');
  await page.getByLabel('Sector').selectOption('');
  await page.getByLabel('Owner').selectOption('');
  await expect(received).toHaveText(/: 3$/);
  await page.getByLabel('Period').selectOption('Custom dates');
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('To', { exact: true }).fill(yesterday);
  await expect(received).toHaveText(/: 0$/);
  await page.getByLabel('Period').selectOption('Last 4 weeks');
  await expect(received).toHaveText(/: 3$/);

  await shoot(page, 'vc-reports');
  await page.setViewportSize({ width: 390, height: 900 });
  for (const title of charts)
    await expect(
      page.getByRole('region', { name: title }).locator('.recharts-wrapper > svg.recharts-surface'),
    ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
