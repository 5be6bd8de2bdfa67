import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`FitScore server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

export interface FitScoreProcess {
  apiUrl: string;
  webUrl: string;
  dataDir: string;
  /** Stops the server; `keepData` keeps its folder for a restart or an operator's command. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * The real server (API + built web app) on free ports with a throw-away embedded database, started
 * the way `npm start` does; `env` adds configuration as an operator would (Stripe, for instance).
 */
export async function startFitScore(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<FitScoreProcess> {
  // WEB_DIST_DIR lets parallel runs test their own build without sharing apps/web/dist.
  const distDir = process.env.WEB_DIST_DIR ?? join(ROOT, 'apps/web/dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`The web app is not built in ${distDir}: run \`npm run build\` first (npm run test:e2e does).`);
  }
  const [apiPort, webPort] = [await freePort(), await freePort()];
  // An earlier process's folder (its embedded database) when given: a restart, as an operator does one.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'fitscore-e2e-'));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      WEB_PORT: String(webPort),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      PUBLIC_API_URL: apiUrl,
      PUBLIC_WEB_URL: webUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      LOG_PRETTY: 'false',
      // Journeys sign up many accounts from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Longer than the test's own fetch keep-alive (4 s), as a balancer's is: a busy test worker
      // must not reuse a socket the server has just closed ('fetch failed: other side closed').
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Migrating a fresh embedded database takes a while on a busy machine (journeys run beside it).
  await waitFor(`${apiUrl}/readyz`, child, 150_000);
  await waitFor(`${webUrl}/healthz`, child, 10_000);
  return {
    apiUrl,
    webUrl,
    dataDir,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
