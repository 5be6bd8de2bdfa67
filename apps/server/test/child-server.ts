import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { httpClient, type HttpRequest } from './test-server.ts';
import { pollUntil } from './poll-until.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on right now (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface ChildServer {
  url: string;
  smtpPort: number;
  process: ChildProcess;
  request: HttpRequest;
  /** The server process's resident memory now, in MB (from /proc). */
  rssMb(): number;
  close(): Promise<void>;
}

/**
 * The server as an operator runs it (`node src/server.ts`), in its own process with an embedded
 * database in a fresh data folder: for what a test measures of the process itself (its memory).
 */
export async function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-child-'));
  const [port, smtpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      SMTP_ENABLED: 'true',
      SMTP_PORT: String(smtpPort),
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      return (await fetch(`${url}/readyz`).catch(() => null))?.ok === true;
    },
    { timeoutMs: 120_000, what: 'the child server to be ready' },
  );
  return {
    url,
    smtpPort,
    process: child,
    request: httpClient(url),
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    async close() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The peak of `sample()` while `work` runs, sampled every 20 ms. */
export async function peakDuring<T>(sample: () => number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = sample();
  const timer = setInterval(() => (peak = Math.max(peak, sample())), 20);
  try {
    const result = await work();
    peak = Math.max(peak, sample());
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
