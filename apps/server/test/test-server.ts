import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

export type RawBody = string | Uint8Array | FormData | Blob;

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  request<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: RawBody },
  ): Promise<HttpResult<T>>;
  close(): Promise<void>;
}

export type ConfigEnv = Record<string, string>;

/**
 * The real server on a free port with its own database and data folder. Tests talk to it
 * over HTTP exactly as the web app does. `env` sets configuration the way an operator would.
 */
export async function startTestServer(
  env: ConfigEnv = {},
  extend?: (app: FastifyInstance) => void,
  /** Another server's database: a second process on the same data (restarts, several workers). */
  shared?: TestDatabase,
  /** Injection points of `buildApp` (a clock, for instance). */
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestServer> {
  const database = shared ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    SERVE_WEB: 'false',
    // Suites create many accounts from one address; the rate-limit tests set their own limits.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Longer than the test client's own keep-alive (undici closes an idle socket after 4 s): a
    // client busy for seconds (making a 512 MB bomb) must not reuse a socket the server has
    // just closed ("other side closed"), as it can when both time out near 5 s.
    KEEP_ALIVE_TIMEOUT_MS: '65000',
    ...env,
  });
  const app = await buildApp(config, { ...options, database: database.handle });
  extend?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    app,
    config,
    database,
    request: httpClient(url),
    async close() {
      await app.close();
      if (!shared) await database.dispose();
    },
  };
}

export type HttpRequest = TestServer['request'];

/** Requests to a server at `url` as the web app sends them (JSON in and out, `Token` auth). */
export function httpClient(url: string): HttpRequest {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Token ${options.token}`;
    let body: RawBody | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(url + path, { method, headers, body: body ?? null });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as any, headers: res.headers };
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function signUp(server: Pick<TestServer, 'request'>, type: 'founder' | 'vc', extra: { email?: string; password?: string; name?: string } = {}) {
  const email = extra.email ?? uniqueEmail(type);
  const password = extra.password ?? 'secret-pass-1';
  const res = await server.request('POST', '/user/signup/', {
    body: { email, password, type, name: extra.name ?? `Test ${type}` },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, token: res.body.token as string, user: res.body.user as { id: string; email: string; type: string } };
}
