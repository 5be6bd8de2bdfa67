#!/usr/bin/env node
/**
 * `npm test`: first the lint (`npm run lint`) and the type checker (`npm run typecheck`), each an
 * error that fails the run; then every suite, in order — unit and server integration tests (Vitest, embedded
 * database), then the browser journeys (Playwright in the system Chromium against the
 * built app). Prints one closing line with the totals, and fails if anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { announceNode, childEnv, nodeTool, root } from './runtime.mjs';

announceNode();
const results = join(root, '.vitest-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function chromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

if (!chromium()) {
  console.error(
    '\nChromium not found: the browser tests drive the system Chromium.\n' +
      'Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.\n',
  );
  process.exit(1);
}

/** Runs a package's command-line script on this Node. */
function run(title, args, cwd = root, env = childEnv()) {
  console.log(`\n=== ${title} ===`);
  const res = spawnSync(process.execPath, args, { cwd, stdio: 'inherit', env });
  return res.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
/** Names of failed tests, repeated at the very end so a truncated log still shows them. */
const failures = [];

/** Collects the failed tests of a Vitest JSON report. */
function vitestFailures(report, suite) {
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failures.push(`${suite}: ${file.name.replace(root + '/', '')} › ${t.fullName}`);
    }
  }
}

/** Collects the failed tests of Playwright's JSON report (a file's suite, then its describe blocks). */
function playwrightFailures(suite, trail = []) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...trail, suite.title] : trail;
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'unexpected') failures.push(`e2e: ${spec.file} › ${[...here, spec.title].join(' › ')}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
}

// The dependency rules and the types are part of the contract, not advice: an error in either fails npm test.
const npmCli = process.env.npm_execpath;
const npmRun = (script) => (npmCli ? run(`npm run ${script}`, [npmCli, 'run', '-s', script]) : runCommand(`npm run ${script}`, 'npm', ['run', '-s', script]));
function runCommand(title, command, args) {
  console.log(`\n=== ${title} ===`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: childEnv() }).status ?? 1;
}
for (const script of ['lint', 'typecheck']) {
  if (npmRun(script) !== 0) {
    totals.failed++;
    failures.push(`${script}: npm run ${script} reported errors (see above)`);
  }
}

const unitStatus = run(
  'Unit and server integration tests (Vitest)',
  nodeTool('vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'unit.json')}`),
);
const unit = readJson(join(results, 'unit.json'));
if (unit) {
  totals.passed += unit.numPassedTests;
  totals.failed += unit.numFailedTests;
  totals.skipped += unit.numPendingTests + unit.numTodoTests;
  vitestFailures(unit, 'vitest');
}
if (unitStatus !== 0 && (!unit || unit.numFailedTests === 0)) broken = true;

// With TEST_POSTGRES_URL (CI sets it), the server suite runs again against that PostgreSQL
// server, each test file in a fresh database created and dropped by the harness.
if (process.env.TEST_POSTGRES_URL) {
  const status = run(
    'Server integration tests against PostgreSQL',
    nodeTool('vitest/vitest.mjs', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${join(results, 'server-postgres.json')}`),
    root,
    childEnv({ TEST_DATABASE_URL: process.env.TEST_POSTGRES_URL }),
  );
  const pgRun = readJson(join(results, 'server-postgres.json'));
  if (pgRun) {
    totals.passed += pgRun.numPassedTests;
    totals.failed += pgRun.numFailedTests;
    totals.skipped += pgRun.numPendingTests + pgRun.numTodoTests;
    vitestFailures(pgRun, 'server on PostgreSQL');
  }
  if (status !== 0 && (!pgRun || pgRun.numFailedTests === 0)) broken = true;
}

// The cluster (scripts/cluster/test.mjs): nginx, 2 API and 2 worker hosts in network namespaces on
// this machine's PostgreSQL, under load while hosts are killed and restarted; each check counts as a test.
{
  const report = join(results, 'cluster.json');
  const status = run('Cluster test (npm run test:cluster)', ['scripts/cluster/test.mjs', '--json', report]);
  const cluster = readJson(report);
  for (const check of cluster?.checks ?? []) {
    if (check.ok) totals.passed++;
    else {
      totals.failed++;
      failures.push(`cluster: ${check.name} (${check.detail})`);
    }
  }
  if (cluster?.skipped) totals.skipped++;
  if (status !== 0 && !cluster?.checks?.some((c) => !c.ok)) broken = true;
}

const buildStatus = run('Build the web app', nodeTool('vite/bin/vite.js', 'build', 'apps/web', '--logLevel', 'warn'));
if (buildStatus !== 0) {
  broken = true;
} else {
  const e2eStatus = run('Browser journeys (Playwright, Chromium)', nodeTool('@playwright/test/cli.js', 'test'), join(root, 'e2e'));
  const e2e = readJson(join(results, 'e2e.json'));
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    for (const suite of e2e.suites ?? []) playwrightFailures(suite);
  }
  if (e2eStatus !== 0 && (!e2e || e2e.stats.unexpected === 0)) broken = true;
}

if (broken) console.error('\nA suite could not run to completion (see above).');
if (failures.length > 0) console.error(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
