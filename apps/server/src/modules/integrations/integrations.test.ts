import { ALERTS_PRO_REQUIRED, TRIAL_SCORE_LIMIT } from '@fitscore/contracts';
import { deals, fundMembers, funds } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../../../test/poll-until.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

const WEB = 'https://app.fitscore.test';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A loopback stand-in for Slack's incoming webhooks or a Teams Workflows trigger: it records what
 * is posted and answers from a script (Slack says `200 ok`, Workflows `202` with no body).
 */
class FakeService {
  received: Received[] = [];
  /** Answers for the next posts, in order; then `fallback`. */
  script: Answer[] = [];
  private server: Server;
  url = '';

  constructor(private fallback: Answer) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        this.received.push({ path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null });
        const answer = this.script.shift() ?? this.fallback;
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? '');
      });
    });
  }

  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  reset() {
    this.received = [];
    this.script = [];
  }

  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

let server: TestServer;
let slack: FakeService;
let teams: FakeService;
let slackHook: string;
let teamsHook: string;
const db = () => server.database.handle.db;

beforeAll(async () => {
  slack = await new FakeService({ status: 200, body: 'ok' }).start();
  teams = await new FakeService({ status: 202, body: '' }).start();
  slackHook = `${slack.url}/services/T0000/B0000/abcdWXYZ`;
  teamsHook = `${teams.url}/workflows/1234/triggers/manual/paths/invoke?sig=teamSIG9`;
  server = await startTestServer({ ALERT_WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_WEB_URL: WEB, JOB_POLL_MS: '500' });
});
afterAll(async () => {
  await server.close();
  await slack.close();
  await teams.close();
});
beforeEach(() => {
  slack.reset();
  teams.reset();
});

async function newFund(name = 'Northwind') {
  const vc = await signUp(server, 'vc', { name: 'Ada Admin' });
  const res = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: name, website: 'https://northwind.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(res.status).toBe(200);
  return { token: vc.token, fundId: res.body.profile.id as string, userId: vc.user.id };
}

async function addDeal(fundId: string, startupName = 'Acme Robotics') {
  const [deal] = await db().insert(deals).values({ fundId, startupName, source: 'upload' }).returning();
  return deal!.id;
}

const save = (token: string, body: Record<string, unknown>) =>
  server.request('PUT', '/vc/integrations/', {
    token,
    body: { slackWebhookUrl: null, teamsWebhookUrl: null, events: ['match', 'warmintro', 'status'], alertThreshold: 70, ...body },
  });

const deliveries = async (token: string) => {
  const res = await server.request('GET', '/vc/integrations/deliveries/', { token });
  expect(res.status).toBe(200);
  return res.body.deliveries as any[];
};

/** Waits until the fund's deliveries are all sent or failed (the job queue retries with backoff). */
function settled(token: string, count: number) {
  return pollUntil(
    async () => {
      const list = await deliveries(token);
      return list.length >= count && list.every((d) => d.status !== 'pending') && list;
    },
    { intervalMs: 200, what: `${count} deliveries to be sent or failed` },
  );
}

/** Block Kit as Slack documents it for messages: header (plain_text ≤ 150), section (mrkdwn ≤ 3000), actions with a link button. */
function expectBlockKit(body: any, { title, link }: { title: string; link: string }) {
  expect(typeof body.text).toBe('string');
  expect(body.text).toBe(title);
  expect(Array.isArray(body.blocks)).toBe(true);
  expect(body.blocks.length).toBeLessThanOrEqual(50);
  const [header, section, actions] = body.blocks;
  expect(header).toEqual({ type: 'header', text: { type: 'plain_text', text: title, emoji: true } });
  expect(header.text.text.length).toBeLessThanOrEqual(150);
  expect(section.type).toBe('section');
  expect(section.text.type).toBe('mrkdwn');
  expect(section.text.text.length).toBeLessThanOrEqual(3000);
  expect(actions.type).toBe('actions');
  expect(actions.elements).toHaveLength(1);
  const button = actions.elements[0];
  expect(button).toMatchObject({ type: 'button', text: { type: 'plain_text' }, url: link });
  expect(button.text.text.length).toBeLessThanOrEqual(75);
  return section.text.text as string;
}

/** The Workflows trigger's envelope: a message whose one attachment is an Adaptive Card with an Action.OpenUrl. */
function expectAdaptiveCard(body: any, { title, link }: { title: string; link: string }) {
  expect(body.type).toBe('message');
  expect(body.attachments).toHaveLength(1);
  const [attachment] = body.attachments;
  expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
  const card = attachment.content;
  expect(card.type).toBe('AdaptiveCard');
  expect(card.$schema).toBe('http://adaptivecards.io/schemas/adaptive-card.json');
  expect(card.version).toBe('1.4');
  expect(card.body[0]).toMatchObject({ type: 'TextBlock', text: title, weight: 'Bolder', wrap: true });
  for (const element of card.body) expect(element.type).toBe('TextBlock');
  expect(card.actions).toEqual([{ type: 'Action.OpenUrl', title: expect.any(String), url: link }]);
  return (card.body as { text: string }[]).map((b) => b.text).join('\n');
}

describe('settings', () => {
  it('stores webhook URLs and reads them back masked; the masked value keeps the stored URL', async () => {
    const { token } = await newFund();
    const initial = await server.request('GET', '/vc/integrations/', { token });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ slackWebhookUrl: null, teamsWebhookUrl: null, events: ['match', 'warmintro', 'status'], alertThreshold: 70, alertsAllowed: true });

    const saved = await save(token, { slackWebhookUrl: slackHook, teamsWebhookUrl: teamsHook, events: ['status'], alertThreshold: 80 });
    expect(saved.status).toBe(200);
    const host = new URL(slack.url).host;
    expect(saved.body.slackWebhookUrl).toBe(`http://${host}/…WXYZ`);
    expect(saved.body.teamsWebhookUrl).toBe(`http://${new URL(teams.url).host}/…SIG9`);
    expect(JSON.stringify(saved.body)).not.toContain('abcdWXYZ');
    expect(saved.body).toMatchObject({ events: ['status'], alertThreshold: 80 });

    // Saving the form as read (masked values) keeps both webhooks: the test still reaches them.
    const again = await save(token, { slackWebhookUrl: saved.body.slackWebhookUrl, teamsWebhookUrl: saved.body.teamsWebhookUrl, events: ['status', 'match'] });
    expect(again.status).toBe(200);
    expect(again.body.slackWebhookUrl).toBe(saved.body.slackWebhookUrl);
    const test = await server.request('POST', '/vc/integrations/test/', { token });
    expect(test.status).toBe(200);
    expect(slack.received.map((r) => r.path)).toEqual(['/services/T0000/B0000/abcdWXYZ']);
    expect(teams.received.map((r) => r.path)).toEqual(['/workflows/1234/triggers/manual/paths/invoke?sig=teamSIG9']);

    // An empty value removes a webhook.
    const removed = await save(token, { slackWebhookUrl: '', teamsWebhookUrl: saved.body.teamsWebhookUrl });
    expect(removed.body.slackWebhookUrl).toBeNull();
    expect(removed.body.teamsWebhookUrl).not.toBeNull();
  });

  it('refuses bad thresholds and events with 400', async () => {
    const { token } = await newFund();
    expect((await save(token, { alertThreshold: 101 })).status).toBe(400);
    expect((await save(token, { events: ['everything'] })).status).toBe(400);
    const notUrl = await save(token, { slackWebhookUrl: 'hooks.slack.com/services/x' });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.error).toMatch(/valid webhook URL/);
  });

  it('lets members read the settings and deliveries but only admins change or test them', async () => {
    const { token, fundId } = await newFund();
    await save(token, { slackWebhookUrl: slackHook });
    const member = await signUp(server, 'vc', { name: 'Mo Member' });
    await db().insert(fundMembers).values({ fundId, userId: member.user.id, role: 'member' });

    const read = await server.request('GET', '/vc/integrations/', { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body.slackWebhookUrl).toMatch(/…WXYZ$/);
    expect((await server.request('GET', '/vc/integrations/deliveries/', { token: member.token })).status).toBe(200);

    const put = await save(member.token, { slackWebhookUrl: null });
    expect(put.status).toBe(403);
    expect(put.body.error).toBe("Only the fund's admins can change this.");
    expect((await server.request('POST', '/vc/integrations/test/', { token: member.token })).status).toBe(403);
    expect((await server.request('GET', '/vc/integrations/', { token })).body.slackWebhookUrl).not.toBeNull();

    const founder = await signUp(server, 'founder');
    expect((await server.request('GET', '/vc/integrations/', { token: founder.token })).status).toBe(403);
    expect((await server.request('GET', '/vc/integrations/')).status).toBe(401);
  });
});

describe('payloads', () => {
  it('posts a hot match to Slack as Block Kit and to Teams as an Adaptive Card, each linking to the deal', async () => {
    const { token, fundId } = await newFund();
    await save(token, { slackWebhookUrl: slackHook, teamsWebhookUrl: teamsHook, alertThreshold: 75 });
    const dealId = await addDeal(fundId, 'Acme <Robotics> & Co');

    // Below the threshold: nothing is sent.
    expect(await server.app.alerts.dispatch(fundId, { kind: 'match', dealId, startupName: 'Acme', fitScore: 74, reasons: [] })).toEqual([]);

    const queued = await server.app.alerts.dispatch(fundId, {
      kind: 'match',
      dealId,
      startupName: 'Acme <Robotics> & Co',
      fitScore: 82,
      reasons: ['Sector: SaaS', 'Stage: Seed'],
    });
    expect(queued).toHaveLength(2);
    const list = await settled(token, 2);
    expect(list.map((d) => [d.target, d.kind, d.status, d.attempts, d.responseStatus])).toEqual(
      expect.arrayContaining([
        ['slack', 'match', 'sent', 1, 200],
        ['teams', 'match', 'sent', 1, 202],
      ]),
    );

    const title = 'Hot match: Acme <Robotics> & Co (FitScore 82)';
    const link = `${WEB}/vc/deal/${dealId}`;
    expect(slack.received).toHaveLength(1);
    expect(slack.received[0]!.headers['content-type']).toBe('application/json');
    const slackText = expectBlockKit(slack.received[0]!.body, { title, link });
    // Slack's control characters are escaped in mrkdwn.
    expect(slackText).toContain('Acme &lt;Robotics&gt; &amp; Co');
    expect(slackText).toContain('• Sector: SaaS');

    expect(teams.received).toHaveLength(1);
    const teamsText = expectAdaptiveCard(teams.received[0]!.body, { title, link });
    expect(teamsText).toContain('FitScore of 82');
    expect(teamsText).toContain('Stage: Seed');
  });

  it("alerts a deal's status change with who moved it, and a warm intro, only for the events picked", async () => {
    const { token, fundId } = await newFund();
    await save(token, { slackWebhookUrl: slackHook, events: ['status'] });
    const dealId = await addDeal(fundId, 'Beta Labs');

    const moved = await server.request('POST', `/api/vc/deals/${dealId}/status`, { token, body: { status: 'hot', note: '' } });
    expect(moved.status).toBe(200);
    expect(await server.app.alerts.dispatch(fundId, { kind: 'warmintro', introId: 'x', startupName: 'Gamma', note: 'hi' })).toEqual([]);
    const [delivery] = await settled(token, 1);
    expect(delivery).toMatchObject({ kind: 'status', status: 'sent', title: 'Beta Labs moved to Hot' });
    const text = expectBlockKit(slack.received[0]!.body, { title: 'Beta Labs moved to Hot', link: `${WEB}/vc/deal/${dealId}` });
    expect(text).toBe('Ada Admin moved Beta Labs from New to Hot.');

    await save(token, { slackWebhookUrl: slackHook, events: ['warmintro'] });
    slack.reset();
    await server.request('POST', `/api/vc/deals/${dealId}/status`, { token, body: { status: 'cold', note: '' } });
    await server.app.alerts.dispatch(fundId, { kind: 'warmintro', introId: 'intro-1', startupName: 'Gamma', note: 'Met at YC demo day' });
    const list = await settled(token, 2);
    expect(list.map((d) => d.kind)).toEqual(['warmintro', 'status']);
    expect(slack.received).toHaveLength(1);
    const intro = expectBlockKit(slack.received[0]!.body, { title: 'Warm intro request: Gamma', link: `${WEB}/vc/dashboard` });
    expect(intro).toContain('Met at YC demo day');
  });
});

describe('delivery', () => {
  it('retries a service that answers 500 twice, then records it sent after the third try', async () => {
    const { token, fundId } = await newFund();
    await save(token, { slackWebhookUrl: slackHook });
    slack.script = [
      { status: 500, body: 'internal_error' },
      { status: 500, body: 'internal_error' },
    ];
    const dealId = await addDeal(fundId);
    await server.app.alerts.dispatch(fundId, { kind: 'match', dealId, startupName: 'Acme', fitScore: 90, reasons: [] });
    const [delivery] = await settled(token, 1);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3, responseStatus: 200, responseBody: 'ok' });
    expect(slack.received).toHaveLength(3);
    // The same message each time.
    expect(slack.received[2]!.body).toEqual(slack.received[0]!.body);
  });

  it("records a refusal at once, with the service's status and the start of its answer", async () => {
    const { token, fundId } = await newFund();
    await save(token, { slackWebhookUrl: slackHook });
    slack.script = [{ status: 404, body: `no_service ${'x'.repeat(2000)}` }];
    await server.app.alerts.dispatch(fundId, { kind: 'status', dealId: await addDeal(fundId), startupName: 'Acme', from: 'new', to: 'hot', by: 'Ada' });
    const [delivery] = await settled(token, 1);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 404 });
    expect(delivery.responseBody.startsWith('no_service')).toBe(true);
    expect(delivery.responseBody.length).toBe(500);
    expect(delivery.finishedAt).not.toBeNull();
  });

  it("'Send test' answers each service's outcome and records it; a redirect is not followed", async () => {
    const { token } = await newFund('Test Fund');
    expect((await server.request('POST', '/vc/integrations/test/', { token })).status).toBe(400);
    await save(token, { slackWebhookUrl: slackHook, teamsWebhookUrl: teamsHook });
    teams.script = [{ status: 302, headers: { location: `${slack.url}/elsewhere` } }];
    const res = await server.request('POST', '/vc/integrations/test/', { token });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { target: 'slack', ok: true, status: 200, error: null },
      { target: 'teams', ok: false, status: 302, error: 'Microsoft Teams answered 302: Redirects are not followed.' },
    ]);
    expect(slack.received.map((r) => r.path)).toEqual(['/services/T0000/B0000/abcdWXYZ']);
    const link = `${WEB}/vc/settings?tab=alerts`;
    expect(expectBlockKit(slack.received[0]!.body, { title: 'FitScore test alert', link })).toContain('Test Fund');
    expectAdaptiveCard(teams.received[0]!.body, { title: 'FitScore test alert', link });
    const list = await deliveries(token);
    expect(list.map((d) => [d.target, d.kind, d.status])).toEqual(
      expect.arrayContaining([
        ['slack', 'test', 'sent'],
        ['teams', 'test', 'failed'],
      ]),
    );
  });

  it('posts to a host name through the checked lookup (the address connected to is the one checked)', async () => {
    const { token } = await newFund();
    await save(token, { slackWebhookUrl: `http://localhost:${new URL(slack.url).port}/services/T1/B1/byName` });
    const res = await server.request('POST', '/vc/integrations/test/', { token });
    expect(res.body.results).toEqual([{ target: 'slack', ok: true, status: 200, error: null }]);
    expect(slack.received.map((r) => r.path)).toEqual(['/services/T1/B1/byName']);
  });

  it("never shows one fund's settings or deliveries to another", async () => {
    const a = await newFund('Alpha');
    const b = await newFund('Beta');
    await save(a.token, { slackWebhookUrl: slackHook });
    await server.request('POST', '/vc/integrations/test/', { token: a.token });
    expect(await deliveries(a.token)).toHaveLength(1);
    expect(await deliveries(b.token)).toEqual([]);
    expect((await server.request('GET', '/vc/integrations/', { token: b.token })).body.slackWebhookUrl).toBeNull();
    // B's status changes do not reach A's channel.
    await server.request('POST', `/api/vc/deals/${await addDeal(b.fundId)}/status`, { token: b.token, body: { status: 'hot', note: '' } });
    expect(await deliveries(a.token)).toHaveLength(1);
    expect(await deliveries(b.token)).toEqual([]);
  });
});

describe('a Pro feature (open on the trial while scores remain)', () => {
  it('refuses URLs and tests with 402 once the trial is used up, skips queued alerts, and opens again on Pro', async () => {
    const { token, fundId } = await newFund();
    // On the trial with scores left: alerts work.
    expect((await save(token, { slackWebhookUrl: slackHook, events: ['status'] })).status).toBe(200);
    const dealId = await addDeal(fundId, 'Spent Trial');
    // A status alert queued now, then the trial runs out before it is sent.
    await db().update(funds).set({ trialScoresUsed: TRIAL_SCORE_LIMIT }).where(eq(funds.id, fundId));
    expect((await server.request('POST', `/api/vc/deals/${dealId}/status`, { token, body: { status: 'hot', note: '' } })).status).toBe(200);
    const [skipped] = await settled(token, 1);
    expect(skipped).toMatchObject({ kind: 'status', status: 'skipped', responseBody: ALERTS_PRO_REQUIRED, attempts: 0 });
    expect(slack.received).toHaveLength(0);

    const read = await server.request('GET', '/vc/integrations/', { token });
    expect(read.body.alertsAllowed).toBe(false);
    for (const res of [
      await save(token, { slackWebhookUrl: read.body.slackWebhookUrl }),
      await save(token, { teamsWebhookUrl: teamsHook }),
      await server.request('POST', '/vc/integrations/test/', { token }),
    ]) {
      expect([res.status, res.body.error]).toEqual([402, ALERTS_PRO_REQUIRED]);
    }
    expect(slack.received).toHaveLength(0);
    // Removing the webhooks stays possible.
    expect((await save(token, { slackWebhookUrl: null })).body).toMatchObject({ slackWebhookUrl: null, alertsAllowed: false });

    await db().update(funds).set({ plan: 'pro' }).where(eq(funds.id, fundId));
    const pro = await save(token, { slackWebhookUrl: slackHook });
    expect([pro.status, pro.body.alertsAllowed]).toEqual([200, true]);
    const test = await server.request('POST', '/vc/integrations/test/', { token });
    expect(test.status).toBe(200);
    expect(slack.received).toHaveLength(1);
  });
});

describe('server-side request forgery', () => {
  let strict: TestServer;
  beforeAll(async () => {
    // A second process on the same data with the default policy: private addresses refused.
    strict = await startTestServer({ PUBLIC_WEB_URL: WEB, JOBS_ENABLED: 'false' }, undefined, server.database);
  });
  afterAll(() => strict.close());

  async function strictFund() {
    const vc = await signUp(strict, 'vc');
    const res = await strict.request('POST', '/vc/profile/step1/', {
      token: vc.token,
      body: { fund_name: 'Strict', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
    });
    return { token: vc.token, fundId: res.body.profile.id as string };
  }

  it.each([
    ['http://127.0.0.1', 'http://127.0.0.1:9/hook', /must start with https:\/\//],
    ['https loopback', 'https://127.0.0.1/hook', /must be public: 127\.0\.0\.1 is a private, loopback or link-local address/],
    ['10.x', 'https://10.1.2.3/services/x', /must be public: 10\.1\.2\.3 is a private/],
    ['192.168.x', 'https://192.168.0.10/hook', /must be public/],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data', /must be public: 169\.254\.169\.254/],
    ['IPv6 loopback', 'https://[::1]/hook', /must be public/],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/hook', /must be public/],
    ['a name resolving to loopback', 'https://localhost/hook', /must be public: localhost resolves to/],
    ['plain http to a public host', 'http://1.1.1.1/hook', /must start with https:\/\//],
  ])('refuses %s with 400 and says why', async (_label, url, expected) => {
    const { token } = await strictFund();
    const res = await strict.request('PUT', '/vc/integrations/', {
      token,
      body: { slackWebhookUrl: url, teamsWebhookUrl: null, events: ['match'], alertThreshold: 70 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Slack webhook: /);
    expect(res.body.error).toMatch(expected);
  });

  it('accepts an https URL to a public address', async () => {
    const { token } = await strictFund();
    const res = await strict.request('PUT', '/vc/integrations/', {
      token,
      body: { slackWebhookUrl: null, teamsWebhookUrl: 'https://1.1.1.1/workflows/abc', events: ['match'], alertThreshold: 70 },
    });
    expect(res.status).toBe(200);
    expect(res.body.teamsWebhookUrl).toBe('https://1.1.1.1/…/abc');
  });

  it('checks every address again when sending: URLs stored while allowed are refused without a request', async () => {
    const { token } = await newFund();
    const port = new URL(slack.url).port;
    await save(token, { slackWebhookUrl: `https://localhost:${port}/hook`, teamsWebhookUrl: `https://127.0.0.1:${port}/hook` });
    const res = await strict.request('POST', '/vc/integrations/test/', { token });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { target: 'slack', ok: false, status: null, error: expect.stringMatching(/^Slack: Webhook addresses must be public: localhost resolves to (127\.0\.0\.1|::1)/) },
      { target: 'teams', ok: false, status: null, error: expect.stringMatching(/^Microsoft Teams: Webhook addresses must be public: 127\.0\.0\.1 is/) },
    ]);
    expect(slack.received).toEqual([]);
    const list = await deliveries(token);
    expect(list.every((d) => d.status === 'failed' && /must be public/.test(d.responseBody))).toBe(true);
  });
});
