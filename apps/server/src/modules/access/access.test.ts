import { defineEndpoint } from '@fitscore/contracts';
import { fundMembers } from '@fitscore/db';
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const webhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/test/webhook/',
  access: 'signed',
  summary: 'A signed test webhook',
  tags: ['test'],
  body: z.object({ deal: z.string().min(1) }),
  response: z.object({ deal: z.string(), raw_bytes: z.number() }),
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '3', NOT_FOUND_RATE_LIMIT_PER_MINUTE: '4' }, (app) =>
    registerEndpoint(app, webhookEndpoint, ({ body, rawBody }) => ({ deal: body.deal, raw_bytes: rawBody.length }), {
      webhookSecret: () => SECRET,
    }),
  );
});
afterAll(() => server.close());

const step1 = {
  fund_name: 'Northwind Ventures',
  website: '',
  sectors: ['SaaS'],
  stages: ['Seed'],
  geography: ['US'],
  ticket_size_min: null,
  ticket_size_max: null,
};

describe('fund-scoped access', () => {
  it('a member reads their fund through their membership but only an admin changes it', async () => {
    const admin = await signUp(server, 'vc');
    const created = await server.request('POST', '/vc/profile/step1/', { token: admin.token, body: step1 });
    expect(created.status).toBe(200);
    const fundId = created.body.profile.id as string;

    const member = await signUp(server, 'vc');
    await server.database.handle.db.insert(fundMembers).values({ fundId, userId: member.user.id, role: 'member' });

    const read = await server.request('GET', '/vc/profile/', { token: member.token });
    expect(read.status).toBe(200);
    expect(read.body.profile).toMatchObject({ id: fundId, fundName: 'Northwind Ventures' });

    for (const [method, path, body] of [
      ['POST', '/vc/profile/step1/', { ...step1, fund_name: 'Taken Over' }],
      ['PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: true }],
      ['PUT', '/vc/settings/weights/', { team: 1, market: 1, problemSolution: 1, traction: 1, product: 1, businessModel: 1, financials: 1, gtm: 1, risks: 1 }],
    ] as const) {
      const res = await server.request(method, path, { token: member.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe("Only the fund's admins can change this.");
    }
    const after = await server.request('GET', '/vc/profile/', { token: admin.token });
    expect(after.body.profile).toEqual(created.body.profile);

    const again = await server.request('POST', '/vc/profile/step1/', { token: admin.token, body: { ...step1, fund_name: 'Northwind II' } });
    expect(again.status).toBe(200);
    expect(again.body.profile.id).toBe(fundId);
  });
});

describe('signed webhooks (Standard Webhooks)', () => {
  function signed(payload: string, options: { secret?: string; at?: Date } = {}) {
    const id = `msg_${randomUUID()}`;
    const at = options.at ?? new Date();
    const signature = new Webhook(options.secret ?? SECRET).sign(id, at, payload);
    return {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    };
  }
  // Whitespace a re-serialised body would lose: the signature covers the bytes as sent.
  const payload = '{ "deal":  "Acme Robotics" }\n';

  it('accepts a request signed over its raw body and hands the handler those bytes', async () => {
    const res = await server.request('POST', '/test/webhook/', { raw: payload, headers: signed(payload) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deal: 'Acme Robotics', raw_bytes: Buffer.byteLength(payload) });
  });

  it('refuses a missing, forged, replayed-late or altered signature with 401 before reading the body', async () => {
    const altered = '{ "deal":  "Acme Robotix" }\n';
    const cases: [string, Record<string, string>, string][] = [
      ['unsigned', { 'content-type': 'application/json' }, payload],
      ['other secret', signed(payload, { secret: `whsec_${randomBytes(24).toString('base64')}` }), payload],
      ['ten minutes old', signed(payload, { at: new Date(Date.now() - 10 * 60_000) }), payload],
      ['body changed after signing', signed(payload), altered],
      ['unsigned and invalid', { 'content-type': 'application/json' }, '{"deal": 42}'],
    ];
    for (const [label, headers, body] of cases) {
      const res = await server.request('POST', '/test/webhook/', { raw: body, headers });
      expect(res.status, label).toBe(401);
      expect(res.body.error, label).toBe('The webhook signature is missing or not valid.');
    }
  });

  it('validates a correctly signed body like any other (400, never 500)', async () => {
    const bad = '{"deal": 42}';
    const res = await server.request('POST', '/test/webhook/', { raw: bad, headers: signed(bad) });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('public rate limits', () => {
  it('limits a public form per address with its own limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await server.request('POST', '/leads/contact-sales/', {
        body: { name: 'Dana', email: `dana-${i}@example.com`, company: 'Big Fund' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('limits unknown paths too, so scanning for endpoints is slowed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await server.request('GET', `/no-such-path-${i}/`)).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429]);
  });
});
