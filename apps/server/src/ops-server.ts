import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Readiness } from './modules/health/health.module.ts';

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The operators' port (METRICS_PORT): /metrics, /healthz and /readyz, without a token, for a
 * scraper and a balancer on the private network. A worker host, which serves no API, answers
 * here only (ADR 0045).
 */
export async function startOpsServer(options: { host: string; port: number; registry: Registry; readiness: Readiness }): Promise<OpsServer> {
  const { registry, readiness } = options;
  const json = (status: number, body: unknown) => ({ status, type: 'application/json; charset=utf-8', text: JSON.stringify(body) });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const answer = async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: 'Only GET', code: 'bad_request' });
      if (path === '/metrics') return { status: 200, type: registry.contentType, text: await registry.metrics() };
      if (path === '/healthz') return json(200, { status: 'ok' });
      if (path === '/readyz') {
        const check = await readiness();
        return check.ready ? json(200, { status: 'ready' }) : json(503, { error: check.reason, code: 'unavailable' });
      }
      return json(404, { error: `No such endpoint: ${req.method} ${path}`, code: 'not_found' });
    };
    answer().then(
      ({ status, type, text }) => res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"metrics failed","code":"internal"}'),
    );
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
