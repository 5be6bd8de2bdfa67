#!/usr/bin/env node
/**
 * `npm run bench:app`: the product's own figures, measured on this machine and printed.
 *   - cold start: `npm start` with a fresh data folder until the API is ready and the web app answers
 *   - login latency (p50/p95 of sequential sign-ins) and the founder dashboard's API calls (p95)
 *   - JavaScript the browser downloads, gzipped: the first page, and each founder route
 *   - in Chromium: a 9 MB deck upload until 'Continue to Scoring'; 'Calculate My FitScore' until
 *     'Scoring Complete!' for a text deck and an image-only deck (from ../shared/fixtures when present)
 * It is a measurement, not a test: it prints numbers and exits 0 unless something broke.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlibModule from 'node:zlib';
import { freePort, waitFor } from './lib/local-server.mjs';

const { gzipSync } = zlibModule;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = join(root, '..', 'shared', 'fixtures', 'decks');
const results = [];
const record = (name, value, unit, note = '') => {
  results.push({ name, value, unit, note });
  console.log(`  ${name}: ${value} ${unit}${note ? `  (${note})` : ''}`);
};
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

// 1. Build (not timed: npm start builds only when sources changed).
console.log('Building the web app...');
if (spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

// 2. Bundle sizes from the Vite manifest.
console.log('\nJavaScript, gzipped');
const dist = join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const closure = (key, seen = new Set()) => {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
};
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = closure(entryKey);
const kb = (bytes) => round(bytes / 1024, 1);
const initialBytes = [...initial].reduce((sum, k) => sum + gz(manifest[k].file), 0);
const css = (manifest[entryKey].css ?? []).reduce((sum, f) => sum + gz(f), 0);
record('initial JS (first page, any route)', kb(initialBytes), 'KB gz', `${initial.size} chunks; CSS ${kb(css)} KB gz`);
for (const route of ['home', 'profile', 'upload', 'scoring', 'dashboard', 'metrics', 'settings']) {
  const key = `src/app/routes/founder/${route}.tsx`;
  if (!manifest[key]) continue;
  const extra = [...closure(key)].filter((k) => !initial.has(k));
  record(`founder /${route} (on top of initial)`, kb(extra.reduce((s, k) => s + gz(manifest[k].file), 0)), 'KB gz');
}

// 3. Cold start of `npm start` on a fresh data folder.
console.log('\nServer');
const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-bench-'));
const [apiPort, webPort] = [await freePort(), await freePort()];
const api = `http://127.0.0.1:${apiPort}`;
const web = `http://127.0.0.1:${webPort}`;
const started = Date.now();
const server = spawn('npm', ['start'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(apiPort),
    WEB_PORT: String(webPort),
    DATA_DIR: dataDir,
    PUBLIC_API_URL: api,
    PUBLIC_WEB_URL: web,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
try {
  await waitFor(`${api}/readyz`, 120_000);
  await waitFor(`${web}/healthz`, 30_000);
  record('cold npm start to ready (fresh data folder)', round((Date.now() - started) / 1000, 2), 's');

  const json = async (method, path, token, body) => {
    const res = await fetch(api + path, {
      method,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  const email = `bench-${Date.now()}@example.com`;
  await json('POST', '/user/signup/', null, { email, password: 'bench-pass-1', type: 'founder', name: 'Bench' });
  const logins = [];
  for (let i = 0; i < 40; i += 1) {
    const t = performance.now();
    await json('POST', '/user/login/', null, { email, password: 'bench-pass-1', type: 'founder' });
    logins.push(performance.now() - t);
  }
  record('login latency p50', round(pct(logins, 50)), 'ms', `p95 ${round(pct(logins, 95))} ms, 40 sequential sign-ins, argon2id`);

  // 4. Browser journeys in Chromium.
  const { chromium } = await import('@playwright/test');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'] });
  const profile = {
    startup_name: 'Bench Co',
    one_liner: 'Benchmarks for decks',
    hq_geo: 'Berlin',
    industry: 'SaaS',
    stage: 'Seed',
    round_target_amount: 2000000,
    mrr: 30000,
    gross_margin: 75,
    founders: [{ name: 'Bench', linkedin_url: 'https://linkedin.com/in/bench' }],
  };
  async function founderPage() {
    const e = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const signup = await json('POST', '/user/signup/', null, { email: e, password: 'bench-pass-1', type: 'founder', name: 'Bench' });
    await json('POST', '/founder/profile/', signup.token, profile);
    const ctx = await browser.newContext({ baseURL: web, viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(([t, u]) => {
      localStorage.setItem('auth-token', t);
      localStorage.setItem('user', u);
    }, [signup.token, JSON.stringify(signup.user)]);
    return { ctx, page: await ctx.newPage(), token: signup.token };
  }

  // A 9 MB deck: a few text slides and a page of incompressible image data.
  const { default: PDFDocument } = await import(join(root, 'node_modules/pdfkit/js/pdfkit.js'));
  const bigDeck = join(dataDir, 'nine-mb-deck.pdf');
  await new Promise((resolve) => {
    const doc = new PDFDocument({ size: [960, 540] });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => {
      writeFileSync(bigDeck, Buffer.concat(chunks));
      resolve();
    });
    doc.fontSize(30).text('Bench Co: traction MRR $30K growing 12% MoM');
    // 1780² RGB pixels of noise ≈ 9.5 MB: just under the 10 MB limit.
    const side = 1780;
    const rgb = Buffer.alloc(side * side * 3);
    for (let i = 0; i < rgb.length; i += 1) rgb[i] = (Math.random() * 256) | 0;
    const png = rawPng(side, side, rgb);
    doc.addPage().image(png, 0, 0, { width: 960 });
    doc.end();
  });
  const bigSize = readFileSync(bigDeck).length;
  {
    const { ctx, page } = await founderPage();
    await page.goto('/founder/upload');
    await page.getByRole('button', { name: 'Choose File' }).waitFor();
    const t = performance.now();
    await page.getByLabel('Pitch deck file').setInputFiles(bigDeck);
    await page.getByRole('link', { name: 'Continue to Scoring' }).waitFor({ timeout: 120_000 });
    record(`upload a ${round(bigSize / 1024 / 1024, 1)} MB deck to 'Continue to Scoring'`, round((performance.now() - t) / 1000, 2), 's', 'loopback, Chromium');
    await ctx.close();
  }

  const decks = [
    ['text deck', join(fixtures, 'real/airbnb-deck-powerpoint-reproduction.pdf')],
    ['text deck', join(fixtures, 'real/the-seam-seed-round-2024.pdf')],
    ['image-only deck', join(fixtures, 'real/tinder-matchbox-original-deck.pdf')],
    ['image-only deck', join(fixtures, 'real/uber-2008-deck-redesign.pdf')],
  ].filter(([, path]) => existsSync(path));
  if (decks.length === 0) console.log('  (scoring timings skipped: ../shared/fixtures/decks not found)');
  let scoredToken = null;
  for (const [kind, path] of decks) {
    const { ctx, page, token: t } = await founderPage();
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path)]), path.split('/').pop());
    await fetch(`${api}/founder/deck/upload/`, { method: 'POST', headers: { authorization: `Token ${t}` }, body: form });
    await page.goto('/founder/scoring');
    const button = page.getByRole('button', { name: 'Calculate My FitScore' });
    await button.waitFor();
    const start = performance.now();
    await button.click();
    await page.getByRole('heading', { name: 'Scoring Complete!' }).waitFor({ timeout: 300_000 });
    const score = await page.getByRole('img', { name: /FitScore \d+/ }).getAttribute('aria-label');
    record(`'Calculate My FitScore' to 'Scoring Complete!', ${kind}`, round((performance.now() - start) / 1000, 2), 's', `${path.split('/').pop()}, ${score}`);
    scoredToken ??= t;
    await ctx.close();
  }
  await browser.close();

  // 5. The dashboard's API calls for a scored founder, measured from a client.
  if (scoredToken) {
    const calls = ['/founder/progress/', '/founder/score/', '/founder/metrics/', '/founder/profile/', '/founder/score/rubric/'];
    const times = [];
    for (let i = 0; i < 40; i += 1) {
      const t = performance.now();
      await Promise.all(calls.map((c) => json('GET', c, scoredToken)));
      times.push(performance.now() - t);
    }
    record('dashboard API (its 5 calls in parallel) p95', round(pct(times, 95)), 'ms', `p50 ${round(pct(times, 50))} ms, 40 loads`);
  }
} finally {
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nSummary');
for (const r of results) console.log(`${r.name}\t${r.value} ${r.unit}`);

/** A PNG with stored (uncompressed) deflate blocks: incompressible noise stays its size. */
function rawPng(width, height, rgb) {
  const { deflateSync, crc32 } = zlibModule;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) rgb.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
