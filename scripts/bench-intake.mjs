#!/usr/bin/env node
/**
 * `npm run bench:intake [-- --process] [-- --pg postgres://host/db]`: deal intake under load (issue 12).
 * Starts the real API server (embedded PGlite in a temporary DATA_DIR, or a fresh database on the
 * PostgreSQL server given with --pg, dropped afterwards) with its SMTP receiver, makes a fund, then
 * 20 concurrent senders post 200 apply forms (HTTP multipart) and send 200 emails (SMTP) with
 * 2 MB decks. Reports, per channel, the receipt time (request sent → item stored, answered)
 * p50/p95/max, and whether every submission is accounted for in the intake log (0 lost).
 * Workers are off by default (receipt only); --process also runs the intake jobs and waits until
 * every item has an outcome (scoring jobs are queued but not awaited). A measurement, not a test.
 */
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { migrateDatabase, openDatabase } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { scratchDatabase } from './lib/scratch-database.mjs';

const PROCESS = process.argv.includes('--process');
const pgIndex = process.argv.indexOf('--pg');
const pgServer = pgIndex > 0 ? process.argv[pgIndex + 1] : undefined;
const scratch = pgServer ? await scratchDatabase(pgServer, 'fitscore_bench_intake') : null;
const databaseUrl = scratch?.url;
const dropDatabase = async () => scratch?.drop();
const FORMS = Number(process.env.BENCH_FORMS ?? 200);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 200);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 20);
const DECK_BYTES = 2 * 1024 * 1024;

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const ms = (n) => Math.round(n * 10) / 10;

/** A real PDF deck padded to 2 MB (a PDF comment after the content: still a PDF). */
function deck(name) {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: [960, 540] });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => {
      const pdf = Buffer.concat(chunks);
      const pad = Buffer.alloc(Math.max(0, DECK_BYTES - pdf.length), 0x25);
      resolve(Buffer.concat([pdf, Buffer.from('\n'), pad]));
    });
    doc.fontSize(32).text(name).fontSize(18).text(`${name} builds tools for warehouses`);
    doc.end();
  });
}


/**
 * One SMTP session of a sender: sends pre-encoded messages one after another on one connection,
 * as a mail server forwarding to us would (MAIL FROM, RCPT TO, DATA, the message, "."). The bytes
 * are built before the clock starts, so the time is the receiver's, not a client's encoding.
 */
function smtpSession(port) {
  const socket = connect({ host: '127.0.0.1', port });
  let buffered = '';
  const waiting = [];
  socket.setEncoding('latin1');
  socket.on('data', (text) => {
    buffered += text;
    let end;
    // A reply is complete at a line whose code is followed by a space ("250 ok"; "250-..." continues).
    while ((end = buffered.search(/^\d{3} .*\r\n/m)) >= 0) {
      const lineEnd = buffered.indexOf('\r\n', end) + 2;
      const reply = buffered.slice(0, lineEnd);
      buffered = buffered.slice(lineEnd);
      waiting.shift()?.(reply);
    }
  });
  const reply = () => new Promise((resolve) => waiting.push(resolve));
  const expect = async (code, what) => {
    const text = await reply();
    if (!text.startsWith(String(code))) throw new Error(`${what}: ${text.trim().slice(0, 100)}`);
  };
  const ready = (async () => {
    await expect(220, 'greeting');
    socket.write('EHLO bench.example\r\n');
    await expect(250, 'EHLO');
  })();
  return {
    async send({ from, to, message }) {
      await ready;
      socket.write(`MAIL FROM:<${from}>\r\n`);
      await expect(250, 'MAIL FROM');
      socket.write(`RCPT TO:<${to}>\r\n`);
      await expect(250, 'RCPT TO');
      socket.write('DATA\r\n');
      await expect(354, 'DATA');
      for (const part of message) socket.write(part);
      socket.write('\r\n.\r\n');
      await expect(250, 'message');
    },
    close: () => socket.end('QUIT\r\n'),
  };
}

/** A deck's bytes as a MIME attachment body: base64 in 76-character lines (never a leading dot). */
const base64Lines = (bytes) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');

/** A forwarded email with the deck attached, as a mail client writes it (in parts: the deck's part is shared, not copied). */
function email({ from, to, subject, filename, body }) {
  const boundary = `bench-${Math.random().toString(36).slice(2)}`;
  const head = [
    `From: <${from}>`,
    `To: <${to}>`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Deck attached.',
    `--${boundary}`,
    `Content-Type: application/pdf; name="${filename}"`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="${filename}"`,
    '',
    '',
  ].join('\r\n');
  return [Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--`)];
}

/** The apply form as a browser posts it (multipart/form-data), in parts (the deck's bytes are shared, not copied). */
function applyForm(fields, filename, bytes) {
  const boundary = `----bench${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    body: [Buffer.from(parts.join('') + fileHead), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)],
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POSTs a body given in parts on a kept-alive connection; resolves with the status and the answer. */
function post(agent, url, headers, parts) {
  return new Promise((resolve, reject) => {
    const length = parts.reduce((n, p) => n + p.length, 0);
    const req = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    for (const p of parts) req.write(p);
    req.end();
  });
}

/**
 * The 20 senders, run in a child process of their own so that building their messages does not
 * use the server's event loop. Each message is built before its clock starts; the time is from
 * the first byte sent to the answer (201, or SMTP's 250 after the message). Reports the times to
 * the parent.
 */
async function sendAll(target) {
  const decks = await Promise.all(Array.from({ length: SENDERS }, (_, i) => deck(`Company ${i}`)));
  const encoded = decks.map((bytes) => Buffer.from(base64Lines(bytes)));
  const times = { form: [], email: [] };
  const failures = { form: [], email: [] };
  const jobs = [
    ...Array.from({ length: FORMS }, (_, i) => ({ kind: 'form', i })),
    ...Array.from({ length: EMAILS }, (_, i) => ({ kind: 'email', i })),
  ].sort((a, b) => a.i - b.i || (a.kind < b.kind ? -1 : 1));
  const sessions = Array.from({ length: SENDERS }, () => smtpSession(target.smtpPort));
  const agents = Array.from({ length: SENDERS }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  let next = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      for (;;) {
        const job = jobs[next++];
        if (!job) return;
        const d = (job.i + sender) % SENDERS;
        try {
          if (job.kind === 'form') {
            const fields = { companyName: `Form Co ${job.i}`, email: `f${job.i}@form${job.i}.com`, fillMs: '5000' };
            const { body, contentType } = applyForm(fields, `deck-${job.i}.pdf`, decks[d]);
            const t0 = performance.now();
            const res = await post(agents[sender], `${target.base}/api/apply/${target.slug}`, { 'content-type': contentType, 'x-forwarded-for': `10.0.${sender}.1` }, body);
            if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
            times.form.push(performance.now() - t0);
          } else {
            const from = `sender${sender}@mail${job.i}.com`;
            const message = email({ from, to: target.address, subject: `Pitch Deck - Mail Co ${job.i}`, filename: `deck-${job.i}.pdf`, body: encoded[d] });
            const t0 = performance.now();
            await sessions[sender].send({ from, to: target.address, message });
            times.email.push(performance.now() - t0);
          }
        } catch (err) {
          failures[job.kind].push(String(err.message ?? err).slice(0, 120));
        }
      }
    }),
  );
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  for (const s of sessions) s.close();
  for (const a of agents) a.destroy();
  return { times, failures, wallS, sendersCpuMs: (cpu.user + cpu.system) / 1000 };
}

if (process.argv.includes('--senders')) {
  const result = await sendAll(JSON.parse(process.argv[process.argv.indexOf('--senders') + 1]));
  process.send(result, () => process.exit(0));
  await new Promise(() => {});
}

const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-bench-intake-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  SERVE_WEB: 'false',
  PORT: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  SMTP_ENABLED: 'true',
  SMTP_PORT: '0',
  JOBS_ENABLED: PROCESS ? 'true' : 'false',
  INTAKE_RATE_LIMIT_PER_MINUTE: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(dataDir, 'pg') });
await migrateDatabase(database, config.databaseUrl);
const app = await buildApp(config, { database });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server.address().port}`;
const api = async (method, path, { token, body } = {}) => {
  const res = await fetch(base + path, {
    method,
    headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
};

try {
  const signup = await api('POST', '/user/signup/', { body: { email: `bench-${Date.now()}@example.com`, password: 'secret-pass-1', type: 'vc', name: 'Bench VC' } });
  const token = signup.body.token;
  await api('POST', '/vc/profile/step1/', { token, body: { fund_name: 'Bench Fund', website: 'https://bench.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null } });
  await api('PUT', '/vc/profile/intake-sources/', { token, body: { online_form_enabled: true, email_forwarding_enabled: true } });
  const settings = (await api('GET', '/vc/intake/', { token })).body;
  const slug = settings.applyUrl.split('/apply/')[1];
  console.log(`${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, server ${base}, SMTP :${app.intakeSmtpPort}, ${FORMS} forms + ${EMAILS} emails, ${SENDERS} senders, decks ${(DECK_BYTES / 1048576).toFixed(1)} MB, workers ${PROCESS ? 'on' : 'off'}`);

  // The server's CPU time (this process: API, SMTP receiver and, when embedded, the database) per item.
  const cpuBefore = process.cpuUsage();
  const child = fork(fileURLToPath(import.meta.url), ['--senders', JSON.stringify({ base, slug, smtpPort: app.intakeSmtpPort, address: settings.emailAddress })], {
    env: { ...process.env, BENCH_SENDERS: String(SENDERS), BENCH_FORMS: String(FORMS), BENCH_EMAILS: String(EMAILS) },
  });
  const { times, failures, wallS, sendersCpuMs } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`senders exited with ${code}`)));
  });

  const cpu = process.cpuUsage(cpuBefore);
  const total = await countItems();
  if (PROCESS) {
    const deadline = Date.now() + 30 * 60_000;
    while ((await countItems()).received > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2000));
  }
  const after = await countItems();

  const row = (name, list, sent, storedN, failed) =>
    `| ${name.padEnd(6)} | ${String(sent).padStart(4)} | ${String(storedN).padStart(6)} | ${String(failed).padStart(6)} | ${String(sent - storedN - failed).padStart(4)} | ${String(ms(pct(list, 50))).padStart(7)} | ${String(ms(pct(list, 95))).padStart(7)} | ${String(ms(Math.max(...list))).padStart(7)} |`;
  console.log('\n| channel| sent | stored | failed | lost | p50 ms  | p95 ms  | max ms  |');
  console.log('|--------|------|--------|--------|------|---------|---------|---------|');
  console.log(row('form', times.form, FORMS, total.form, failures.form.length));
  console.log(row('email', times.email, EMAILS, total.email, failures.email.length));
  console.log(`\nwall ${wallS.toFixed(1)} s, ${((FORMS + EMAILS) / wallS).toFixed(1)} items/s; p95 target ≤ 300 ms (request → stored)`);
  console.log(`server CPU ${ms((cpu.user + cpu.system) / 1000 / (FORMS + EMAILS))} ms per item (user+system of the server process while sending${PROCESS ? ', workers included' : ''})`);
  console.log(`senders' CPU ${ms(sendersCpuMs / (FORMS + EMAILS))} ms per item (the load generator shares the machine's ${cpus().length} cores)`);
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (PROCESS) console.log(`outcomes after processing: ${JSON.stringify(after.outcomes)}`);
  if (failures.form.length || failures.email.length) console.log('failures:', [...failures.form, ...failures.email].slice(0, 5));
} finally {
  await app.close();
  await database.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Items in the intake log by channel and outcome (the log endpoint shows only the last 100). */
async function countItems() {
  const result = await database.db.execute(sql`select channel, outcome, count(*)::int as n from intake_items group by 1, 2`);
  const rows = result.rows ?? result;
  const out = { form: 0, email: 0, received: 0, outcomes: {} };
  for (const r of rows) {
    out[r.channel] += r.n;
    if (r.outcome === 'received') out.received += r.n;
    out.outcomes[`${r.channel}:${r.outcome}`] = r.n;
  }
  return out;
}
