import * as contracts from '@fitscore/contracts';
import { needsSession, type Endpoint } from '@fitscore/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/test-server.ts';

/** Every endpoint descriptor the contracts package exports. */
function contractEndpoints(): Endpoint[] {
  const found: Endpoint[] = [];
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    const e = value as Partial<Endpoint>;
    if (typeof e.method === 'string' && typeof e.path === 'string' && typeof e.access === 'string' && e.response) {
      found.push(e as Endpoint);
      return;
    }
    for (const child of Object.values(value)) visit(child, depth + 1);
  };
  for (const value of Object.values(contracts)) visit(value, 0);
  const seen = new Set<string>();
  return found.filter((e) => {
    const key = `${e.method} ${e.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean }[];
}

/** Every route opened with a signed ticket in its query instead of a session (EventSource, download links). */
function ticketRoutes(app: TestServer['app']): string[] {
  const { paths } = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) =>
        operation.parameters?.some((p) => p.in === 'query' && p.name === 'ticket' && p.required),
      )
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

/** A path with every parameter filled with something no schema accepts. */
const garbagePath = (path: string) => path.replace(/:[A-Za-z_]+/g, '%00not-an-id');
const GARBAGE_BODY = '{"id": [1, 2, {"x": ';

describe('authentication and role are checked before params, query or body', () => {
  let server: TestServer;
  let founder: string;
  let vc: string;
  let routes: Endpoint[];

  beforeAll(async () => {
    server = await startTestServer();
    founder = (await signUp(server, 'founder')).token;
    vc = (await signUp(server, 'vc')).token;
    routes = contractEndpoints().filter(
      (e) => needsSession(e.access) && server.app.hasRoute({ method: e.method, url: e.path }),
    );
  });
  afterAll(() => server.close());

  const call = (e: Endpoint, token?: string) =>
    server.request(e.method, garbagePath(e.path) + '?limit=%00&status=nonsense', {
      ...(token ? { token } : {}),
      ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { raw: GARBAGE_BODY, headers: { 'content-type': 'application/json' } }),
    });

  it('covers every authenticated route the server registered', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('answers 401 to every authenticated route called without a token or with a bad one', async () => {
    const wrong: string[] = [];
    for (const e of routes) {
      for (const token of [undefined, 'not-a-real-token']) {
        const res = await call(e, token);
        if (res.status !== 401) wrong.push(`${e.method} ${e.path} (${token ? 'bad token' : 'no token'}): ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 403 to every route called with the other role's token", async () => {
    const wrong: string[] = [];
    for (const e of routes) {
      const token = e.access === 'founder' ? vc : e.access === 'user' ? null : founder;
      if (!token) continue;
      const res = await call(e, token);
      if (res.status !== 403) wrong.push(`${e.method} ${e.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to every ticket route called without a ticket or with a bad one, before its query is read', async () => {
    const routes = ticketRoutes(server.app);
    expect(routes).toContain('GET /events/');
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      for (const query of ['?lastEventId=%00', '?ticket=not-a-ticket&lastEventId=%00']) {
        const res = await server.request(method, path + query);
        if (res.status !== 401) wrong.push(`${route}${query}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404, never 400, to an id that names no deal', async () => {
    for (const path of ['/api/vc/deals/1/status', '/api/vc/deals/1/mark-reviewed']) {
      const res = await server.request('POST', path, { token: vc, body: { status: 'rejected' } });
      expect(res.status, path).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const unknown = await server.request('POST', '/api/vc/deals/00000000-0000-4000-8000-000000000000/mark-reviewed', { token: vc });
    expect(unknown.status).toBe(404);
  });
});
