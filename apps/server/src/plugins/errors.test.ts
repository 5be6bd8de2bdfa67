import { defineEndpoint, OkSchema } from '@fitscore/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/test-server.ts';
import { registerEndpoint } from '../lib/endpoint-route.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BODY_LIMIT_BYTES: '2048' }, (app) => {
    app.get('/test/boom', async () => {
      throw new Error('database password is hunter2');
    });
    registerEndpoint(
      app,
      defineEndpoint({ method: 'GET', path: '/test/vc-only/', access: 'vc', summary: 't', tags: [], response: OkSchema }),
      () => ({ ok: true as const }),
    );
  });
});
afterAll(() => server.close());

describe('bad input never reaches a 500', () => {
  it('malformed JSON is a 400 with an error text', async () => {
    const res = await server.request('POST', '/user/login/', {
      raw: '{"email": "a@b.co",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.', code: 'malformed_json' });
  });

  it('a body that is not an object is a 400 saying so', async () => {
    const res = await server.request('POST', '/user/login/', { body: [1, 2, 3] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body must be a JSON object.');
  });

  it('an oversized body is a 413', async () => {
    const res = await server.request('POST', '/user/signup/', {
      body: { email: 'a@b.co', password: 'x'.repeat(5000), type: 'founder' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'The request body is too large.', code: 'payload_too_large' });
  });

  it('an unsupported content type is a 415', async () => {
    const res = await server.request('POST', '/user/login/', { raw: 'email=a', headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
  });

  it('an unknown route is a JSON 404', async () => {
    const res = await server.request('GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'No such endpoint: GET /no/such/thing', code: 'not_found' });
  });

  it('paths keep the spec\'s trailing slash', async () => {
    const res = await server.request('POST', '/user/login', { body: {} });
    expect(res.status).toBe(404);
  });

  it('an unexpected failure is a 500 with a generic message and the request id, never internals', async () => {
    const res = await server.request('GET', '/test/boom', { headers: { 'x-request-id': 'req-abc-123' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: 'Something went wrong on our side. Please try again.',
      code: 'internal',
      requestId: 'req-abc-123',
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(res.headers.get('x-request-id')).toBe('req-abc-123');
  });
});

describe('the guard', () => {
  it('401 without a session, 403 for the wrong role, 200 for the right one', async () => {
    expect((await server.request('GET', '/test/vc-only/')).status).toBe(401);
    const founder = await signUp(server, 'founder');
    const forbidden = await server.request('GET', '/test/vc-only/', { token: founder.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'This is only available to investors.', code: 'forbidden' });
    const vc = await signUp(server, 'vc');
    expect((await server.request('GET', '/test/vc-only/', { token: vc.token })).status).toBe(200);
  });
});
