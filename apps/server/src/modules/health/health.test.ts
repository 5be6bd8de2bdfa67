import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

describe('health, readiness and the API description', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('/healthz and /readyz answer while the database is reachable', async () => {
    expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.request('GET', '/readyz')).body).toEqual({ status: 'ready' });
  });

  it('/openapi.json describes the spec\'s paths from the same schemas that validate them', async () => {
    const { status, body } = await server.request('GET', '/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const signup = body.paths['/user/signup/'].post;
    const schema = signup.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password', 'type']));
    expect(schema.properties.password.minLength).toBe(6);
    expect(body.paths['/user/me/'].get.security).toEqual([{ token: [] }]);
    expect(body.components.securitySchemes.token).toMatchObject({ type: 'apiKey', name: 'Authorization' });
  });

  it('/docs serves a browsable page', async () => {
    const res = await server.request('GET', '/docs/');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('<html');
  });
});

describe('readiness without a database', () => {
  it('/readyz answers 503 when the database is gone', async () => {
    const server = await startTestServer();
    await server.database.handle.close();
    const res = await server.request('GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'Database unreachable', code: 'unavailable' });
    await server.close();
  });
});
