import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpsServer, type OpsServer } from '../../ops-server.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

/** GET /metrics (ADR 0045): behind a token on the API port, and on the operators' port with health and readiness. */
describe('metrics', () => {
  const token = 'metrics-token-0123456789';
  let server: TestServer;
  let ops: OpsServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token });
    ops = await startOpsServer({ host: '127.0.0.1', port: 0, registry: server.app.ops.registry, readiness: server.app.ops.readiness });
  });
  afterAll(async () => {
    await ops.close();
    await server.close();
  });

  it('answers only a scraper with the token on the API port', async () => {
    expect((await server.request('GET', '/metrics')).status).toBe(401);
    expect((await server.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    const res = await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route and status, errors, the pool, the queue and the intake', async () => {
    const vc = await signUp(server, 'vc');
    await server.request('GET', '/user/me/', { token: vc.token });
    await server.request('GET', '/user/me/');
    const text = await (await fetch(`http://127.0.0.1:${ops.port}/metrics`)).text();
    expect(text).toMatch(/^fitscore_http_request_duration_seconds_count\{method="GET",route="\/user\/me\/",status_code="200"\} [1-9]/m);
    expect(text).toMatch(/^fitscore_http_errors_total\{method="GET",route="\/user\/me\/",status_code="401"\} [1-9]/m);
    expect(text).toMatch(/^fitscore_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/user\/signup\/",status_code="201"\}/m);
    for (const name of ['fitscore_db_pool_connections', 'fitscore_job_queue_depth', 'fitscore_job_duration_seconds', 'fitscore_scoring_duration_seconds', 'fitscore_intake_items', 'fitscore_event_stream_clients', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/^fitscore_job_queue_depth\{queue="score-deck",state="queued"\} 0$/m);
  });

  it('serves health and readiness beside the metrics, and readiness fails while draining', async () => {
    expect(await (await fetch(`http://127.0.0.1:${ops.port}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`http://127.0.0.1:${ops.port}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ops.port}/nope`)).status).toBe(404);
  });
});

describe('draining for a balancer (ADR 0044)', () => {
  it('after drain(): /readyz answers 503 on both ports, requests are still served and each closes its connection', async () => {
    const server = await startTestServer();
    const ops = await startOpsServer({ host: '127.0.0.1', port: 0, registry: server.app.ops.registry, readiness: server.app.ops.readiness });
    try {
      const before = await server.request('GET', '/healthz');
      expect(before.headers.get('connection')).not.toBe('close');
      server.app.lifecycle.drain();
      const ready = await server.request('GET', '/readyz');
      expect([ready.status, ready.body]).toEqual([503, { error: 'Shutting down', code: 'unavailable' }]);
      expect((await fetch(`http://127.0.0.1:${ops.port}/readyz`)).status).toBe(503);
      const served = await server.request('GET', '/healthz');
      expect(served.status).toBe(200);
      expect(served.headers.get('connection')).toBe('close');
    } finally {
      await ops.close();
      await server.close();
    }
  });

  it('closing the server tells each open event stream when to reconnect, then ends it', async () => {
    const server = await startTestServer({ EVENTS_RETRY_MS: '1500' });
    const vc = await signUp(server, 'vc');
    const ticket = (await server.request('POST', '/events/ticket/', { token: vc.token })).body.ticket as string;
    const res = await fetch(`${server.url}/events/?ticket=${encodeURIComponent(ticket)}`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value, { stream: true });
    const closing = server.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await closing;
    expect(text).toMatch(/\nretry: 1500\n\n$/);
  });
});
