import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { findUnstorableValues, refuseUnstorableValues } from './storable-input.ts';

describe('values no database column can hold', () => {
  it('finds NUL characters, lone surrogates, non-finite and subnormal numbers, with their path', () => {
    const found = findUnstorableValues({
      name: 'a\u0000b',
      tags: ['ok', '\ud800'],
      nested: { low: '\udc00x', tiny: 1e-320, huge: Infinity, nan: NaN },
      ['bad\u0000key']: 1,
    });
    expect(found.map((f) => f.path.join('.'))).toEqual([
      'name',
      'tags.1',
      'nested.low',
      'nested.tiny',
      'nested.huge',
      'nested.nan',
      'bad\u0000key',
    ]);
  });

  it('lets ordinary text and numbers through: emoji (surrogate pairs), 0, -0, the smallest normal double, large amounts', () => {
    expect(
      findUnstorableValues({
        a: 'Caf\u00e9 \ud83d\ude80',
        b: [0, -0, 2.2250738585072014e-308, -1e-300, 1e12],
        c: null,
        d: true,
      }),
    ).toEqual([]);
  });

  it('refuses them with an issue naming the field, keeping the schema and its types', () => {
    const schema = refuseUnstorableValues(z.object({ startup_name: z.string(), mrr: z.number().min(0).nullable() }));
    expect(schema.shape.mrr).toBeDefined();
    const result = schema.safeParse({ startup_name: 'a\u0000b', mrr: 1e-320 });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['startup_name', 'startup_name must not contain a NUL character'],
      ['mrr', 'mrr is too close to 0 to be stored (send 0)'],
    ]);
    expect(schema.parse({ startup_name: 'Acme', mrr: 0.5 })).toEqual({ startup_name: 'Acme', mrr: 0.5 });
  });

  it('defineEndpoint applies the check to every body', () => {
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/x/',
      access: 'public',
      summary: 'x',
      tags: [],
      body: z.object({ note: z.string() }),
      response: z.object({}),
    });
    expect(endpoint.body.safeParse({ note: '\ud800' }).success).toBe(false);
    expect(endpoint.body.safeParse({ note: 'fine' }).success).toBe(true);
  });
});
