import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peakDuring, startChildServer, type ChildServer } from '../../../test/child-server.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { RawSmtp } from '../../../test/smtp-client.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { newFund } from './intake-test-kit.ts';

/** The flood: one anonymous DATA of 1.5 GB (SMTP_FLOOD_MB to change it). */
const FLOOD_MB = Number(process.env.SMTP_FLOOD_MB ?? 1536);
/** Memory bound, not a timing: what the server may grow by while it refuses the flood. */
const MAX_GROWTH_MB = 50;

describe('the SMTP receiver bounds its memory (server in its own process)', () => {
  let child: ChildServer;
  let address: string;

  beforeAll(async () => {
    child = await startChildServer({ SMTP_MAX_CLIENTS: '4', SMTP_MAX_CONNECTIONS_PER_ADDRESS: '100', INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
    address = (await newFund(child)).address;
  });
  afterAll(() => child?.close());

  it(`drops a ${FLOOD_MB} MB DATA past SIZE as it arrives and answers 552, growing by < ${MAX_GROWTH_MB} MB`, async () => {
    const smtp = await RawSmtp.open(child.smtpPort);
    expect(await smtp.envelope(address)).toBeNull();
    const before = child.rssMb();
    const { result, peak } = await peakDuring(() => child.rssMb(), () => smtp.data(FLOOD_MB));
    smtp.end();
    console.log(`SMTP flood: ${FLOOD_MB} MB DATA answered "${result.slice(0, 3)}", server RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`);
    expect(result).toMatch(/^552 /);
    expect(peak - before).toBeLessThan(MAX_GROWTH_MB);
  }, 600_000);

  it('refuses senders past SMTP_MAX_CLIENTS at connect; 20 at once stay within the bound', async () => {
    const before = child.rssMb();
    const { result: answers, peak } = await peakDuring(
      () => child.rssMb(),
      () =>
        Promise.all(
          Array.from({ length: 20 }, async () => {
            const smtp = await RawSmtp.open(child.smtpPort);
            const refused = await smtp.envelope(address);
            const answer = refused ?? (await smtp.data(Math.ceil(FLOOD_MB / 8)));
            smtp.end();
            return answer;
          }),
        ),
    );
    const refused = answers.filter((a) => a.startsWith('421') || a === 'closed').length;
    console.log(`SMTP senders at once: 20, refused ${refused}, others ${[...new Set(answers.filter((a) => a.startsWith('5')).map((a) => a.slice(0, 3)))].join('/')}; RSS +${(peak - before).toFixed(0)} MB`);
    expect(refused).toBeGreaterThanOrEqual(16);
    expect(answers.filter((a) => !(a.startsWith('421') || a === 'closed')).every((a) => a.startsWith('552'))).toBe(true);
    expect(peak - before).toBeLessThan(MAX_GROWTH_MB);
  }, 600_000);
});

describe('the SMTP receiver bounds sessions and what RCPT TO writes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      SMTP_ENABLED: 'true',
      SMTP_PORT: '0',
      SMTP_MAX_CONNECTIONS_PER_ADDRESS: '2',
      SMTP_IDLE_TIMEOUT_SECONDS: '1',
      INTAKE_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(() => server.close());
  const port = () => server.app.intakeSmtpPort!;

  it('refuses a third connection at once from one address with 421, and takes it again once one closes', async () => {
    const [a, b] = [await RawSmtp.open(port()), await RawSmtp.open(port())];
    expect(await a.reply()).toMatch(/^220 /);
    expect(await b.reply()).toMatch(/^220 /);
    const third = await RawSmtp.open(port());
    expect(await third.reply()).toMatch(/^421 /);
    a.end();
    await a.closed;
    const again = await pollUntil(async () => {
      const c = await RawSmtp.open(port());
      if ((await c.reply()).startsWith('220')) return c;
      c.end();
      return null;
    }, { what: 'a connection to be accepted again' });
    again.end();
    b.end();
  });

  it('closes a session that says nothing', async () => {
    const idle = await RawSmtp.open(port());
    expect(await idle.reply()).toMatch(/^220 /);
    await pollUntil(() => idle.socket.destroyed || idle.socket.readableEnded, { timeoutMs: 10_000, what: 'the idle session to be closed' });
  });

  it('applies the per-sender limit at RCPT TO before writing: a fund with forwarding off logs no more rows than the limit', async () => {
    const fund = await newFund(server, { email: false });
    const smtp = await RawSmtp.open(port());
    expect(await smtp.reply()).toMatch(/^220 /);
    await smtp.command('EHLO flood.example');
    await smtp.command('MAIL FROM:<flood@example.com>');
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await smtp.command(`RCPT TO:<${fund.address}>`));
    smtp.end();
    expect(answers.slice(0, 3).every((a) => a.startsWith('550'))).toBe(true);
    expect(answers.slice(3).every((a) => a.startsWith('450'))).toBe(true);
    const log = await server.request('GET', '/vc/intake/log/', { token: fund.token });
    expect(log.body.items).toHaveLength(3);
  });
});

describe('behind a balancer that speaks the PROXY protocol (SMTP_PROXY_PROTOCOL_FROM)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      SMTP_ENABLED: 'true',
      SMTP_PORT: '0',
      SMTP_MAX_CONNECTIONS_PER_ADDRESS: '1',
      SMTP_PROXY_PROTOCOL_FROM: '127.0.0.1',
    });
  });
  afterAll(() => server.close());
  const port = () => server.app.intakeSmtpPort!;

  it("counts each sender by the address the balancer names, not the balancer's own", async () => {
    const first = await RawSmtp.open(port(), undefined, '203.0.113.7');
    expect(await first.reply()).toMatch(/^220 /);
    // The same balancer, another sender: its own allowance of one connection.
    const other = await RawSmtp.open(port(), undefined, '203.0.113.8');
    expect(await other.reply()).toMatch(/^220 /);
    // The first sender again, through the same balancer: over its limit of one.
    const again = await RawSmtp.open(port(), undefined, '203.0.113.7');
    expect(await again.reply()).toMatch(/^421 /);
    for (const c of [first, other, again]) c.end();
  });
});

describe('SMTP from a peer that is not a listed balancer', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SMTP_ENABLED: 'true', SMTP_PORT: '0', SMTP_PROXY_PROTOCOL_FROM: '192.0.2.1' });
  });
  afterAll(() => server.close());

  it('refuses a PROXY line from anyone else (a client talking before the greeting): a sender cannot name another address', async () => {
    const smtp = await RawSmtp.open(server.app.intakeSmtpPort!, undefined, '203.0.113.9');
    expect(await smtp.reply()).toMatch(/^421 /);
    await smtp.closed;
  });
});
