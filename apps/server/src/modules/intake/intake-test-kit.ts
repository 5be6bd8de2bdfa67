import { expect } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import { signUp, type TestServer } from '../../../test/test-server.ts';
import { settledDeal } from '../../../test/scoring-waits.ts';

/** A fund with its thesis saved and the chosen intake sources on; its slug and email token. */
export async function newFund(server: Pick<TestServer, 'request'>, options: { form?: boolean; email?: boolean; name?: string } = {}) {
  const vc = await signUp(server, 'vc');
  const step1 = await server.request('POST', '/vc/profile/step1/', {
    token: vc.token,
    body: { fund_name: options.name ?? 'Northwind', website: 'https://northwind.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  expect(step1.status).toBe(200);
  const sources = await server.request('PUT', '/vc/profile/intake-sources/', {
    token: vc.token,
    body: { online_form_enabled: options.form ?? true, email_forwarding_enabled: options.email ?? true },
  });
  expect(sources.status).toBe(200);
  const settings = await server.request('GET', '/vc/intake/', { token: vc.token });
  expect(settings.status).toBe(200);
  const slug = String(settings.body.applyUrl).split('/apply/')[1]!;
  const emailPath = new URL(settings.body.emailEndpoint as string).pathname;
  return { token: vc.token, userId: vc.user.id, email: vc.email, password: vc.password, fundId: step1.body.profile.id as string, slug, emailPath, address: settings.body.emailAddress as string };
}
export type Fund = Awaited<ReturnType<typeof newFund>>;

/** The fund's intake log once nothing in it is still being processed. */
export async function settledLog(server: TestServer, fund: Fund, expected: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await server.request('GET', '/vc/intake/log/', { token: fund.token });
    const items = res.body.items as { outcome: string; repeats: number; reason: string | null; dealId: string | null; channel: string; companyName: string | null; sender: string | null }[];
    if (items.length >= expected && items.every((i) => i.outcome !== 'received')) return items;
    if (Date.now() > deadline) throw new Error(`intake log not settled: ${JSON.stringify(items)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function dealsOf(server: TestServer, fund: Fund) {
  const res = await server.request('GET', '/api/vc/deals', { token: fund.token });
  expect(res.status).toBe(200);
  return res.body.deals as { id: string; startupName: string; source: string; contactEmail: string; website: string; sources: { channel: string }[]; scoring: { state: string }; fitScore: number | null; tags: string[] }[];
}

export const scoredDeal = (server: TestServer, fund: Fund, dealId: string, timeoutMs = 150_000) => settledDeal(server, fund.token, dealId, timeoutMs);

export interface MailSpec {
  from?: string;
  to: string;
  subject: string;
  text?: string;
  deck?: { bytes: Uint8Array; filename: string };
}

/** A real RFC 822 message (nodemailer's composer), as a mail client would send it. */
export function composeMime(mail: MailSpec): Promise<Buffer> {
  return new MailComposer({
    from: mail.from ?? 'Ada Founder <ada@acme-robotics.com>',
    to: mail.to,
    subject: mail.subject,
    text: mail.text ?? 'Hello, please find our deck attached.',
    attachments: mail.deck ? [{ filename: mail.deck.filename, content: Buffer.from(mail.deck.bytes), contentType: 'application/pdf' }] : [],
  })
    .compile()
    .build();
}

export function applyForm(fields: Record<string, string>, deck?: { bytes: Uint8Array; filename: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (deck) form.append('file', new Blob([deck.bytes]), deck.filename);
  return form;
}
