import { SUB_SCORE_KEYS } from '@fitscore/contracts';
import { deals, fitScores, fundMembers, webhookDeliveries } from '@fitscore/db';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSolidDeck, validProfile } from '../../../test/decks.ts';
import { setPlan } from '../../../test/plans.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { retryDelayMs } from './webhooks-out.service.ts';

/** What the local receiver heard: the raw body and headers of each POST, per path. */
interface Heard {
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/** A real HTTP receiver on 127.0.0.1: each path answers the statuses queued for it (then 200). */
function startReceiver() {
  const heard: Heard[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      heard.push({ path, body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      const status = answers.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status} from ${path}`);
    });
  });
  return new Promise<{
    url: (path: string) => string;
    heard: Heard[];
    answer: (path: string, ...statuses: number[]) => void;
    close: () => Promise<void>;
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (path) => `http://127.0.0.1:${port}${path}`,
        heard,
        answer: (path, ...statuses) => answers.set(path, statuses),
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // The alerts' SSRF switch lets this server post to the local receiver; retries come due in well under a second.
  server = await startTestServer({
    ALERT_WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_OUT_RETRY_BASE_MS: '200',
    WEBHOOK_OUT_RETRY_MAX_MS: '400',
    JOB_POLL_MS: '500',
  });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function newFund(name: string, on: TestServer = server) {
  const admin = await signUp(on, 'vc', { name: `${name} Admin` });
  const res = await on.request('POST', '/vc/profile/step1/', {
    token: admin.token,
    body: {
      fund_name: `${name} Capital`,
      website: '',
      sectors: ['SaaS'],
      stages: ['Seed'],
      geography: ['US'],
      ticket_size_min: null,
      ticket_size_max: null,
    },
  });
  expect(res.status).toBe(200);
  return { token: admin.token, userId: admin.user.id as string, fundId: res.body.profile.id as string };
}

async function enterpriseFund(name: string) {
  const fund = await newFund(name);
  await setPlan(server, { fund: fund.fundId }, 'enterprise');
  return fund;
}

async function newDeal(fundId: string, startupName: string) {
  const [deal] = await server.database.handle.db
    .insert(deals)
    .values({ fundId, startupName, sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload' })
    .returning();
  return deal!.id;
}

const subscribe = (token: string, body: unknown, on: TestServer = server) =>
  on.request('POST', '/api/vc/webhooks', { token, body });
const deliveriesOf = async (token: string, endpointId: string) =>
  (await server.request('GET', `/api/vc/webhooks/${endpointId}/deliveries`, { token })).body.deliveries as any[];
const heardAt = (path: string) => receiver.heard.filter((h) => h.path === path);

describe('outgoing webhooks (Settings → Webhooks)', () => {
  it('sign each delivery with Standard Webhooks: an independent verifier accepts it, and the payload says what happened', async () => {
    const fund = await enterpriseFund('Signco');
    const created = await subscribe(fund.token, {
      url: receiver.url('/signed'),
      description: 'CRM',
      events: ['deal.status_changed', 'comment.created'],
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.body.endpoint).toMatchObject({
      url: receiver.url('/signed'),
      events: ['deal.status_changed', 'comment.created'],
      state: 'active',
      createdBy: 'Signco Admin',
    });
    // The secret is in the create answer only.
    expect(JSON.stringify((await server.request('GET', '/api/vc/webhooks', { token: fund.token })).body)).not.toContain(
      secret.slice(6),
    );

    const dealId = await newDeal(fund.fundId, 'Signed Startup');
    expect(
      (await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'hot' } }))
        .status,
    ).toBe(200);
    expect(
      (
        await server.request('POST', `/api/vc/deals/${dealId}/comments`, {
          token: fund.token,
          body: { body: 'Strong team' },
        })
      ).status,
    ).toBe(201);

    const [moved, commented] = await pollUntil(
      () => {
        const got = heardAt('/signed');
        return (
          got.length >= 2 && [
            got.find((h) => h.body.includes('deal.status_changed'))!,
            got.find((h) => h.body.includes('comment.created'))!,
          ]
        );
      },
      { what: 'two signed deliveries' },
    );
    for (const h of [moved, commented]) {
      expect(h.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(h.headers['content-type']).toBe('application/json');
      const verified = new Webhook(secret).verify(h.body, h.headers as Record<string, string>);
      expect(verified).toEqual(JSON.parse(h.body));
      // Another secret does not verify it.
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
          h.body,
          h.headers as Record<string, string>,
        ),
      ).toThrow();
    }
    const status = JSON.parse(moved!.body);
    expect(status).toMatchObject({
      type: 'deal.status_changed',
      data: {
        deal: { id: dealId, startupName: 'Signed Startup' },
        to: 'hot',
        changedBy: { id: fund.userId, name: 'Signco Admin' },
      },
    });
    expect(Date.parse(status.timestamp)).not.toBeNaN();
    expect(JSON.parse(commented!.body)).toMatchObject({
      type: 'comment.created',
      data: { deal: { id: dealId }, comment: { body: 'Strong team', author: { name: 'Signco Admin' } } },
    });

    // Listed with their attempt and answer.
    const listed = await pollUntil(
      async () => {
        const d = await deliveriesOf(fund.token, created.body.endpoint.id);
        return d.length === 2 && d.every((x) => x.status === 'sent') && d;
      },
      { what: 'both deliveries listed as sent' },
    );
    expect(listed[0].attempts).toHaveLength(1);
    expect(listed[0].attempts[0]).toMatchObject({
      responseStatus: 200,
      responseBody: 'answer 200 from /signed',
      error: null,
      manual: false,
    });
    expect(listed[0].attempts[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('tell of a deal uploaded (deal.created) and, once its FitScore is stored, of its score (deal.scored)', async () => {
    const fund = await enterpriseFund('Uploadco');
    const created = await subscribe(fund.token, {
      url: receiver.url('/upload'),
      events: ['deal.created', 'deal.scored'],
    });
    const form = new FormData();
    form.append('companyName', 'Upload Robotics');
    form.append('stage', 'Seed');
    form.append('sector', 'SaaS');
    form.append('file', new Blob([await makeSolidDeck()]), 'deck.pdf');
    const up = await server.request('POST', '/api/vc/deals/upload', { token: fund.token, raw: form });
    expect(up.status).toBe(202);
    const dealId = up.body.deal.id as string;
    const deal = await settledDeal(server, fund.token, dealId);
    expect(deal.scoring.state).toBe('done');

    const [made, scored] = await pollUntil(
      () => {
        const got = heardAt('/upload').map((h) => JSON.parse(h.body));
        const pair = [got.find((b) => b.type === 'deal.created'), got.find((b) => b.type === 'deal.scored')];
        return pair.every(Boolean) && pair;
      },
      { what: 'deal.created and deal.scored' },
    );
    expect(made.data.deal).toMatchObject({ id: dealId, startupName: 'Upload Robotics', source: 'upload' });
    expect(scored.data.deal).toMatchObject({ id: dealId, fitScore: deal.fitScore, confidence: deal.confidence });
    expect(deal.fitScore).toEqual(expect.any(Number));
    for (const h of heardAt('/upload'))
      new Webhook(created.body.secret).verify(h.body, h.headers as Record<string, string>);
  });

  it('tell of a founder’s warm-intro request (intro.requested)', async () => {
    const fund = await enterpriseFund('Introco');
    const created = await subscribe(fund.token, { url: receiver.url('/intro'), events: ['intro.requested'] });
    // A premium founder with a profile and a stored FitScore (what asking for an intro needs).
    const founder = await signUp(server, 'founder');
    expect(
      (await server.request('POST', '/founder/profile/', { token: founder.token, body: validProfile() })).status,
    ).toBe(200);
    await setPlan(server, { founder: founder.email }, 'premium');
    const sub = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, { score: 7, summary: k, evidence: [] }]));
    const s = 7;
    await server.database.handle.db.insert(fitScores).values({
      userId: founder.user.id,
      deckVersion: 1,
      engineVersion: 'test',
      overall: 70,
      scoreTeam: s,
      scoreMarket: s,
      scoreProblemSolution: s,
      scoreTraction: s,
      scoreProduct: s,
      scoreBusinessModel: s,
      scoreFinancials: s,
      scoreGtm: s,
      scoreRisks: s,
      analysis: {
        confidence: { level: 'High', evidence: 80 },
        facts: [],
        subScores: sub,
        strengths: [],
        insights: [],
        contradictions: [],
        deck: { pages: 8 },
      },
      profile: {},
    });
    const asked = await server.request('POST', `/founder/matches/${fund.fundId}/intro/`, {
      token: founder.token,
      body: { note: 'Met you at Slush' },
    });
    expect(asked.status).toBe(201);

    const h = await pollUntil(() => heardAt('/intro')[0], { what: 'intro.requested' });
    expect(new Webhook(created.body.secret).verify(h.body, h.headers as Record<string, string>)).toMatchObject({
      type: 'intro.requested',
      data: { introId: asked.body.intro.id, startupName: 'Acme Robotics', note: 'Met you at Slush' },
    });
  });

  it('retry a failed delivery with backoff: a 500 then a 200, both attempts listed with their answers, the same webhook-id', async () => {
    const fund = await enterpriseFund('Retryco');
    receiver.answer('/flaky', 500);
    const created = await subscribe(fund.token, { url: receiver.url('/flaky'), events: ['deal.assigned'] });
    const dealId = await newDeal(fund.fundId, 'Flaky Startup');
    expect(
      (
        await server.request('POST', `/api/vc/deals/${dealId}/assign`, {
          token: fund.token,
          body: { memberId: fund.userId },
        })
      ).status,
    ).toBe(200);

    const delivery = await pollUntil(
      async () => {
        const [d] = await deliveriesOf(fund.token, created.body.endpoint.id);
        return d?.status === 'sent' && d;
      },
      { what: 'the delivery to succeed on its retry' },
    );
    expect(delivery.attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([200, 500]);
    expect(delivery.attempts[1].responseBody).toBe('answer 500 from /flaky');
    const tries = heardAt('/flaky');
    expect(tries).toHaveLength(2);
    expect(tries[0]!.headers['webhook-id']).toBe(tries[1]!.headers['webhook-id']);
    expect(tries[0]!.body).toBe(tries[1]!.body);
    expect(JSON.parse(tries[1]!.body)).toMatchObject({
      type: 'deal.assigned',
      data: { deal: { id: dealId }, to: { id: fund.userId }, assignedBy: { id: fund.userId } },
    });
    new Webhook(created.body.secret).verify(tries[1]!.body, tries[1]!.headers as Record<string, string>);
  });

  it('a retry survives a restart: the delivery is stored with its next try, and the next server sends it', async () => {
    const database = await openTestDatabase();
    // Retries 3–6 s after a failure: long enough for the first server to be stopped before it.
    const env = {
      ALERT_WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_OUT_RETRY_BASE_MS: '4000',
      WEBHOOK_OUT_RETRY_MAX_MS: '4000',
      JOB_POLL_MS: '500',
    };
    let first: TestServer | undefined = await startTestServer(env, undefined, database);
    let second: TestServer | undefined;
    try {
      const admin = await signUp(first, 'vc', { name: 'Restart Admin' });
      const profile = await first.request('POST', '/vc/profile/step1/', {
        token: admin.token,
        body: {
          fund_name: 'Restart Capital',
          website: '',
          sectors: ['SaaS'],
          stages: ['Seed'],
          geography: ['US'],
          ticket_size_min: null,
          ticket_size_max: null,
        },
      });
      const fundId = profile.body.profile.id as string;
      await setPlan(first, { fund: fundId }, 'enterprise');
      receiver.answer('/restart', 503);
      const created = await first.request('POST', '/api/vc/webhooks', {
        token: admin.token,
        body: { url: receiver.url('/restart'), events: ['deal.status_changed'] },
      });
      const endpointId = created.body.endpoint.id as string;
      const [deal] = await database.handle.db
        .insert(deals)
        .values({
          fundId,
          startupName: 'Restart Startup',
          sector: 'SaaS',
          stage: 'Seed',
          geography: 'US',
          source: 'upload',
        })
        .returning();
      await first.request('POST', `/api/vc/deals/${deal!.id}/status`, { token: admin.token, body: { status: 'hot' } });
      const list = async (on: TestServer) =>
        (await on.request('GET', `/api/vc/webhooks/${endpointId}/deliveries`, { token: admin.token })).body.deliveries;
      const [pending] = await pollUntil(
        async () => {
          const d = await list(first!);
          return d[0]?.attempts.length === 1 && d;
        },
        { what: 'the first try' },
      );
      expect(pending).toMatchObject({ status: 'pending', attempts: [{ responseStatus: 503 }] });
      expect(pending.nextAttemptAt).not.toBeNull();
      await first.close();
      first = undefined;
      expect(heardAt('/restart')).toHaveLength(1);

      second = await startTestServer(env, undefined, database);
      const sent = await pollUntil(
        async () => {
          const [d] = await list(second!);
          return d?.status === 'sent' && d;
        },
        { what: 'the retry from the second server' },
      );
      expect(sent.attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([200, 503]);
      expect(heardAt('/restart')).toHaveLength(2);
    } finally {
      await first?.close();
      await second?.close();
      await database.dispose();
    }
  });

  it('stop retrying once the retry window has passed: the delivery fails, every try inside the window', async () => {
    // A window of 1.5 s (a day in production) over tries 100–400 ms apart: a few retries, then no more.
    const schedule = { retryBaseMs: 200, retryMaxMs: 400, retryWindowMs: 1500 };
    const short = await startTestServer({
      ALERT_WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_OUT_RETRY_BASE_MS: String(schedule.retryBaseMs),
      WEBHOOK_OUT_RETRY_MAX_MS: String(schedule.retryMaxMs),
      WEBHOOK_OUT_RETRY_WINDOW_MS: String(schedule.retryWindowMs),
      JOB_POLL_MS: '200',
    });
    try {
      const fund = await newFund('Windowco', short);
      await setPlan(short, { fund: fund.fundId }, 'enterprise');
      // Failing far longer than the window lasts (a 200 only after 100 failures).
      receiver.answer('/window', ...Array<number>(100).fill(500));
      const created = await subscribe(fund.token, { url: receiver.url('/window'), events: ['deal.status_changed'] }, short);
      const [deal] = await short.database.handle.db
        .insert(deals)
        .values({ fundId: fund.fundId, startupName: 'Window Startup', sector: 'SaaS', stage: 'Seed', geography: 'US', source: 'upload' })
        .returning();
      expect((await short.request('POST', `/api/vc/deals/${deal!.id}/status`, { token: fund.token, body: { status: 'hot' } })).status).toBe(200);

      const failed = await pollUntil(
        async () => {
          const [d] = (await short.request('GET', `/api/vc/webhooks/${created.body.endpoint.id}/deliveries`, { token: fund.token })).body.deliveries;
          return d?.status === 'failed' && d;
        },
        { what: 'the delivery to give up after its retry window' },
      );
      expect(failed.nextAttemptAt).toBeNull();
      expect(failed.finishedAt).not.toBeNull();
      // It did retry, every try got the 500, each retry was due inside the window, and it gave up only
      // when the next try would have fallen after it (newest attempt first).
      const tries = failed.attempts.length as number;
      expect(tries).toBeGreaterThanOrEqual(2);
      expect(failed.attempts.every((a: { responseStatus: number }) => a.responseStatus === 500)).toBe(true);
      const windowEnd = Date.parse(failed.createdAt) + schedule.retryWindowMs;
      expect(Date.parse(failed.attempts[1].attemptedAt)).toBeLessThanOrEqual(windowEnd);
      expect(Date.parse(failed.finishedAt) + retryDelayMs(tries, schedule, () => 1)).toBeGreaterThan(windowEnd);
      expect(heardAt('/window')).toHaveLength(tries);
    } finally {
      await short.close();
    }
  });

  it('keep finished deliveries 30 days: older ones are deleted as new events go out', async () => {
    const fund = await enterpriseFund('Pruneco');
    const created = await subscribe(fund.token, { url: receiver.url('/prune'), events: ['deal.status_changed'] });
    const endpointId = created.body.endpoint.id as string;
    const old = (days: number, status: string) => ({
      endpointId,
      fundId: fund.fundId,
      messageId: `msg_old${days}${status}`,
      eventType: 'deal.status_changed',
      payload: {},
      status,
      createdAt: new Date(Date.now() - days * 86_400_000),
    });
    await server.database.handle.db
      .insert(webhookDeliveries)
      .values([old(40, 'sent'), old(40, 'failed'), old(10, 'sent')]);
    const dealId = await newDeal(fund.fundId, 'Prune Startup');
    await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'hot' } });
    const left = await pollUntil(
      async () => {
        const d = await deliveriesOf(fund.token, endpointId);
        return d.length === 2 && d;
      },
      { what: 'the 40-day-old deliveries to be deleted' },
    );
    expect(left.map((d: { messageId: string }) => d.messageId)).toContain('msg_old10sent');
  });

  it('the retry delays double with jitter up to the ceiling', () => {
    const schedule = { retryBaseMs: 10_000, retryMaxMs: 3 * 3600_000, retryWindowMs: 86_400_000 };
    expect([1, 2, 3].map((n) => retryDelayMs(n, schedule, () => 1))).toEqual([10_000, 20_000, 40_000]);
    expect(retryDelayMs(3, schedule, () => 0)).toBe(20_000);
    expect(retryDelayMs(40, schedule, () => 1)).toBe(3 * 3600_000);
  });

  it('a 410 Gone disables the endpoint, with the reason, and nothing more is sent to it', async () => {
    const fund = await enterpriseFund('Goneco');
    receiver.answer('/gone', 410);
    const created = await subscribe(fund.token, { url: receiver.url('/gone'), events: ['deal.status_changed'] });
    const endpointId = created.body.endpoint.id as string;
    const dealId = await newDeal(fund.fundId, 'Gone Startup');
    await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'track' } });

    const endpoint = await pollUntil(
      async () => {
        const list = (await server.request('GET', '/api/vc/webhooks', { token: fund.token })).body;
        const e = list.endpoints.find((x: { id: string }) => x.id === endpointId);
        return e?.state === 'disabled' && e;
      },
      { what: 'the endpoint to be disabled' },
    );
    expect(endpoint.disabledReason).toMatch(/410 Gone/);
    const [delivery] = await deliveriesOf(fund.token, endpointId);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(delivery.attempts).toHaveLength(1);

    // A later event is not sent to the disabled endpoint; Resend is refused until it is enabled again.
    await server.request('POST', `/api/vc/deals/${dealId}/status`, { token: fund.token, body: { status: 'cold' } });
    expect(
      (await server.request('POST', `/api/vc/webhooks/deliveries/${delivery.id}/resend`, { token: fund.token })).status,
    ).toBe(409);
    expect(heardAt('/gone')).toHaveLength(1);
    expect(await deliveriesOf(fund.token, endpointId)).toHaveLength(1);

    // Enabled again, the delivery is resent by hand: the same message, a new attempt marked manual.
    expect(
      (
        await server.request('PATCH', `/api/vc/webhooks/${endpointId}`, {
          token: fund.token,
          body: { disabled: false },
        })
      ).body.endpoint.state,
    ).toBe('active');
    const resent = await server.request('POST', `/api/vc/webhooks/deliveries/${delivery.id}/resend`, {
      token: fund.token,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.delivery.status).toBe('sent');
    expect(resent.body.delivery.attempts[0]).toMatchObject({ responseStatus: 200, manual: true });
    expect(heardAt('/gone')[1]!.headers['webhook-id']).toBe(heardAt('/gone')[0]!.headers['webhook-id']);
  });

  it('rotating the secret signs with both secrets for a day; each one verifies', async () => {
    const fund = await enterpriseFund('Rotateco');
    const created = await subscribe(fund.token, { url: receiver.url('/rotate'), events: ['deal.created'] });
    const endpointId = created.body.endpoint.id as string;
    const rotated = await server.request('POST', `/api/vc/webhooks/${endpointId}/rotate-secret`, { token: fund.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expect(Date.parse(rotated.body.endpoint.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const test = await server.request('POST', `/api/vc/webhooks/${endpointId}/test`, { token: fund.token });
    expect(test.status).toBe(200);
    expect(test.body.delivery).toMatchObject({ eventType: 'webhook.test', status: 'sent' });
    const [h] = heardAt('/rotate');
    expect((h!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    for (const secret of [created.body.secret, rotated.body.secret])
      new Webhook(secret).verify(h!.body, h!.headers as Record<string, string>);
  });

  it('refuses a private or loopback URL unless ALERT_WEBHOOK_ALLOW_PRIVATE, as the Slack/Teams alerts do', async () => {
    const strict = await startTestServer();
    try {
      const fund = await newFund('Strictco', strict);
      await setPlan(strict, { fund: fund.fundId }, 'enterprise');
      for (const url of [
        'http://127.0.0.1:9/hook',
        'https://10.0.0.5/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/x',
      ]) {
        const res = await subscribe(fund.token, { url, events: ['deal.created'] }, strict);
        expect([url, res.status]).toEqual([url, 400]);
      }
      expect(
        (await subscribe(fund.token, { url: 'https://127.0.0.1/hook', events: ['deal.created'] }, strict)).body.error,
      ).toMatch(/must be public/);
    } finally {
      await strict.close();
    }
  });

  it('are the Enterprise plan’s: 402 with the upgrade prompt on the trial and on Pro, and no events are sent', async () => {
    const fund = await newFund('Proco');
    const res = await subscribe(fund.token, { url: receiver.url('/pro'), events: ['deal.created'] });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/Enterprise plan/);
    await setPlan(server, { fund: fund.fundId }, 'pro');
    expect((await subscribe(fund.token, { url: receiver.url('/pro'), events: ['deal.created'] })).status).toBe(402);
    expect((await server.request('GET', '/api/vc/webhooks', { token: fund.token })).body).toEqual({
      endpoints: [],
      allowed: false,
    });
  });

  it('only the fund’s admins manage them: 401 without a session, 403 for a member or a founder, 404 for another fund’s, 400 for a bad body', async () => {
    const fund = await enterpriseFund('Adminco');
    const created = await subscribe(fund.token, { url: receiver.url('/admin'), events: ['deal.created'] });
    const id = created.body.endpoint.id as string;
    const member = await signUp(server, 'vc', { name: 'Member' });
    await server.database.handle.db
      .insert(fundMembers)
      .values({ fundId: fund.fundId, userId: member.user.id, role: 'member' });
    const founder = await signUp(server, 'founder');
    const other = await enterpriseFund('Otherco');

    for (const [method, path] of [
      ['GET', '/api/vc/webhooks'],
      ['POST', '/api/vc/webhooks'],
      ['PATCH', `/api/vc/webhooks/${id}`],
      ['DELETE', `/api/vc/webhooks/${id}`],
      ['POST', `/api/vc/webhooks/${id}/rotate-secret`],
      ['POST', `/api/vc/webhooks/${id}/test`],
      ['GET', `/api/vc/webhooks/${id}/deliveries`],
    ] as const) {
      const body = method === 'GET' ? {} : { body: {} };
      expect([method, path, (await server.request(method, path, body)).status]).toEqual([method, path, 401]);
      expect([method, path, (await server.request(method, path, { token: member.token, ...body })).status]).toEqual([
        method,
        path,
        403,
      ]);
      expect([method, path, (await server.request(method, path, { token: founder.token, ...body })).status]).toEqual([
        method,
        path,
        403,
      ]);
    }
    expect((await server.request('GET', `/api/vc/webhooks/${id}/deliveries`, { token: other.token })).status).toBe(404);
    expect((await server.request('DELETE', `/api/vc/webhooks/${id}`, { token: other.token })).status).toBe(404);
    expect((await subscribe(fund.token, { url: receiver.url('/x'), events: [] })).status).toBe(400);
    expect((await subscribe(fund.token, { url: receiver.url('/x'), events: ['deal.deleted'] })).status).toBe(400);
    expect((await subscribe(fund.token, { url: 'not a url', events: ['deal.created'] })).status).toBe(400);
    expect((await server.request('DELETE', `/api/vc/webhooks/${id}`, { token: fund.token })).status).toBe(200);
    expect((await server.request('GET', '/api/vc/webhooks', { token: fund.token })).body.endpoints).toEqual([]);
  });
});
