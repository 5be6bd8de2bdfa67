import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, shoot, test, useSession } from '../fixtures.ts';
import { pageOn, signUpOn } from '../other-server.ts';
import { startFitScore, type FitScoreProcess } from '../server-process.ts';

// Issue 33 point 2: an Enterprise fund's admin subscribes a URL in Settings → Webhooks, sends a
// signed test event to a local receiver, sees the delivery with its answer, and resends one that
// failed. Enterprise is set by an operator, so this spec runs a server of its own (allowed to post
// to 127.0.0.1 by the alerts' ALERT_WEBHOOK_ALLOW_PRIVATE) and stops it for the command.
const ROOT = join(import.meta.dirname, '../..');
const FUND = {
  fund_name: 'Hookline Ventures',
  website: '',
  sectors: ['SaaS'],
  stages: ['Seed'],
  geography: ['US'],
  ticket_size_min: null,
  ticket_size_max: null,
};

test.describe('Settings → Webhooks', () => {
  let app: FitScoreProcess;
  const heard: { body: string; headers: Record<string, string> }[] = [];
  let answer = 200;
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      heard.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers as Record<string, string> });
      res.writeHead(answer).end(answer === 200 ? 'ok' : 'receiver is down');
    });
  });
  test.beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve())));
  test.afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  test('an admin sees webhooks as Enterprise, then adds an endpoint, sends a signed test event and resends a failed one', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const env = { ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' };
    app = await startFitScore(env);
    const vc = await signUpOn(app, 'vc', 'Hana Hooks');
    const step1 = await fetch(`${app.apiUrl}/vc/profile/step1/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${vc.token}` },
      body: JSON.stringify(FUND),
    });
    expect(step1.status).toBe(200);
    const fundId = ((await step1.json()) as { profile: { id: string } }).profile.id;

    let { context, page, errors } = await pageOn(browser, app.webUrl);
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=webhooks');
    const prompt = page.getByRole('region', { name: 'Enterprise plan for outgoing webhooks' });
    await expect(prompt).toContainText('Outgoing webhooks are an Enterprise feature');
    await expect(prompt.getByRole('link', { name: 'Contact Sales' })).toBeVisible();
    await shoot(page, 'webhooks-out-trial');
    await context.close();

    await app.stop({ keepData: true });
    await promisify(execFile)('npm', ['run', '-s', 'plan:set', '--', '--fund', fundId, '--plan', 'enterprise'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' },
    });
    app = await startFitScore(env, { dataDir: app.dataDir });
    ({ context, page, errors } = await pageOn(browser, app.webUrl));
    await useSession(page, vc);
    await page.goto('/vc/settings?tab=webhooks');

    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fitscore`;
    const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await form.getByRole('textbox', { name: 'Description' }).fill('CRM sync');
    await form.getByRole('checkbox', { name: 'deal.status_changed' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'it is shown only this once' });
    await expect(shown).toContainText(`Copy the signing secret for ${url}`);
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = page
      .getByRole('list', { name: 'Webhook endpoints' })
      .getByRole('listitem')
      .filter({ hasText: 'CRM sync' })
      .first();
    await expect(row).toContainText('Active');
    await expect(row).toContainText('deal.status_changed');

    await row.getByRole('button', { name: 'Send a test event to CRM sync' }).click();
    const deliveries = page.getByRole('list', { name: `Deliveries to ${url}` });
    await expect(deliveries).toContainText('webhook.test');
    await expect(deliveries).toContainText('HTTP 200');
    expect(heard).toHaveLength(1);
    // Signed (the server suite verifies the signatures with the standardwebhooks package).
    expect(heard[0]!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(heard[0]!.headers['webhook-id']).toMatch(/^msg_/);
    expect(JSON.parse(heard[0]!.body)).toMatchObject({ type: 'webhook.test' });
    await shoot(page, 'webhooks-out-delivered');

    // The receiver goes down: Resend records the 500 as a second attempt; back up, Resend delivers.
    answer = 500;
    await deliveries.getByRole('button', { name: /^Resend webhook\.test/ }).click();
    await expect(deliveries).toContainText('HTTP 500');
    await expect(deliveries).toContainText('receiver is down');
    await expect(page.getByText('Not delivered: HTTP 500')).toBeVisible();
    answer = 200;
    await deliveries.getByRole('button', { name: /^Resend webhook\.test/ }).click();
    await expect(deliveries.getByRole('listitem').filter({ hasText: 'HTTP 500' }).first()).toBeVisible();
    await expect.poll(() => heard.length).toBe(3);
    expect(heard[2]!.headers['webhook-id']).toBe(heard[0]!.headers['webhook-id']);
    await expect(deliveries).toContainText('Sent');
    await shoot(page, 'webhooks-out-resent');

    // The admin subscribes to one more event, then disables the endpoint and sees why it is off.
    await row.getByRole('button', { name: 'Edit the events of CRM sync' }).click();
    const edit = row.getByRole('form', { name: 'Events of CRM sync' });
    await edit.getByRole('checkbox', { name: 'comment.created' }).check();
    await edit.getByRole('button', { name: 'Save events' }).click();
    // Saved: the form closes and the row lists the new event among its subscriptions.
    await expect(edit).toBeHidden();
    await expect(row.getByText('comment.created', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Disable CRM sync' }).click();
    await expect(row).toContainText('Disabled by an admin');
    await expect(row.getByRole('button', { name: 'Send a test event to CRM sync' })).toBeDisabled();
    await shoot(page, 'webhooks-out-disabled');

    await row.getByRole('button', { name: 'Delete CRM sync' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this endpoint?' })
      .getByRole('button', { name: 'Delete endpoint' })
      .click();
    await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
});
