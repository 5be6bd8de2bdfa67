import type { Page } from '@playwright/test';
import { api, createFund, createUser, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';
import { mailsTo } from '../outbox.ts';

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The founder confirms their address with the link mailed at sign-up, as they would from their inbox. */
async function confirmEmail(page: Page, founder: TestUser) {
  await expect.poll(async () => (await mailsTo(founder.email)).filter((m) => /Confirm your email/.test(m.subject)).length, { timeout: 30_000 }).toBe(1);
  const mail = (await mailsTo(founder.email)).find((m) => /Confirm your email/.test(m.subject))!;
  const link = /https?:\/\/\S+\/verify-email#token=[A-Za-z0-9_-]+/.exec(mail.text)![0];
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByText('Your email address is confirmed')).toBeVisible();
}

/** The deal the fund's one intake item became, once processed (a refusal fails with its reason). */
async function dealOf(fund: TestUser) {
  let item: { outcome: string; reason: string | null; dealId: string | null } | undefined;
  await expect
    .poll(async () => {
      [item] = (await api<{ items: NonNullable<typeof item>[] }>(fund, 'GET', '/vc/intake/log/')).items;
      return item?.outcome ?? 'nothing yet';
    }, { timeout: 60_000 })
    .not.toMatch(/^(received|nothing yet)$/);
  expect(item, `intake: ${item?.outcome} ${item?.reason}`).toMatchObject({ dealId: expect.any(String) });
  return item!.dealId!;
}

/**
 * A pitch email with its deck as a DocSend link, as many founders send it: the deal needs no deck
 * analysis (the analyser's 20 s bound fails decks on a loaded two-core machine; this test is not about analysis).
 */
function pitchEmail(from: string, to: string, company: string) {
  return [
    `From: Tess Tracer <${from}>`,
    `To: ${to}`,
    `Subject: Pitch Deck - ${company}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello, here is the ${company} deck: https://docsend.com/view/${company.toLowerCase().replace(/\W/g, '')}`,
    '',
  ].join('\r\n');
}

/** The founder emails the deck to the fund's intake address. */
async function emailDeck(fund: TestUser, from: string, company: string) {
  const intake = await api<{ emailEndpoint: string; emailAddress: string }>(fund, 'GET', '/vc/intake/');
  const sent = await fetch(intake.emailEndpoint, { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: pitchEmail(from, intake.emailAddress, company) });
  expect(sent.status).toBe(200);
}

test.describe('where your deck went', () => {
  test('a decline reaches the founder’s screen and inbox; a fund hiding ‘Under review’ shows ‘Received’; email intake is matched by the verified address; another founder sees none of it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const lantern = await createFund('Lena Lantern', { fundName: 'Lantern Capital', emailForwarding: true });
    const quietOak = await createFund('Quinn Oak', { fundName: 'Quiet Oak Partners', emailForwarding: true });

    // Quiet Oak's admin hides 'Under review' in Settings → Intake Sources.
    await useSession(page, quietOak);
    await page.goto('/vc/settings?tab=intake');
    const setting = page.getByRole('checkbox', { name: 'Show founders when a deal is under review' });
    await expect(setting).toBeChecked();
    await setting.uncheck();
    await expect(toasts(page)).toContainText('Founders see ‘Received’ until you decide');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Show founders when a deal is under review' })).not.toBeChecked();
    await page.getByRole('heading', { name: 'What founders see' }).scrollIntoViewIfNeeded();
    await shoot(page, 'founder-outreach-fund-setting');

    // The founder emails the deck to both funds from their address.
    const founder = await createUser('founder', 'Tess Tracer');
    await emailDeck(lantern, founder.email, 'Tracer Freight');
    await emailDeck(quietOak, founder.email, 'Tracer Freight');

    // Lantern passes with a reason and an internal note; Quiet Oak starts looking (Track).
    const lanternDeal = await dealOf(lantern);
    await api(lantern, 'POST', `/api/vc/deals/${lanternDeal}/decline`, { reasons: ['We only lead Series A rounds'], note: 'Founder seemed unprepared' });
    const oakDeal = await dealOf(quietOak);
    await api(quietOak, 'POST', `/api/vc/deals/${oakDeal}/status`, { status: 'track', note: '' });

    // Unverified, the founder's address is not yet proof that these applications are theirs.
    const founderPage = await (await browser.newContext({ baseURL: process.env.E2E_WEB_URL!, viewport: { width: 1280, height: 900 } })).newPage();
    await useSession(founderPage, founder);
    await founderPage.goto('/founder/outreach');
    await expect(founderPage.getByRole('heading', { name: 'Where your deck went' })).toBeVisible();
    await expect(founderPage.getByRole('note')).toContainText(`once you confirm ${founder.email}`);
    await expect(founderPage.getByText('Your deck has not reached a fund yet.')).toBeVisible();

    await confirmEmail(founderPage, founder);
    await founderPage.getByRole('link', { name: 'Go to your dashboard' }).click();
    await founderPage.getByRole('navigation').first().getByRole('link', { name: 'Outreach' }).click();
    await expect(founderPage).toHaveURL(/\/founder\/outreach$/);
    const list = founderPage.getByRole('list', { name: 'Funds your deck reached' });
    await expect(list.getByRole('listitem').filter({ has: founderPage.getByRole('heading') })).toHaveCount(2);

    const lanternRow = list.getByRole('listitem', { name: 'Lantern Capital' });
    await expect(lanternRow.getByText('Status: Passed')).toBeVisible();
    await expect(lanternRow).toContainText('Email');
    await expect(lanternRow.getByRole('list', { name: 'Reasons Lantern Capital gave' })).toHaveText('We only lead Series A rounds');
    await expect(lanternRow).not.toContainText('No decision yet');
    await expect(lanternRow).toContainText(/Under an hour|\d+ hours?/);
    await expect(list).not.toContainText('unprepared');

    const oakRow = list.getByRole('listitem', { name: 'Quiet Oak Partners' });
    await expect(oakRow.getByText('Status: Received')).toBeVisible();
    await expect(oakRow).toContainText('Email');
    await expect(oakRow).toContainText('No decision yet');
    await expect(founderPage.getByText('Under review')).toHaveCount(0);
    await shoot(founderPage, 'founder-outreach');
    await founderPage.setViewportSize({ width: 390, height: 844 });
    await expect(lanternRow.getByText('Status: Passed')).toBeVisible();
    expect(await founderPage.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);

    // The decline reached the founder's inbox too, with the reason and never the note.
    await expect.poll(async () => (await mailsTo(founder.email)).filter((m) => /your application for Tracer Freight/.test(m.subject)).length, { timeout: 60_000 }).toBe(1);
    const declined = (await mailsTo(founder.email)).find((m) => /your application for Tracer Freight/.test(m.subject))!;
    expect(declined.subject).toMatch(/^Lantern Capital: /);
    expect(declined.text).toContain('- We only lead Series A rounds');
    expect(declined.text).not.toContain('unprepared');

    // Another founder, verified too, sees none of it.
    const other = await createUser('founder', 'Otto Other');
    const otherPage = await (await browser.newContext({ baseURL: process.env.E2E_WEB_URL!, viewport: { width: 1280, height: 900 } })).newPage();
    await useSession(otherPage, other);
    await confirmEmail(otherPage, other);
    await otherPage.goto('/founder/outreach');
    await expect(otherPage.getByText('Your deck has not reached a fund yet.')).toBeVisible();
    await expect(otherPage.getByText('Lantern Capital')).toHaveCount(0);
    await expect(otherPage.getByText('Quiet Oak Partners')).toHaveCount(0);
  });
});
