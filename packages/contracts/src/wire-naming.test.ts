import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index.ts';

/**
 * One naming style per response body: a body is snake_case (the founder calls the spec names
 * so) or camelCase (bodies carrying the engine's analysis, the VC calls), never both.
 */
type Schema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

function collectKeys(schema: Schema | undefined, out: Set<string>, seen = new Set<unknown>()): Set<string> {
  if (!schema || seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._zod?.def as Record<string, any> | undefined;
  if (!def) return out;
  const walk = (s: unknown) => collectKeys(s as Schema, out, seen);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        out.add(key);
        walk(value);
      }
      break;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
    case 'prefault':
      walk(def.innerType);
      break;
    case 'array':
      walk(def.element);
      break;
    case 'union':
      (def.options as unknown[]).forEach(walk);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'record':
      walk(def.valueType);
      break;
    case 'pipe':
      walk(def.in);
      walk(def.out);
      break;
    case 'lazy':
      walk(def.getter());
      break;
    case 'tuple':
      (def.items as unknown[]).forEach(walk);
      break;
  }
  return out;
}

const isSnake = (key: string) => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(key);
const isCamel = (key: string) => /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(key);

export function namingStyles(schema: unknown): { snake: string[]; camel: string[] } {
  const keys = [...collectKeys(schema as Schema, new Set())];
  return { snake: keys.filter(isSnake), camel: keys.filter(isCamel) };
}

const responses = Object.entries(contracts)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([, group]) =>
    Object.values(group as Record<string, { method: string; path: string; response?: unknown }>)
      .filter((endpoint) => endpoint.response)
      .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.response] as const),
  );

describe('response bodies', () => {
  it('are found (the check is not vacuous)', () => {
    expect(responses.length).toBeGreaterThan(40);
  });

  it('refuses a body that mixes snake_case and camelCase keys', async () => {
    const { z } = await import('zod');
    const mixed = z.object({ created_at: z.string(), inner: z.object({ engineVersion: z.string() }).nullable() });
    expect(namingStyles(mixed)).toEqual({ snake: ['created_at'], camel: ['engineVersion'] });
  });

  it.each(responses)('%s uses one naming style', (_name, schema) => {
    const { snake, camel } = namingStyles(schema);
    expect(snake.length === 0 || camel.length === 0, `snake: ${snake.join(', ')} / camel: ${camel.join(', ')}`).toBe(true);
  });
});
