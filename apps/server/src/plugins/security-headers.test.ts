import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { buildWebHost } from '../web-host.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

describe('security headers', () => {
  it.each([
    ['an answer', '/health/'],
    ['a refusal', '/api/vc/deals'],
    ['an unknown path', '/no-such-path'],
  ])('the API sends them on %s', async (_what, path) => {
    const res = await server.request('GET', path);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // The web app is on another origin: its pages may load the API's images (the deck viewer).
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('the web host sends its page policy: scripts from itself, calls only to the API', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'fitscore-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>FitScore</title>');
    const web = await buildWebHost(loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: dist, PUBLIC_API_URL: 'https://api.example.com' }));
    try {
      for (const path of ['/', '/vc/pipeline']) {
        const res = await web!.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(200);
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("connect-src 'self' https://api.example.com");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await web!.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
