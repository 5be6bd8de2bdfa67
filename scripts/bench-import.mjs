#!/usr/bin/env node
/**
 * `npm run bench:import [-- --rows 10000] [-- --pg postgres://host/db]`: the CSV import of a fund's
 * deal flow (issue 31 point 5; target: 10,000 rows in under a minute). Starts the real API server
 * (embedded PGlite in a temporary DATA_DIR, or a fresh database on the PostgreSQL server given with
 * --pg, dropped afterwards) with its job workers, makes a fund with a second member, generates a
 * messy export (the tests' generator: BOM, blank lines, quoted commas and line breaks, dates in
 * several formats, owners who are and are not members, unknown stages, empty names, repeats), then
 * over HTTP: upload, preview, start, and polls until the import is done. Prints the time of each
 * step, the import's time (start → done) and rows per second. A measurement, not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { messyDealsCsv } from '../apps/server/test/messy-deals-csv.ts';
import { scratchDatabase } from './lib/scratch-database.mjs';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROWS = Number(arg('--rows') ?? 10_000);
const pgServer = arg('--pg');

const scratch = pgServer ? await scratchDatabase(pgServer, 'fitscore_bench_import') : null;
const databaseUrl = scratch?.url;
const dropDatabase = async () => scratch?.drop();

const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-bench-import-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  SERVE_WEB: 'false',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  JOB_POLL_MS: '200',
  APP_SECRET: 'bench-import-secret-bench-import-secret',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${app.server.address().port}`;

async function call(method, path, { token, body, form } = {}) {
  const headers = token ? { authorization: `Token ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await res.text();
  const parsed = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return parsed;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
try {
  const stamp = Date.now().toString(36);
  const signup = (name) => call('POST', '/user/signup/', { body: { email: `${name}-${stamp}@example.com`, password: 'secret-pass-1', type: 'vc', name } });
  const owner = await signup('bench-owner');
  await call('POST', '/vc/profile/step1/', {
    token: owner.token,
    body: { fund_name: 'Bench Fund', website: '', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null },
  });
  const { stages } = await call('GET', '/api/vc/stages', { token: owner.token });
  const messy = messyDealsCsv({ rows: ROWS, memberEmails: [owner.user.email], stageNames: stages.map((s) => s.name) });
  const bytes = Buffer.byteLength(messy.csv);
  console.log(`bench:import: ${ROWS.toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);

  let t = performance.now();
  const form = new FormData();
  form.append('file', new Blob([messy.csv], { type: 'text/csv' }), 'bench.csv');
  const imp = await call('POST', '/api/vc/deal-imports', { token: owner.token, form });
  console.log(`  upload (read, counted, stored):  ${seconds(performance.now() - t)}`);

  t = performance.now();
  await call('POST', `/api/vc/deal-imports/${imp.id}/preview`, { token: owner.token, body: { mapping: imp.mapping } });
  console.log(`  preview:                         ${seconds(performance.now() - t)}`);

  const started = performance.now();
  await call('POST', `/api/vc/deal-imports/${imp.id}/start`, { token: owner.token, body: { mapping: imp.mapping } });
  let done;
  for (;;) {
    done = await call('GET', `/api/vc/deal-imports/${imp.id}`, { token: owner.token });
    if (done.status === 'done' || done.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const took = performance.now() - started;
  console.log(`  import (start → done):           ${seconds(took)}  (${Math.round(ROWS / (took / 1000))} rows/s)`);
  console.log(`  outcome: ${done.status}; imported ${done.imported}, merged ${done.merged}, refused ${done.refused} (expected ${messy.expected.imported}/${messy.expected.merged}/${messy.expected.refused})`);
  const per10k = (took * 10_000) / ROWS;
  console.log(`  target < 60 s for 10,000 rows: ${seconds(per10k)} per 10,000 rows, ${per10k < 60_000 ? 'met' : 'NOT met'}`);
  if (done.status !== 'done') process.exitCode = 1;
} finally {
  await app.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
