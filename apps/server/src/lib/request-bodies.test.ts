/**
 * Property-style check of every JSON request body in contracts: for each endpoint descriptor with a
 * body, every string and number field (found by walking the body schema) is sent over HTTP with
 * values no database column can hold — a NUL character, a lone UTF-16 surrogate, a subnormal number,
 * a number JSON turns into Infinity — with every other field valid. The answer must be a 4xx naming
 * the field, never a 5xx. New endpoints are picked up from the contracts package as they are added.
 */
import * as contracts from '@fitscore/contracts';
import { DEFAULT_APPLICANT_REPLY_TEMPLATES, type Endpoint } from '@fitscore/contracts';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makePdfDeck, validProfile } from '../../test/decks.ts';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../test/test-server.ts';

type Json = Record<string, any>;
type Path = (string | number)[];

const endpoints = (Object.values(contracts) as unknown[])
  .filter((group): group is Record<string, Endpoint> => {
    if (!group || typeof group !== 'object' || Array.isArray(group)) return false;
    const members = Object.values(group);
    return (
      members.length > 0 &&
      members.every((e) => e && typeof e === 'object' && 'method' in e && 'path' in e && 'response' in e)
    );
  })
  .flatMap((group) => Object.values(group))
  .filter((e) => e.body && !e.upload);

/** Bodies the generator below cannot guess (cross-field rules); everything else is generated from the schema. */
const EXAMPLES: Record<string, () => Json> = {
  'POST /founder/profile/': () => validProfile(),
  'POST /founder/raise/': () => ({
    last_round: 'Seed',
    amount: 2_000_000,
    currency: 'USD',
    investors: ['Acme Ventures'],
    raised_at: '2025-03-01',
    consent: true,
  }),
  'PUT /vc/applicant-emails/': () => ({ ...DEFAULT_APPLICANT_REPLY_TEMPLATES }),
  // Scopes each once, and an expiry (optional) in the future.
  'POST /api/vc/api-keys': () => ({ name: 'Warehouse', scopes: ['deals:read'] }),
  'PUT /api/vc/sso': () => ({ issuerUrl: 'https://login.example.com', clientId: 'fitscore', clientSecret: 'secret', domains: ['example.com'], requireSso: false }),
  // A hex colour and a plain host name.
  'PUT /api/vc/branding': () => ({ displayName: 'Beacon Partners', primaryColor: '#0f766e', hidePoweredBy: false, customHost: 'apply.beacon.vc' }),
  // A selection by filters (its text fields walked) and an action with a text field.
  'POST /api/vc/deals/bulk': () => ({ selection: { filters: { q: 'robot', sector: ['Fintech'] }, except: [] }, action: { kind: 'tag', tag: 'Q3 review' } }),
  'POST /api/vc/deals/bulk/export.csv': () => ({ selection: { filters: { q: 'robot' }, except: [] } }),
  'PUT /vc/settings/scoring-preferences/': () => ({
    traction: 30,
    product: 20,
    business_model: 15,
    financials: 15,
    go_to_market: 10,
    risks: 10,
  }),
  // A date and time with its offset; an edit changes at least one field.
  'POST /api/vc/deals/:id/follow-ups': () => ({ dueAt: '2026-12-01T09:00:00.000Z', note: 'Call the founder', assigneeId: null }),
  'PATCH /api/vc/follow-ups/:id': () => ({ dueAt: '2026-12-01T09:00:00.000Z', note: 'Call the founder' }),
  // A time zone by its IANA name.
  'PUT /api/vc/follow-ups/digest': () => ({ frequency: 'daily', timeZone: 'America/New_York' }),
};

/**
 * Public endpoints that act for a session of their own, checked before the body is read: how to
 * reach the body check (the path and headers of a real session).
 */
const CALLERS: Record<string, () => Promise<{ path: string; headers: Record<string, string> }>> = {
  // A deck link's reader: a founder's link to their deck, opened.
  'POST /public/deck-links/:token/beacons/': async () => {
    const founder = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token: founder.token, body: validProfile() });
    await server.request('POST', '/founder/deck/upload/', { token: founder.token, raw: fileForm(await makePdfDeck([['Page one']]), 'deck.pdf') });
    const { link } = (await server.request('POST', '/founder/deck-links/', { token: founder.token, body: {} })).body;
    const token = String(link.url).split('/d/')[1]!;
    const { session } = (await server.request('POST', `/public/deck-links/${token}/sessions/`, { body: {} })).body;
    return { path: `/public/deck-links/${token}/beacons/`, headers: { [contracts.DECK_VIEWER_HEADER]: session } };
  },
};

/** A valid value for a JSON Schema (the input side of a zod schema), named by its field. */
function generate(schema: Json, name: string): unknown {
  if (schema.anyOf) return generate(schema.anyOf.find((s: Json) => s.type !== 'null') ?? schema.anyOf[0], name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string': {
      if (/email/i.test(name)) return uniqueEmail('probe');
      if (/url|website|linkedin/i.test(name)) return 'https://example.com';
      if (schema.pattern === '^\\d{6}$') return '123456';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const text = 'Sample text value'.padEnd(schema.minLength ?? 0, 'x');
      return text.slice(0, schema.maxLength ?? text.length);
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.ceil(low), schema.maximum ?? Infinity);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => generate(schema.items ?? {}, name));
    case 'object':
      return Object.fromEntries(
        Object.entries<Json>(schema.properties ?? {}).map(([key, s]) => [key, generate(s, key)]),
      );
    default:
      return null;
  }
}

/** Every string and number field of a schema, arrays through their first item. */
function leaves(schema: Json, path: Path = []): { path: Path; kind: 'string' | 'number' }[] {
  if (schema.anyOf) return schema.anyOf.flatMap((s: Json) => leaves(s, path));
  if (schema.type === 'string' || (schema.enum && schema.enum.every((v: unknown) => typeof v === 'string')))
    return [{ path, kind: 'string' }];
  if (schema.type === 'number' || schema.type === 'integer') return [{ path, kind: 'number' }];
  if (schema.type === 'array' && schema.items) return leaves(schema.items, [...path, 0]);
  if (schema.type === 'object')
    return Object.entries<Json>(schema.properties ?? {}).flatMap(([key, s]) => leaves(s, [...path, key]));
  return [];
}

/** The body with the field at `path` set to `value` (intermediate items generated from the schema). */
function withValue(base: Json, schema: Json, path: Path, value: unknown): Json {
  const body = structuredClone(base);
  let node: any = body;
  let nodeSchema = schema;
  path.forEach((key, i) => {
    // A union (anyOf, or oneOf for a discriminated one): the variant that has this key.
    const variants = ((nodeSchema.anyOf ?? nodeSchema.oneOf) as Json[] | undefined)?.filter((s) => s.type !== 'null');
    const nested = (variants?.find((s) => (typeof key === 'number' ? s.items : s.properties?.[key])) ?? variants?.[0] ?? nodeSchema) as Json;
    nodeSchema = (typeof key === 'number' ? nested.items : nested.properties?.[key]) ?? {};
    if (i === path.length - 1) node[key] = value;
    else {
      node[key] ??= generate(nodeSchema, String(key));
      if (Array.isArray(node[key]) && node[key].length === 0)
        node[key].push(generate(nodeSchema.items ?? {}, String(key)));
      node = node[key];
    }
  });
  return body;
}

/** JSON.stringify cannot write Infinity; the server's JSON parser turns 1e999 into it. */
const INFINITY = '__INFINITY__';
const BAD = {
  string: [
    { label: 'a NUL character', value: 'a\u0000b' },
    { label: 'a lone surrogate', value: '\ud800' },
  ],
  number: [
    { label: 'a subnormal number', value: 1e-320 },
    { label: 'a number JSON reads as Infinity', value: INFINITY },
  ],
};

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
  tokens.founder = (await signUp(server, 'founder')).token;
  tokens.vc = (await signUp(server, 'vc')).token;
  tokens.user = tokens.founder;
  // Authentication comes before validation (issue 28): a fund's routes are called by an investor.
  tokens['fund:member'] = tokens.vc;
  tokens['fund:admin'] = tokens.vc;
});
afterAll(() => server.close());

const cases = endpoints.map((endpoint) => {
  const name = `${endpoint.method} ${endpoint.path}`;
  const schema = z.toJSONSchema(endpoint.body!, { io: 'input', unrepresentable: 'any' }) as Json;
  const base = (EXAMPLES[name]?.() ?? generate(schema, '')) as Json;
  return { name, endpoint, schema, base };
});

describe('every JSON request body refuses values that cannot be stored', () => {
  it('finds the endpoints with a body, and a valid body for each', () => {
    expect(cases.length).toBeGreaterThanOrEqual(16);
    for (const { name, endpoint, base } of cases) {
      expect(endpoint.body!.safeParse(base).error?.issues, name).toBeUndefined();
    }
  });

  it.each(cases)('$name: 4xx naming the field, never 5xx', async ({ endpoint, schema, base }) => {
    // Each path parameter gets a valid value (an enum's first), so the body is what is checked.
    const params = endpoint.params ? (z.toJSONSchema(endpoint.params, { io: 'input', unrepresentable: 'any' }) as Json) : undefined;
    const caller = await CALLERS[`${endpoint.method} ${endpoint.path}`]?.();
    const path =
      caller?.path ??
      endpoint.path.replace(/:(\w+)/g, (_, name: string) => params?.properties?.[name]?.enum?.[0] ?? '00000000-0000-4000-8000-000000000000');
    const token = endpoint.access === 'public' ? undefined : tokens[endpoint.access];
    const failures: string[] = [];
    for (const leaf of leaves(schema)) {
      for (const bad of BAD[leaf.kind]) {
        const body = withValue(base, schema, leaf.path, bad.value);
        const raw = JSON.stringify(body).replace(`"${INFINITY}"`, '1e999');
        const res = await server.request(endpoint.method, path, {
          raw,
          headers: { 'content-type': 'application/json', ...caller?.headers },
          ...(token ? { token } : {}),
        });
        const field = leaf.path.join('.');
        const named = (res.body?.details ?? []).some((d: { path: string }) => d.path === field);
        if (res.status >= 500 || res.status < 400 || !named) {
          failures.push(`${field} with ${bad.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
